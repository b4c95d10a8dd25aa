import {
  CreateMovieRequest,
  CreateSeriesRequest,
  DomainError,
  ErrorCode,
  type StoredMedia,
} from '@chitram/contracts';
import { checkPayload, formPayload, MOVIE_FORM, SERIES_FORM, SHOW_FORM, uploadSpec } from './forms';
import type { UploadForm } from './upload-form';

const stored = (key: string): StoredMedia => ({
  key,
  contentType: 'image/webp',
  kind: 'image',
  size: 10,
  url: `/api/media/images/${key}`,
});
const KEY = (n: number) => `images/0000000${n}-0000-4000-8000-000000000000.webp`;

function form(fields: Array<[string, string]>, files: Array<[string, StoredMedia]> = []): UploadForm {
  const map = new Map<string, string[]>();
  for (const [name, value] of fields) {
    const key = name.endsWith('[]') ? name.slice(0, -2) : name;
    map.set(key, [...(map.get(key) ?? []), value]);
  }
  return { fields: map, files: new Map(files) };
}

async function failure(promise: Promise<unknown> | (() => unknown)): Promise<DomainError> {
  try {
    await (typeof promise === 'function' ? promise() : promise);
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    return error as DomainError;
  }
  throw new Error('expected a failure');
}

const movieText: Array<[string, string]> = [
  ['title', 'Kolam'],
  ['description', 'A widow draws a new kolam every morning.'],
  ['cast', 'Vasanthi Subramaniam, Bala Murugan T.'],
  ['genre', 'Classic'],
  ['genre', 'Drama'],
  ['language', 'Tamil'],
  ['rating', 'U'],
  ['releaseYear', '1979'],
  ['duration', '2hr 25min'],
  ['isFree', 'false'],
  ['movieUrl', 'https://videos.example.com/kolam.m3u8'],
];

describe('the multipart forms', () => {
  it('knows each form’s file fields and what they accept', () => {
    const movie = uploadSpec(MOVIE_FORM);
    expect([movie.fileField('thumbnail'), movie.fileField('banner'), movie.fileField('titleImage')]).toEqual([
      'image',
      'banner',
      'image',
    ]);
    expect(movie.fileField('poster')).toBeUndefined();
    expect(movie.fileField('toString')).toBeUndefined();
    expect(movie.maxFiles).toBe(3);
    expect(uploadSpec(SHOW_FORM).fileField('banner')).toBe('image');
    const series = uploadSpec(SERIES_FORM);
    expect(series.fileField('episodes[12][banner]')).toBe('image');
    expect(series.fileField('episodes[0][title]')).toBeUndefined();
    expect(series.fileField('tags[0][banner]')).toBeUndefined();
  });

  it('turns the movie form into the catalogue payload: repeated genres a list, stored keys in the image fields', () => {
    const payload = formPayload(
      form(movieText, [
        ['thumbnail', stored(KEY(1))],
        ['banner', stored(KEY(2))],
        ['titleImage', stored(KEY(3))],
      ]),
      MOVIE_FORM,
    );
    expect(payload).toMatchObject({
      title: 'Kolam',
      cast: ['Vasanthi Subramaniam, Bala Murugan T.'],
      genre: ['Classic', 'Drama'],
      releaseYear: '1979',
      thumbnailUrl: KEY(1),
      bannerUrl: KEY(2),
      titlePngUrl: KEY(3),
    });
  });

  it('refuses a single-valued field sent twice, naming it', async () => {
    const error = await failure(() => formPayload(form([...movieText, ['title', 'Again']]), MOVIE_FORM));
    expect(error.fields).toEqual({ title: ['was sent more than once'] });
  });

  it('gathers episode blocks in index order, each with its banner', () => {
    const payload = formPayload(
      form(
        [
          ['title', 'Vidya Vahini'],
          ['episodes[1][title]', 'Maths Under a Tree'],
          ['episodes[0][title]', 'The Library on a Bicycle'],
        ],
        [
          ['episodes[0][banner]', stored(KEY(1))],
          ['episodes[1][banner]', stored(KEY(2))],
        ],
      ),
      SERIES_FORM,
    );
    expect(payload.episodes).toEqual([
      { title: 'The Library on a Bicycle', bannerUrl: KEY(1) },
      { title: 'Maths Under a Tree', bannerUrl: KEY(2) },
    ]);
  });

  it('refuses blocks a form does not have', async () => {
    const error = await failure(() => formPayload(form([['seasons[0][title]', 'x']]), SERIES_FORM));
    expect(error.code).toBe(ErrorCode.VALIDATION_FAILED);
    expect(Object.keys(error.fields ?? {})).toEqual(['seasons[0][title]']);
  });
});

describe('checkPayload', () => {
  it('passes a complete movie', async () => {
    const payload = formPayload(
      form(movieText, [
        ['thumbnail', stored(KEY(1))],
        ['banner', stored(KEY(2))],
        ['titleImage', stored(KEY(3))],
      ]),
      MOVIE_FORM,
    );
    await expect(checkPayload(CreateMovieRequest, payload, MOVIE_FORM)).resolves.toBeUndefined();
  });

  it('names a missing file by its form field and a bad text field by its own name', async () => {
    const payload = formPayload(
      form(
        movieText.map(([k, v]): [string, string] => [k, k === 'releaseYear' ? '1890' : v]),
        [['banner', stored(KEY(2))]],
      ),
      MOVIE_FORM,
    );
    const error = await failure(checkPayload(CreateMovieRequest, payload, MOVIE_FORM));
    expect(Object.keys(error.fields ?? {}).sort()).toEqual(['releaseYear', 'thumbnail', 'titleImage']);
    expect(error.fields?.thumbnail).toContain('thumbnail is required');
  });

  it('names a missing episode banner as the form names it, and refuses unknown fields', async () => {
    const payload = formPayload(
      form([
        ['title', 'Arogya Katha'],
        ['cast', 'Dr. Anjali Rao'],
        ['language', 'Kannada'],
        ['rating', 'U'],
        ['genre', 'Drama'],
        ['category', 'health'],
        ['colour', 'teal'],
        ['episodes[0][title]', 'The ASHA Worker'],
        ['episodes[0][videoUrl]', 'https://videos.example.com/asha.m3u8'],
        ['episodes[0][description]', 'A day with an ASHA worker.'],
        ['episodes[0][releaseDate]', '2023-08-15'],
        ['episodes[0][duration]', '22min'],
      ]),
      SERIES_FORM,
    );
    const error = await failure(checkPayload(CreateSeriesRequest, payload, SERIES_FORM));
    expect(Object.keys(error.fields ?? {}).sort()).toEqual(['colour', 'episodes[0][banner]']);
  });
});
