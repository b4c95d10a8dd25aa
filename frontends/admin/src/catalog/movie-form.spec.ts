import {
  emptyMovieForm,
  movieFormData,
  movieFormFromMovie,
  movieServerErrors,
  validateMovieForm,
} from './movie-form';
import type { AdminMovie } from './types';

const NOW = new Date('2025-06-15T12:00:00Z');
const png = (name: string) => new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' });
const FILES = { thumbnail: png('t.png'), banner: png('b.png'), titleImage: png('ti.png') };

function filled() {
  return {
    ...emptyMovieForm(),
    title: 'Kaala Patthar',
    description: 'A miner’s story.',
    cast: 'Ravi Teja,  Sai Pallavi ',
    releaseYear: '2019',
    duration: '2hr 30min',
    genre: ['Action' as const, 'Drama' as const],
    movieUrl: 'https://cdn.example.in/kp.m3u8',
  };
}

describe('movie form (SPEC §2.13, §5)', () => {
  it('enforces every required field before sending, the pictures on upload only', () => {
    const errors = validateMovieForm(
      emptyMovieForm(),
      { thumbnail: null, banner: null, titleImage: null },
      'upload',
      NOW,
    );
    expect(Object.keys(errors).sort()).toEqual(
      [
        'banner',
        'cast',
        'description',
        'duration',
        'genre',
        'movieUrl',
        'releaseYear',
        'thumbnail',
        'title',
        'titleImage',
      ].sort(),
    );
    expect(
      validateMovieForm(filled(), { thumbnail: null, banner: null, titleImage: null }, 'edit', NOW),
    ).toEqual({});
    expect(validateMovieForm(filled(), FILES, 'upload', NOW)).toEqual({});
  });

  it('needs no movie link for a title that plays an uploaded video, but checks one that is given', () => {
    expect(validateMovieForm({ ...filled(), movieUrl: '' }, FILES, 'upload', NOW, true)).toEqual({});
    expect(validateMovieForm({ ...filled(), movieUrl: '' }, FILES, 'upload', NOW).movieUrl).toBe(
      'Movie link is required',
    );
    expect(validateMovieForm({ ...filled(), movieUrl: 'ftp://x' }, FILES, 'edit', NOW, true).movieUrl).toBe(
      'Invalid URL',
    );
  });

  it('takes release years from 1950 to this year only, and links that are web addresses', () => {
    for (const year of ['1949', '2026', '19x9'])
      expect(validateMovieForm({ ...filled(), releaseYear: year }, FILES, 'upload', NOW).releaseYear).toBe(
        'Release year must be from 1950 to 2025',
      );
    expect(validateMovieForm({ ...filled(), releaseYear: '1950' }, FILES, 'upload', NOW)).toEqual({});
    expect(validateMovieForm({ ...filled(), movieUrl: 'ftp://x' }, FILES, 'upload', NOW).movieUrl).toBe(
      'Invalid URL',
    );
    expect(
      validateMovieForm({ ...filled(), trailerUrl: 'not a link' }, FILES, 'upload', NOW).trailerUrl,
    ).toBe('Invalid URL');
    expect(validateMovieForm({ ...filled(), cast: ' , ' }, FILES, 'upload', NOW).cast).toBe(
      'Cast is required',
    );
  });

  it('sends SPEC §3 names: cast comma separated, genre repeated, isFree true/false, the three files (D30)', () => {
    const form = movieFormData({ ...filled(), isFree: true }, FILES);
    expect(form.get('title')).toBe('Kaala Patthar');
    expect(form.get('cast')).toBe('Ravi Teja,  Sai Pallavi');
    expect(form.getAll('genre')).toEqual(['Action', 'Drama']);
    expect(form.get('isFree')).toBe('true');
    expect(form.get('language')).toBe('English');
    expect(form.get('releaseYear')).toBe('2019');
    expect((form.get('thumbnail') as File).name).toBe('t.png');
    expect((form.get('titleImage') as File).name).toBe('ti.png');
    // An empty optional field is left out rather than sent blank.
    expect(form.has('trailerUrl')).toBe(false);
  });

  it('leaves out pictures that were not replaced when editing', () => {
    const form = movieFormData(filled(), { thumbnail: null, banner: png('new.png'), titleImage: null });
    expect(form.has('thumbnail')).toBe(false);
    expect(form.has('banner')).toBe(true);
    expect(form.get('isFree')).toBe('false');
  });

  it('fills the edit form in, with the language normalised and English by default (SPEC §4.7)', () => {
    const movie = {
      title: 'Vikram',
      description: 'd',
      cast: ['Kamal Haasan', 'Fahadh Faasil'],
      genre: ['Action'],
      language: 'tamil',
      rating: 'U/A',
      releaseYear: 2022,
      duration: '2hr 55min',
      movieUrl: 'https://x.in/v',
      trailerUrl: null,
      isFree: true,
      type: 'movie',
    } as unknown as AdminMovie;
    const values = movieFormFromMovie(movie);
    expect(values.language).toBe('Tamil');
    expect(values.cast).toBe('Kamal Haasan, Fahadh Faasil');
    expect(values.releaseYear).toBe('2022');
    expect(values.trailerUrl).toBe('');
    expect(movieFormFromMovie({ ...movie, language: 'Marathi' } as unknown as AdminMovie).language).toBe(
      'English',
    );
  });

  it("shows the server's field messages beside the form's own fields", () => {
    expect(
      movieServerErrors({
        thumbnailUrl: ['thumbnailUrl is required'],
        releaseYear: ['too early'],
        titleImage: ['bad'],
      }),
    ).toEqual({ thumbnail: 'thumbnailUrl is required', releaseYear: 'too early', titleImage: 'bad' });
  });
});
