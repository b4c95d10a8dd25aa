import {
  emptyEpisodeBlock,
  emptySeriesForm,
  episodeVideoWords,
  videosSettled,
  seriesFormData,
  seriesFormFromSeries,
  seriesServerErrors,
  validateSeriesForm,
} from './series-form';
import type { SeriesWithEpisodes } from './types';

const NOW = new Date('2025-06-15T12:00:00Z');
const png = (name: string) => new File([new Uint8Array([1])], name, { type: 'image/png' });

function block(title: string) {
  return {
    ...emptyEpisodeBlock(),
    title,
    videoUrl: `https://cdn.example.in/${title}.m3u8`,
    description: `About ${title}`,
    releaseDate: '2025-06-01',
    duration: '20min',
    banner: png(`${title}.png`),
  };
}

function filled() {
  return {
    ...emptySeriesForm(),
    title: 'Yoga Every Day',
    cast: 'Asha, Ravi',
    tags: 'yoga, morning',
    genre: ['Kids' as const],
    category: 'health' as const,
    episodes: [block('one'), block('two')],
  };
}

describe('series form (SPEC §2.13, DECISIONS D11)', () => {
  it('starts with one episode block and blocks have their own keys', () => {
    const form = emptySeriesForm();
    expect(form.episodes).toHaveLength(1);
    expect(emptyEpisodeBlock().key).not.toBe(emptyEpisodeBlock().key);
  });

  it('checks the series and every episode block, naming the block', () => {
    const values = {
      ...filled(),
      title: '',
      episodes: [block('one'), { ...emptyEpisodeBlock(), releaseDate: '2025-07-01' }],
    };
    const errors = validateSeriesForm(values, NOW);
    expect(errors.title).toBe('Title is required');
    expect(errors['episodes[0][title]']).toBeUndefined();
    expect(errors['episodes[1][title]']).toBe('Episode title is required');
    expect(errors['episodes[1][releaseDate]']).toBe('Release date may not be after today');
    expect(errors['episodes[1][banner]']).toBe('Banner is required');
    expect(validateSeriesForm(filled(), NOW)).toEqual({});
  });

  it('sends the series and its episode blocks in order, files after the text', () => {
    const form = seriesFormData(filled(), png('title.png'));
    expect(form.getAll('cast[]')).toEqual(['Asha', 'Ravi']);
    expect(form.getAll('tags[]')).toEqual(['yoga', 'morning']);
    expect(form.getAll('genre')).toEqual(['Kids']);
    expect(form.get('episodes[0][title]')).toBe('one');
    expect(form.get('episodes[1][videoUrl]')).toBe('https://cdn.example.in/two.m3u8');
    expect((form.get('episodes[1][banner]') as File).name).toBe('two.png');
    const names = [...form.keys()];
    expect(names.indexOf('titleImage')).toBeGreaterThan(names.indexOf('episodes[1][duration]'));
  });

  it('keeps saved episodes by id, with the banner they have unless a new one is chosen', () => {
    const series = {
      title: 'S',
      cast: ['A'],
      tags: [],
      genre: ['Drama'],
      language: 'hindi',
      rating: 'U',
      category: 'political',
      episodes: [
        {
          _id: 'e2',
          episodeNumber: 2,
          title: 'second',
          videoUrl: 'https://x.in/2',
          description: 'd',
          releaseDate: '2025-01-02',
          duration: '10min',
          bannerUrl: '/api/media/images/images/b2.png',
        },
        {
          _id: 'e1',
          episodeNumber: 1,
          title: 'first',
          videoUrl: 'https://x.in/1',
          description: 'd',
          releaseDate: '2025-01-01',
          duration: '10min',
          bannerUrl: '/api/media/images/images/b1.png',
        },
      ],
    } as unknown as SeriesWithEpisodes;
    const values = seriesFormFromSeries(series);
    expect(values.language).toBe('Hindi');
    expect(values.episodes.map((b) => b.title)).toEqual(['first', 'second']);
    values.episodes[1] = { ...values.episodes[1], banner: png('new.png') };
    const form = seriesFormData(values, null);
    expect(form.get('episodes[0][id]')).toBe('e1');
    expect(form.get('episodes[0][bannerUrl]')).toBe('/api/media/images/images/b1.png');
    expect(form.has('episodes[1][bannerUrl]')).toBe(false);
    expect((form.get('episodes[1][banner]') as File).name).toBe('new.png');
  });

  it("puts the server's messages on the block they name", () => {
    expect(
      seriesServerErrors({
        'episodes[1][banner]': ['banner is required'],
        'episodes.0.bannerUrl': ['bad key'],
        titlePngUrl: ['x'],
      }),
    ).toEqual({
      'episodes[1][banner]': 'banner is required',
      'episodes[0][banner]': 'bad key',
      titleImage: 'x',
    });
  });

  it('needs no link for an episode that has a video, saved before or chosen now, nor for a saved one', () => {
    const video = { videoId: 'v1', state: 'ready' as const, progress: 100, error: null, renditions: [360] };
    const clip = new File([new Uint8Array([1, 2])], 'episode.mp4', { type: 'video/mp4' });
    const values = {
      ...filled(),
      episodes: [
        { ...block('saved'), videoUrl: '', video },
        { ...block('chosen'), videoUrl: '', videoFile: clip },
        { ...block('neither'), videoUrl: '' },
        { ...block('bad link'), videoUrl: 'not a link', video },
        // Saved, still waiting for its video (as most demo episodes are): the series may still be edited.
        { ...block('waiting'), id: 'e5', videoUrl: '' },
      ],
    };
    expect(validateSeriesForm(values, NOW)).toEqual({
      'episodes[2][videoUrl]': 'Episode link is required',
      'episodes[3][videoUrl]': 'Invalid URL',
    });
    const form = seriesFormData(values, null);
    // The file goes up on its own once the series is saved, never in the series' form.
    expect([...form.keys()].some((name) => name.includes('video]'))).toBe(false);
    expect(form.has('episodes[0][videoUrl]')).toBe(false);
  });

  it('checks a chosen episode video before anything is sent', () => {
    const text = new File([new Uint8Array([1])], 'notes.txt', { type: 'text/plain' });
    const empty = new File([], 'empty.mp4', { type: 'video/mp4' });
    const values = {
      ...filled(),
      episodes: [
        { ...block('one'), videoFile: text },
        { ...block('two'), videoFile: empty },
      ],
    };
    const errors = validateSeriesForm(values, NOW);
    expect(errors['episodes[0][video]']).toMatch(/^Choose a video file/);
    expect(errors['episodes[1][video]']).toBe('The video file is empty');
  });

  it("carries a saved episode's video into its block", () => {
    const video = { videoId: 'v1', state: 'transcoding' as const, progress: 40, error: null, renditions: [] };
    const series = {
      title: 'S',
      cast: ['A'],
      tags: [],
      genre: ['Drama'],
      language: 'Hindi',
      rating: 'U',
      category: 'political',
      episodes: [
        {
          _id: 'e1',
          episodeNumber: 1,
          title: 'first',
          videoUrl: '',
          description: 'd',
          releaseDate: '2025-01-01',
          duration: '10min',
          bannerUrl: '/api/media/images/images/b1.png',
          video,
        },
      ],
    } as unknown as SeriesWithEpisodes;
    const [episode] = seriesFormFromSeries(series).episodes;
    expect(episode).toMatchObject({ video, videoFile: null, videoUrl: '' });
  });

  it("closes only once every episode's upload has ended other than failed, and says how", () => {
    expect(videosSettled(new Map())).toBe(true);
    expect(
      videosSettled(
        new Map([
          ['a', 'finished'],
          ['b', 'failed'],
        ]),
      ),
    ).toBe(false);
    expect(
      videosSettled(
        new Map([
          ['a', 'finished'],
          ['b', 'uploading'],
        ]),
      ),
    ).toBe(false);
    expect(
      videosSettled(
        new Map([
          ['a', 'finished'],
          ['b', 'cancelled'],
        ]),
      ),
    ).toBe(true);
    expect(episodeVideoWords(new Map())).toBe('');
    expect(
      episodeVideoWords(
        new Map([
          ['a', 'finished'],
          ['b', 'finished'],
          ['c', 'cancelled'],
        ]),
      ),
    ).toBe(
      ' 2 episode videos are uploaded and being prepared; follow them in the shows list.' +
        ' One episode video upload was cancelled; upload it from the edit page.',
    );
  });
});
