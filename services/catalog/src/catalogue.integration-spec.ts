import {
  CATEGORIES,
  DomainError,
  ErrorCode,
  Events,
  GENRES,
  LANGUAGES,
  MEDIA_IMAGES_PATH,
  MORE_LIKE_THIS_SIZE,
  RATINGS,
  Subjects,
  type Subject,
  type Episode,
  type Movie,
  type MovieSaved,
} from '@chitram/contracts';
import { connectNats, RpcClient } from '@chitram/nest-kit';
import {
  isolatedEnv,
  startTestService,
  testInfrastructure,
  waitFor,
  type TestService,
} from '@chitram/test-helpers';
import { JSONCodec, type NatsConnection } from 'nats';
import { catalogService } from './service';
import {
  episodeInput,
  imageKey,
  movieInput,
  seriesEpisodeBlock,
  seriesInput,
  tomorrow,
} from './testing/fixtures';

// Starting real services on a busy machine can take longer than jest's default 5 s.
jest.setTimeout(60_000);

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/**
 * The public movie answer of SPEC §3 / DECISIONS D28: these keys and no others (no stream link), and
 * whether it plays now (issue 19: a title that does not shows "Coming soon").
 */
function expectPublicMovie(movie: Movie): void {
  expect(Object.keys(movie).sort()).toEqual(
    [
      '_id',
      'slug',
      'title',
      'description',
      'cast',
      'genre',
      'language',
      'rating',
      'releaseYear',
      'duration',
      'thumbnailUrl',
      'bannerUrl',
      'titlePngUrl',
      'trailerUrl',
      'isFree',
      'type',
      'vendor',
      'createdAt',
      'updatedAt',
      'playable',
    ].sort(),
  );
  expect(LANGUAGES).toContain(movie.language);
  expect(RATINGS).toContain(movie.rating);
  for (const genre of movie.genre) expect(GENRES).toContain(genre);
  expect(movie.cast.length).toBeGreaterThan(0);
  expect(movie.thumbnailUrl).toMatch(/^(\/api\/media\/images\/|https?:\/\/)/);
  expect(movie.createdAt).toMatch(ISO_TIME);
}

