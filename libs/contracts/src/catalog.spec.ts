import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import {
  CreateEpisodeRequest,
  findLanguage,
  formatDuration,
  GENRES,
  genreForGroup,
  genreSlug,
  imageUrl,
  LANGUAGES,
  normaliseDuration,
  parseDuration,
  parseList,
  toImageRef,
  UpdateEpisodeRequest,
  UpdateMovieRequest,
} from './catalog';

describe('the fixed lists of SPEC §5', () => {
  it('has the eight languages and fourteen genres', () => {
    expect(LANGUAGES).toHaveLength(8);
    expect(GENRES).toHaveLength(14);
    expect(findLanguage(' telugu ')).toBe('Telugu');
    expect(findLanguage('Klingon')).toBeUndefined();
  });

  it('finds the genre a view-all group names, in any spelling', () => {
    expect(genreSlug('South Favourites')).toBe('south-favourites');
    expect(genreForGroup('trending')).toBe('Trending');
    expect(genreForGroup('South%20Favourites'.replace('%20', ' '))).toBe('South Favourites');
    expect(genreForGroup('SCI-FI')).toBe('Sci-Fi');
    expect(genreForGroup('westerns')).toBeUndefined();
  });
});

describe('parseList', () => {
  it('splits a comma-separated string into trimmed names without blanks or repeats', () => {
    expect(parseList(' Aamir Khan ,Sakshi Tanwar,, Aamir Khan ')).toEqual(['Aamir Khan', 'Sakshi Tanwar']);
  });

  it('splits repeated entries too, each on its commas', () => {
    expect(parseList(['A, B', ' C '])).toEqual(['A', 'B', 'C']);
  });

  it('leaves anything else for the validator to refuse', () => {
    expect(parseList(42)).toBe(42);
  });
});

describe('running times', () => {
  it.each([
    ['2hr 30min', '2hr 30min'],
    ['2 hours 30 minutes', '2hr 30min'],
    ['2h30m', '2hr 30min'],
    ['90min', '1hr 30min'],
    ['45 mins', '45min'],
    ['1hr', '1hr'],
    ['1:05:30', '1hr 5min 30sec'],
    ['25:10', '25min 10sec'],
    ['40 sec', '40sec'],
  ])('reads %s as %s', (text, canonical) => {
    expect(normaliseDuration(text)).toBe(canonical);
  });

  it.each(['', 'forever', '0min', '25:75', '2hr 30', '30 hours'])('refuses %j', (text) => {
    expect(parseDuration(text)).toBeUndefined();
  });

  it('writes parts the one way the product shows them', () => {
    expect(formatDuration({ hours: 2, minutes: 0, seconds: 0 })).toBe('2hr');
  });
});

describe('image references', () => {
  it('answers a stored key as the path media serves it under, and a URL as it is', () => {
    expect(imageUrl('images/3f0c.webp')).toBe('/api/media/images/images/3f0c.webp');
    expect(imageUrl('https://img.example.com/a.jpg')).toBe('https://img.example.com/a.jpg');
    expect(imageUrl(null)).toBeNull();
  });

  it('turns a path it answered back into the key', () => {
    expect(toImageRef('/api/media/images/images/3f0c.webp')).toBe('images/3f0c.webp');
  });
});

describe('update payloads', () => {
  const id = '0b7c0a52-8f0e-4d55-9a43-7c1b0e3b7a10';

  it('leave out empty and null fields and split the cast (SPEC §5)', () => {
    const update = plainToInstance(UpdateEpisodeRequest, {
      id,
      title: 'New',
      description: '  ',
      videoUrl: null,
      cast: ['A, B', ''],
      rating: 'u/a',
    });
    expect(validateSync(update, { whitelist: true, forbidNonWhitelisted: true })).toEqual([]);
    expect(update.title).toBe('New');
    expect(update.description).toBeUndefined();
    expect(update.videoUrl).toBeUndefined();
    expect(update.cast).toEqual(['A', 'B']);
    expect(update.rating).toBe('U/A');
  });

  it('read form values: a year and a free flag sent as text', () => {
    const update = plainToInstance(UpdateMovieRequest, { id, releaseYear: '2019', isFree: 'true' });
    expect(validateSync(update)).toEqual([]);
    expect(update.releaseYear).toBe(2019);
    expect(update.isFree).toBe(true);
  });

  it('name every missing required field of a new episode', () => {
    const errors = validateSync(plainToInstance(CreateEpisodeRequest, {}));
    expect(errors.map((e) => e.property).sort()).toEqual(
      ['bannerUrl', 'category', 'description', 'duration', 'rating', 'releaseDate', 'title'].sort(),
    );
    // A link is no longer required: an episode may carry an uploaded video instead (D23).
    expect(
      validateSync(plainToInstance(CreateEpisodeRequest, { videoUrl: 'not a link' })).map((e) => e.property),
    ).toContain('videoUrl');
  });
});