/** An episode answer; public lists leave the link out (issue 8), admin answers keep it. */
function expectEpisode(episode: Episode, withLink = true): void {
  expect(Object.keys(episode).sort()).toEqual(
    [
      '_id',
      'seriesId',
      'title',
      'description',
      ...(withLink ? ['videoUrl'] : []),
      'duration',
      'releaseDate',
      'cast',
      'rating',
      'category',
      'bannerUrl',
      'titlePngUrl',
      'episodeNumber',
      'createdAt',
      'updatedAt',
      'video',
      'playable',
    ].sort(),
  );
  expect(episode.video).toBeNull(); // no video uploaded: it plays its link
  expect(episode.releaseDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  expect(CATEGORIES).toContain(episode.category);
  expect(episode.bannerUrl.startsWith(MEDIA_IMAGES_PATH)).toBe(true);
}

describe('catalogue over NATS', () => {
  const isolation = isolatedEnv();
  let service: TestService;
  let nats: NatsConnection;
  let rpc: RpcClient;
  const call = <Req, Rep>(subject: Subject<Req, Rep>, data: NoInfer<Req>) => rpc.call(subject, data);
  // What no typed caller may send: a malformed payload, for the catalog to refuse.
  const sendUnchecked = (subject: string, data: object) => rpc.uncheckedRequest(subject, data);
  // A payload as a form or a query string sends it (numbers as text, any case, null or '' to clear),
  // which the catalog reads into its request type: the answer is still the subject's.
  const sendLoose = async <Req, Rep>(subject: Subject<Req, Rep>, data: object) =>
    (await rpc.uncheckedRequest(subject, data)) as Rep;
  const failure = async (promise: Promise<unknown>): Promise<DomainError> => {
    try {
      await promise;
    } catch (error) {
      if (error instanceof DomainError) return error;
      throw error;
    }
    throw new Error('expected the call to fail');
  };
  const createMovie = async (overrides: Record<string, unknown> = {}) =>
    (await call(Subjects.catalog.movies.create, movieInput(overrides))).movie;

  beforeAll(async () => {
    service = await startTestService(catalogService, { env: isolation.env });
    nats = await connectNats(testInfrastructure().NATS_URL, 'catalogue-test');
    rpc = new RpcClient(nats, 5000);
  });
  afterAll(async () => {
    await nats?.close();
    await service?.destroy();
    await isolation.cleanUp();
  });

  describe('movies', () => {
    it('creates a movie with a unique slug from its title and answers SPEC §3 names with loadable image URLs', async () => {
      const thumbnail = imageKey();
      const first = await createMovie({ title: 'Love Story', thumbnailUrl: thumbnail, isFree: 'true' });
      const second = await createMovie({ title: 'Love  Story!' });
      expect(first.slug).toBe('love-story');
      expect(second.slug).toBe('love-story-2');
      expect(first.thumbnailUrl).toBe(`${MEDIA_IMAGES_PATH}${thumbnail}`);
      expect(first.isFree).toBe(true);
      expect(first.cast).toEqual(['Mohanlal Nair', 'Parvathy Menon']);
      expect(first.movieUrl).toBe('https://cdn.example.com/movies/monsoon-kingdom.m3u8');
      expect(first.type).toBe('movie');
    });

    it('finds a movie by id and by slug, without its stream link in public', async () => {
      const movie = await createMovie({ title: 'బాహుబలి 2', language: 'Telugu' });
      expect(movie.slug).toBe('బాహుబలి-2');
      const byId = await call(Subjects.catalog.movies.meta, { idOrSlug: movie._id });
      const bySlug = await call(Subjects.catalog.movies.meta, { idOrSlug: 'బాహుబలి-2' });
      expect(bySlug).toEqual(byId);
      expectPublicMovie(byId.meta);
      expect(byId.meta).not.toHaveProperty('movieUrl');
      const missing = await failure(call(Subjects.catalog.movies.meta, { idOrSlug: 'no-such-title' }));
      expect(missing.code).toBe(ErrorCode.NOT_FOUND);
    });

    it('lists movies for admins 10 a page, newest first, searched by title', async () => {
      for (let i = 1; i <= 11; i++) await createMovie({ title: `Paging Test ${i}` });
      const first = await sendLoose(Subjects.catalog.movies.page, {
        page: '1',
        search: 'paging test',
      });
      expect(first).toEqual({ movies: expect.any(Array), currentPage: 1, totalMovies: 11, totalPages: 2 });
      expect(first.movies).toHaveLength(10);
      expect(first.movies[0].title).toBe('Paging Test 11');
      expect(first.movies[0].movieUrl).toMatch(/^https:/);
      const second = await call(Subjects.catalog.movies.page, {
        page: 2,
        search: 'Paging Test',
      });
      expect(second.movies.map((m) => m.title)).toEqual(['Paging Test 1']);
      const literal = await call(Subjects.catalog.movies.page, { search: '100%' });
      expect(literal.totalMovies).toBe(0);
    });

    it('updates only the fields given, leaves out empty ones, splits the cast and reports replaced images', async () => {
      const oldThumbnail = imageKey();
      const movie = await createMovie({ title: 'Edit Me', thumbnailUrl: oldThumbnail });
      const newThumbnail = imageKey();
      const { movie: updated, releasedImageKeys } = await sendLoose(Subjects.catalog.movies.update, {
        id: movie._id,
        title: 'Edited',
        description: '',
        cast: ' Ayesha Khan ,Karan Rao,, ',
        genre: ['action', 'sci-fi'],
        trailerUrl: null,
        thumbnailUrl: newThumbnail,
        bannerUrl: `${MEDIA_IMAGES_PATH}${movie.bannerUrl.slice(MEDIA_IMAGES_PATH.length)}`,
      });
      expect(updated.title).toBe('Edited');
      expect(updated.slug).toBe(movie.slug);
      expect(updated.description).toBe(movie.description);
      expect(updated.cast).toEqual(['Ayesha Khan', 'Karan Rao']);
      expect(updated.genre).toEqual(['Action', 'Sci-Fi']);
      expect(updated.bannerUrl).toBe(movie.bannerUrl);
      expect(updated.thumbnailUrl).toBe(`${MEDIA_IMAGES_PATH}${newThumbnail}`);
      expect(releasedImageKeys).toEqual([oldThumbnail]);
      const [event] = await service.dataSource.query(
        `SELECT payload FROM outbox_event WHERE subject = $1 AND payload->'keys' ? $2`,
        [Events.catalogImagesReleased, oldThumbnail],
      );
      expect(event.payload).toEqual({ keys: [oldThumbnail] });
    });

    it('deletes a movie and releases its images unless another title uses them', async () => {
      const shared = imageKey();
      const movie = await createMovie({ title: 'Delete Me', bannerUrl: shared });
      await createMovie({ title: 'Keeps The Banner', bannerUrl: shared });
      const removed = await call(Subjects.catalog.movies.delete, { id: movie._id });
      expect(removed._id).toBe(movie._id);
      expect(removed.releasedImageKeys.sort()).toEqual(
        [movie.thumbnailUrl, movie.titlePngUrl].map((url) => url.slice(MEDIA_IMAGES_PATH.length)).sort(),
      );
      expect((await failure(call(Subjects.catalog.movies.get, { id: movie._id }))).code).toBe(
        ErrorCode.NOT_FOUND,
      );
      expect((await failure(call(Subjects.catalog.movies.delete, { id: movie._id }))).code).toBe(
        ErrorCode.NOT_FOUND,
      );
    });
  });

  describe('validation', () => {
    const rejected = async (subject: string, payload: object) => {
      const error = await failure(sendUnchecked(subject, payload));
      expect(error.code).toBe(ErrorCode.VALIDATION_FAILED);
      return error;
    };

    it.each([
      ['releaseYear', { releaseYear: 1949 }, 'releaseYear must be a year from 1950 to'],
      [
        'releaseYear',
        { releaseYear: new Date().getFullYear() + 1 },
        'releaseYear must be a year from 1950 to',
      ],
      ['language', { language: 'French' }, 'language must be one of English, Hindi'],
      ['genre', { genre: ['Action', 'Western'] }, 'must be one of Action, Drama'],
      ['rating', { rating: 'PG-13' }, 'rating must be one of U, U/A, A'],
      ['movieUrl', { movieUrl: 'not a link' }, 'Invalid URL'],
      [
        'thumbnailUrl',
        { thumbnailUrl: '../../etc/passwd' },
        'thumbnailUrl must be an image stored by the media service',
      ],
      ['duration', { duration: 'forever' }, 'duration must be a running time'],
      ['title', { title: '   ' }, 'title is required'],
      ['cast', { cast: ' , ' }, 'cast must name at least one person'],
      ['type', { type: 'documentary' }, 'type must be one of movie, series'],
    ])('names %s when it is wrong', async (field, overrides, message) => {
      const error = await rejected(Subjects.catalog.movies.create, movieInput(overrides));
      expect(Object.keys(error.fields ?? {})).toEqual([field]);
      expect(error.fields?.[field].join(' ')).toContain(message);
      expect(error.message).toContain(field);
    });

    it('requires every field the form marks required, and refuses unknown ones', async () => {
      const error = await rejected(Subjects.catalog.movies.create, { title: 'Only a title' });
      expect(Object.keys(error.fields ?? {}).sort()).toEqual(
        [
          'bannerUrl',
          'cast',
          'description',
          'duration',
          'genre',
          'language',
          'rating',
          'releaseYear',
          'thumbnailUrl',
          'titlePngUrl',
        ].sort(),
      );
      // The link is optional (a title may carry an uploaded video instead, D23), but must be a link.
      const badLink = await rejected(Subjects.catalog.movies.create, movieInput({ movieUrl: 'not a link' }));
      expect(Object.keys(badLink.fields ?? {})).toEqual(['movieUrl']);
      const unknown = await rejected(Subjects.catalog.movies.create, movieInput({ price: 10 }));
      expect(Object.keys(unknown.fields ?? {})).toEqual(['price']);
    });

    it('refuses an episode dated after today and a bad category, naming the field', async () => {
      const future = await rejected(
        Subjects.catalog.episodes.create,
        episodeInput({ releaseDate: tomorrow() }),
      );
      expect(Object.keys(future.fields ?? {})).toEqual(['releaseDate']);
      const impossible = await rejected(
        Subjects.catalog.episodes.create,
        episodeInput({ releaseDate: '2023-02-30' }),
      );
      expect(Object.keys(impossible.fields ?? {})).toEqual(['releaseDate']);
      const category = await rejected(Subjects.catalog.episodes.create, episodeInput({ category: 'sports' }));
      expect(category.fields?.category).toEqual(['category must be one of political, health, education']);
    });

    it('names the field of a bad episode block of a series, and saves nothing of it', async () => {
      const before = await call(Subjects.catalog.series.list, {});
      const error = await rejected(
        Subjects.catalog.series.create,
        seriesInput({ episodes: [seriesEpisodeBlock(), seriesEpisodeBlock({ videoUrl: 'nope' })] }),
      );
      expect(Object.keys(error.fields ?? {})).toEqual(['episodes.1.videoUrl']);
      expect((await call(Subjects.catalog.series.list, {})).totalSeries).toBe(before.totalSeries);
    });
  });

  describe('browsing', () => {
    let telugu: MovieSaved['movie'];

    beforeAll(async () => {
      telugu = await createMovie({ title: 'Rangasthalam', language: 'Telugu', genre: 'Action, Trending' });
      await createMovie({ title: 'Sholay', language: 'Hindi', genre: ['Classic', 'Action'] });
      await createMovie({ title: 'Kantara', language: 'Kannada', genre: ['South Favourites'] });
    });

    it('answers the home content of a language grouped by genre, newest first, in the order of the genres', async () => {
      const { genreMovies } = await sendLoose(Subjects.catalog.homeContent, { language: 'telugu' });
      const genres = Object.keys(genreMovies);
      expect(genres).toEqual(GENRES.filter((genre) => genres.includes(genre)));
      expect(genreMovies.Action?.[0].title).toBe('Rangasthalam');
      expect(genreMovies.Trending?.map((m) => m.title)).toEqual(['Rangasthalam']);
      for (const list of Object.values(genreMovies))
        for (const movie of list) {
          expectPublicMovie(movie);
          expect(movie.language).toBe('Telugu');
        }
      const everything = await call(Subjects.catalog.homeContent, {});
      expect(everything.genreMovies.Classic?.map((m) => m.title)).toEqual(['Sholay']);
    });

    it('answers a view-all group by genre name in any spelling, and 404 for an unknown group', async () => {
      const trending = await call(Subjects.catalog.movieGroup, { group: 'trending' });
      expect(trending.map((m) => m.title)).toEqual(['Rangasthalam']);
      const south = await call(Subjects.catalog.movieGroup, { group: 'south-favourites' });
      expect(south.map((m) => m.title)).toEqual(['Kantara']);
      expect(
        await call(Subjects.catalog.movieGroup, { group: 'South Favourites', language: 'Hindi' }),
      ).toEqual([]);
      expect((await failure(call(Subjects.catalog.movieGroup, { group: 'westerns' }))).code).toBe(
        ErrorCode.NOT_FOUND,
      );
    });

    it('answers the movies of a language as a plain list, and refuses a language not offered', async () => {
      const movies = await call(Subjects.catalog.languageMovies, { language: 'Telugu' });
      expect(movies.map((m) => m._id)).toContain(telugu._id);
      movies.forEach(expectPublicMovie);
      expect(await call(Subjects.catalog.languageMovies, { language: 'Bengali' })).toEqual([]);
      const error = await failure(sendUnchecked(Subjects.catalog.languageMovies, { language: 'Klingon' }));
      expect(Object.keys(error.fields ?? {})).toEqual(['language']);
    });
  });

  describe('more like this (issue 19)', () => {
    it('answers titles of the same language sharing a genre, playable ones first, never the title itself', async () => {
      const suffix = Date.now().toString(36);
      const title = await createMovie({
        title: `Pushpa ${suffix}`,
        language: 'Telugu',
        genre: ['Drama', 'Romance'],
      });
      // No link and no video yet: it cannot play, so it goes after the ones that can.
      const waiting = await createMovie({
        title: `Waiting ${suffix}`,
        language: 'Telugu',
        genre: ['Drama', 'Romance'],
        movieUrl: '',
      });
      const both = await createMovie({
        title: `Both ${suffix}`,
        language: 'Telugu',
        genre: ['Romance', 'Drama'],
      });
      const one = await createMovie({ title: `One ${suffix}`, language: 'Telugu', genre: ['Drama'] });
      await createMovie({ title: `Other language ${suffix}`, language: 'Tamil', genre: ['Drama'] });
      await createMovie({ title: `Other genre ${suffix}`, language: 'Telugu', genre: ['Horror'] });

      const like = await call(Subjects.catalog.movies.moreLikeThis, { idOrSlug: title.slug });
      const ids = like.map((m) => m._id);
      expect(ids).not.toContain(title._id);
      for (const movie of like) {
        expectPublicMovie(movie);
        expect(movie.language).toBe('Telugu');
        expect(movie.genre.some((g) => title.genre.includes(g))).toBe(true);
      }
      // Playable first: the two-genre match, then the one-genre match; the unplayable one after both.
      expect(ids.indexOf(both._id)).toBeLessThan(ids.indexOf(one._id));
      expect(ids.indexOf(one._id)).toBeLessThan(ids.indexOf(waiting._id));
      expect(like.length).toBeLessThanOrEqual(MORE_LIKE_THIS_SIZE);
      // By id as by slug, and a title that does not exist is NOT_FOUND.
      expect(await call(Subjects.catalog.movies.moreLikeThis, { idOrSlug: title._id })).toEqual(like);
      const missing = await failure(
        call(Subjects.catalog.movies.moreLikeThis, { idOrSlug: 'no-such-title' }),
      );
      expect(missing.code).toBe(ErrorCode.NOT_FOUND);
    });

    it("answers an episode the films of its series' language sharing a genre, playable ones first", async () => {
      const suffix = Date.now().toString(36);
      const { series } = await call(
        Subjects.catalog.series.create,
        seriesInput({ title: `Bhakti ${suffix}`, language: 'Bhojpuri', genre: ['Devotional', 'Sports'] }),
      );
      const [episode] = series.episodes;
      // No link and no video yet: it cannot play, so it goes after the one that can.
      const waiting = await createMovie({
        title: `Waiting ${suffix}`,
        language: 'Bhojpuri',
        genre: ['Devotional', 'Sports'],
        movieUrl: '',
      });
      const playable = await createMovie({
        title: `Plays ${suffix}`,
        language: 'Bhojpuri',
        genre: ['Sports'],
      });
      const otherLanguage = await createMovie({
        title: `Other language ${suffix}`,
        language: 'Kannada',
        genre: ['Devotional'],
      });
      const otherGenre = await createMovie({
        title: `Other genre ${suffix}`,
        language: 'Bhojpuri',
        genre: ['Horror'],
      });

      const like = await call(Subjects.catalog.episodes.moreLikeThis, { id: episode._id });
      const ids = like.map((m) => m._id);
      for (const movie of like) {
        expectPublicMovie(movie);
        expect(movie.language).toBe('Bhojpuri');
        expect(movie.genre.some((g) => series.genre.includes(g))).toBe(true);
      }
      expect(ids).toContain(playable._id);
      expect(ids).toContain(waiting._id);
      expect(ids).not.toContain(otherLanguage._id);
      expect(ids).not.toContain(otherGenre._id);
      expect(ids.indexOf(playable._id)).toBeLessThan(ids.indexOf(waiting._id));
      expect(like.length).toBeLessThanOrEqual(MORE_LIKE_THIS_SIZE);

      // An episode without a series has nothing like it; an unknown one is NOT_FOUND, a bad id refused.
      const { episode: alone } = await call(Subjects.catalog.episodes.create, episodeInput());
      expect(await call(Subjects.catalog.episodes.moreLikeThis, { id: alone._id })).toEqual([]);
      // Gone again, so the category's numbering below is as the shows' tests expect it.
      await call(Subjects.catalog.episodes.delete, { id: alone._id });
      const unknown = await failure(
        call(Subjects.catalog.episodes.moreLikeThis, { id: '00000000-0000-4000-8000-000000000000' }),
      );
      expect(unknown.code).toBe(ErrorCode.NOT_FOUND);
      const bad = await failure(sendUnchecked(Subjects.catalog.episodes.moreLikeThis, { id: 'nope' }));
      expect(bad.code).toBe(ErrorCode.VALIDATION_FAILED);
      expect(bad.message).toContain('id');
    });
  });

  describe('search', () => {
    beforeAll(async () => {
      await createMovie({
        title: 'Kingdom of Dreams',
        cast: 'Prabhas Raju, Anushka Shetty',
        description: 'An epic about a lost crown.',
      });
      await createMovie({
        title: 'दंगल',
        language: 'Hindi',
        cast: 'Aamir Khan',
        description: 'A wrestler trains his daughters.',
      });
      await createMovie({
        title: 'Quiet River',
        cast: 'Nobody Known',
        description: 'A fisherman in Kerala waits for the monsoon.',
      });
    });
    const titles = async (q: string) => (await call(Subjects.catalog.search, { q })).map((m) => m.title);

    it('finds a title from a misspelt word of it', async () => {
      expect((await titles('kingdon'))[0]).toBe('Kingdom of Dreams');
      expect((await titles('Kingdum of dreems'))[0]).toBe('Kingdom of Dreams');
    });

    it('finds a title from a word of its cast, misspelt or not', async () => {
      expect(await titles('prabhas')).toContain('Kingdom of Dreams');
      expect(await titles('prabhs')).toContain('Kingdom of Dreams');
    });

    it('finds a title written in an Indian script, from the word or its beginning', async () => {
      expect(await titles('दंगल')).toEqual(['दंगल']);
      expect(await titles('दंग')).toEqual(['दंगल']);
      expect(await titles('దంగల్')).toEqual([]);
      expect(await titles('बाहुबली')).not.toContain('दंगल');
    });

    it('finds a title from its description, ranked below title and cast matches', async () => {
      expect(await titles('kerala')).toContain('Quiet River');
      const ranked = await titles('river');
      expect(ranked[0]).toBe('Quiet River');
    });

    it('answers an empty list for an empty term or one nothing resembles', async () => {
      expect(await titles('')).toEqual([]);
      expect(await titles('   ')).toEqual([]);
      expect(await titles('xqzzvw')).toEqual([]);
      expect(await call(Subjects.catalog.search, {})).toEqual([]);
    });
  });

  describe('shows and series', () => {
    it('creates stand-alone episodes numbered per category and lists a category in episode order', async () => {
      const first = (await call(Subjects.catalog.episodes.create, episodeInput({ title: 'Election Night' })))
        .episode;
      const second = (await call(Subjects.catalog.episodes.create, episodeInput({ title: 'Coalitions' })))
        .episode;
      expect([first.episodeNumber, second.episodeNumber]).toEqual([1, 2]);
      expect(first.duration).toBe('25min');
      const { episodes } = await sendLoose(Subjects.catalog.episodes.byCategory, {
        category: 'Political',
      });
      expect(episodes.map((e) => e.title)).toEqual(['Election Night', 'Coalitions']);
      episodes.forEach((episode) => expectEpisode(episode, false));
      expect((await call(Subjects.catalog.episodes.byCategory, { category: 'education' })).episodes).toEqual(
        [],
      );
    });

    it('pages the shows 10 at a time, newest first, with search', async () => {
      for (let i = 1; i <= 11; i++)
        await call(
          Subjects.catalog.episodes.create,
          episodeInput({ title: `Health Tip ${i}`, category: 'health' }),
        );
      const first = await sendLoose(Subjects.catalog.episodes.page, {
        page: '1',
        search: 'health tip',
      });
      expect(first).toEqual({
        paginatedEpisodes: expect.any(Array),
        currentPage: 1,
        totalEpisodes: 11,
        totalPages: 2,
      });
      expect(first.paginatedEpisodes).toHaveLength(10);
      expect(first.paginatedEpisodes[0].title).toBe('Health Tip 11');
      first.paginatedEpisodes.forEach((episode) => expectEpisode(episode, false));
      const second = await call(Subjects.catalog.episodes.page, {
        page: 2,
        search: 'Health Tip',
      });
      expect(second.paginatedEpisodes.map((e) => e.title)).toEqual(['Health Tip 1']);
      const beyond = await call(Subjects.catalog.episodes.page, {
        page: 3,
        search: 'Health Tip',
      });
      expect(beyond).toEqual({ paginatedEpisodes: [], currentPage: 3, totalEpisodes: 11, totalPages: 2 });
    });

    it('updates an episode leaving out empty fields and splitting cast[] entries on commas', async () => {
      const { episode } = await call(Subjects.catalog.episodes.create, episodeInput({ title: 'Old Title' }));
      const { episode: updated } = await sendLoose(Subjects.catalog.episodes.update, {
        id: episode._id,
        title: 'New Title',
        description: '',
        videoUrl: null,
        cast: ['Ravish Kumar, Barkha Dutt', ' Sagarika Ghose '],
        releaseDate: '',
      });
      expect(updated.title).toBe('New Title');
      expect(updated.description).toBe(episode.description);
      expect(updated.videoUrl).toBe(episode.videoUrl);
      expect(updated.releaseDate).toBe(episode.releaseDate);
      expect(updated.cast).toEqual(['Ravish Kumar', 'Barkha Dutt', 'Sagarika Ghose']);
      const removed = await call(Subjects.catalog.episodes.delete, { id: episode._id });
      expect(removed.releasedImageKeys).toHaveLength(2);
    });

    it('creates a series with its episodes in one go and lists, edits and deletes it', async () => {
      const { series } = await call(Subjects.catalog.series.create, seriesInput());
      expect(series.tags).toEqual(['yoga', 'fitness']);
      expect(series.episodes.map((e) => [e.episodeNumber, e.title, e.category, e.seriesId])).toEqual([
        [1, 'Breathing Right', 'health', series._id],
        [2, 'Sun Salutation', 'health', series._id],
      ]);
      series.episodes.forEach((episode) => expectEpisode(episode));
      const list = await call(Subjects.catalog.series.list, { search: 'yoga' });
      expect(list.series.map((s) => [s.title, s.episodeCount])).toEqual([['Yoga Every Morning', 2]]);

      // The edit form sends the whole list: keep the second (renamed), drop the first, add one.
      const [dropped, kept] = series.episodes;
      const { series: edited, releasedImageKeys } = await call(Subjects.catalog.series.update, {
        id: series._id,
        title: '',
        category: 'education',
        episodes: [
          seriesEpisodeBlock({ id: kept._id, title: 'Sun Salutation (long)', bannerUrl: kept.bannerUrl }),
          seriesEpisodeBlock({ title: 'Cool Down' }),
        ],
      });
      expect(edited.title).toBe('Yoga Every Morning');
      expect(edited.episodes.map((e) => [e.episodeNumber, e.title, e.category])).toEqual([
        [1, 'Sun Salutation (long)', 'education'],
        [2, 'Cool Down', 'education'],
      ]);
      expect(edited.episodes[0]._id).toBe(kept._id);
      expect(releasedImageKeys).toEqual([dropped.bannerUrl.slice(MEDIA_IMAGES_PATH.length)]);
      const fetched = await call(Subjects.catalog.series.get, { id: series._id });
      expect(fetched).toEqual(edited);

      const stranger = await failure(
        call(Subjects.catalog.series.update, {
          id: series._id,
          episodes: [seriesEpisodeBlock({ id: dropped._id })],
        }),
      );
      expect(Object.keys(stranger.fields ?? {})).toEqual(['episodes.0.id']);

      await call(Subjects.catalog.series.delete, { id: series._id });
      expect((await failure(call(Subjects.catalog.series.get, { id: series._id }))).code).toBe(
        ErrorCode.NOT_FOUND,
      );
      const left = await call(Subjects.catalog.episodes.page, { search: 'Cool Down' });
      expect(left.totalEpisodes).toBe(0);
    });

    it('adds an episode to an existing series after its last one, and refuses an unknown series', async () => {
      const { series } = await call(
        Subjects.catalog.series.create,
        seriesInput({ title: 'Maths Made Easy', category: 'education' }),
      );
      const { episode } = await call(
        Subjects.catalog.episodes.create,
        episodeInput({ seriesId: series._id, category: 'education', title: 'Fractions' }),
      );
      expect(episode.episodeNumber).toBe(3);
      const missing = await failure(
        call(
          Subjects.catalog.episodes.create,
          episodeInput({ seriesId: '00000000-0000-4000-8000-000000000000' }),
        ),
      );
      expect(missing.code).toBe(ErrorCode.NOT_FOUND);
    });
  });

  describe('caching', () => {
    it('serves public reads from the cache until an admin changes the catalogue', async () => {
      const movie = await createMovie({ title: 'Cached Classic', language: 'Bengali', genre: ['Classic'] });
      const read = async () =>
        (await call(Subjects.catalog.homeContent, { language: 'Bengali' })).genreMovies.Classic?.map(
          (m) => m.title,
        );
      expect(await read()).toEqual(['Cached Classic']);
      // A change behind the service's back is not seen: the answer comes from the cache.
      await service.dataSource.query(`UPDATE movie SET title = 'Changed Behind' WHERE id = $1`, [movie._id]);
      expect(await read()).toEqual(['Cached Classic']);
      // An admin edit makes the next read fresh.
      await call(Subjects.catalog.movies.update, { id: movie._id, description: 'Restored print.' });
      expect(await read()).toEqual(['Changed Behind']);
    });

    it('announces every change on the catalogue-changed subject with a rising version', async () => {
      const codec = JSONCodec<{ version: number }>();
      const versions: number[] = [];
      const subscription = nats.subscribe(Subjects.catalog.changed, {
        callback: (_error, message) => versions.push(codec.decode(message.data).version),
      });
      await nats.flush();
      const movie = await createMovie({ title: 'Announced' });
      await call(Subjects.catalog.movies.delete, { id: movie._id });
      await waitFor(async () => versions.length >= 2);
      subscription.unsubscribe();
      expect(versions[1]).toBeGreaterThan(versions[0]);
    });
  });
});
