import { SEARCH_GROUP_LIMIT, Subjects, type TitleSearchResults } from '@chitram/contracts';
import { connectNats, RpcClient } from '@chitram/nest-kit';
import { isolatedEnv, startTestService, testInfrastructure, type TestService } from '@chitram/test-helpers';
import type { NatsConnection } from 'nats';
import { catalogService } from '../service';
import { episodeInput, movieInput, seriesEpisodeBlock, seriesInput } from '../testing/fixtures';

// Starting real services on a busy machine can take longer than jest's default 5 s.
jest.setTimeout(60_000);

describe('search over films, series and episodes (issue 19)', () => {
  const isolation = isolatedEnv();
  let service: TestService;
  let nats: NatsConnection;
  let rpc: RpcClient;
  let seriesId: string;

  const search = (q?: string) => rpc.call(Subjects.catalog.searchTitles, { q });
  const names = async (q: string) => {
    const found = await search(q);
    return {
      movies: found.movies.map((m) => m.title),
      series: found.series.map((s) => s.title),
      episodes: found.episodes.map((e) => e.title),
    };
  };

  beforeAll(async () => {
    service = await startTestService(catalogService, { env: isolation.env });
    nats = await connectNats(testInfrastructure().NATS_URL, 'title-search-test');
    rpc = new RpcClient(nats, 5000);
    const saved = await rpc.call(
      Subjects.catalog.series.create,
      seriesInput({
        title: 'Janata Darbar',
        cast: 'Meera Iyer, Rahul Khandelwal',
        language: 'Hindi',
        tags: 'debate, elections',
        category: 'political',
        description: 'Town-hall debates from eight states.',
        episodes: [
          seriesEpisodeBlock({ title: 'Water for Marathwada', description: 'Farmers ask about tankers.' }),
          seriesEpisodeBlock({ title: 'Jobs in Jamshedpur', description: 'Graduates question manifestos.' }),
        ],
      }),
    );
    seriesId = saved.series._id;
    await rpc.call(
      Subjects.catalog.series.create,
      seriesInput({
        title: 'ಆರೋಗ್ಯ ಕಥೆ',
        cast: 'ಅಂಜಲಿ ರಾವ್',
        language: 'Kannada',
        episodes: [seriesEpisodeBlock({ title: 'ಹಳ್ಳಿಯ ಚಿಕಿತ್ಸಾಲಯ' })],
      }),
    );
    await rpc.call(
      Subjects.catalog.episodes.create,
      episodeInput({ title: 'Budget Decoded', cast: ['Anand Rangarajan'] }),
    );
    await rpc.call(
      Subjects.catalog.movies.create,
      movieInput({ title: 'Darbar Nights', cast: 'Meera Iyer' }),
    );
  });
  afterAll(async () => {
    await nats?.close();
    await service?.destroy();
    await isolation.cleanUp();
  });

  it('answers films, series and episodes in their groups, each with its public answer', async () => {
    const found = await search('darbar');
    expect(Object.keys(found).sort()).toEqual(['episodes', 'movies', 'series']);
    expect(found.movies.map((m) => m.title)).toEqual(['Darbar Nights']);
    expect(found.series).toHaveLength(1);
    expect(found.series[0]).toMatchObject({
      _id: seriesId,
      title: 'Janata Darbar',
      category: 'political',
      cast: ['Meera Iyer', 'Rahul Khandelwal'],
      episodeCount: 2,
    });
    // The film route answers the same films, as the plain array old clients read (D1, D28).
    expect(await rpc.call(Subjects.catalog.search, { q: 'darbar' })).toEqual(found.movies);
  });

  it("finds a series from its name, misspelt, and an episode from its title, misspelt, without the episode's link", async () => {
    expect((await names('janta darbaar')).series).toEqual(['Janata Darbar']);
    const episodes = (await search('marathwda')).episodes;
    expect(episodes.map((e) => e.title)).toEqual(['Water for Marathwada']);
    expect(episodes[0]).toMatchObject({ seriesId, category: 'political', episodeNumber: 1 });
    expect(episodes[0]).not.toHaveProperty('videoUrl');
    expect((await names('Budget')).episodes).toEqual(['Budget Decoded']);
  });

  it('finds the series and its episodes from a cast member, misspelt', async () => {
    const found = await names('khandelwaal');
    expect(found.series).toEqual(['Janata Darbar']);
    expect(found.episodes.sort()).toEqual(['Jobs in Jamshedpur', 'Water for Marathwada']);
    expect((await names('Rangarajan')).episodes).toEqual(['Budget Decoded']);
  });

  it('finds series, episodes and cast written in an Indian script, from a word or its beginning', async () => {
    expect((await names('ಆರೋಗ್ಯ')).series).toEqual(['ಆರೋಗ್ಯ ಕಥೆ']);
    expect((await names('ಆರೋಗ')).series).toEqual(['ಆರೋಗ್ಯ ಕಥೆ']);
    expect((await names('ಚಿಕಿತ್ಸಾಲಯ')).episodes).toEqual(['ಹಳ್ಳಿಯ ಚಿಕಿತ್ಸಾಲಯ']);
    expect((await names('ಅಂಜಲಿ')).series).toEqual(['ಆರೋಗ್ಯ ಕಥೆ']);
    expect((await names('ఆరోగ్య')).series).toEqual([]);
  });

  it("follows the catalogue's changes: a renamed series, an added and a deleted episode", async () => {
    const { episodes } = await rpc.call(Subjects.catalog.series.get, { id: seriesId });
    await rpc.call(Subjects.catalog.series.update, {
      id: seriesId,
      title: 'Lok Darbar',
      episodes: [
        { ...seriesEpisodeBlock({ title: episodes[0].title }), id: episodes[0]._id },
        seriesEpisodeBlock({ title: 'Roads of Kalahandi' }),
        seriesEpisodeBlock({ title: 'The Chennai Floods' }),
      ],
    });
    const found = await search('darbar');
    expect(found.series.map((s) => [s.title, s.episodeCount])).toEqual([['Lok Darbar', 3]]);
    expect((await names('jamshedpur')).episodes).toEqual([]);
    expect((await names('kalahandi')).episodes).toEqual(['Roads of Kalahandi']);

    await rpc.call(Subjects.catalog.series.delete, { id: seriesId });
    expect(await names('darbar')).toEqual({ movies: ['Darbar Nights'], series: [], episodes: [] });
    expect((await names('kalahandi')).episodes).toEqual([]);
  });

  it('answers empty groups for an empty term or one nothing resembles, and at most a page of each', async () => {
    const none = { movies: [], series: [], episodes: [] };
    expect(await search('')).toEqual(none);
    expect(await search()).toEqual(none);
    expect(await search('xqzzvw')).toEqual(none);
    await rpc.call(
      Subjects.catalog.series.create,
      seriesInput({
        title: 'Pranayama Daily',
        episodes: Array.from({ length: SEARCH_GROUP_LIMIT + 3 }, (_, i) =>
          seriesEpisodeBlock({ title: `Pranayama ${i + 1}` }),
        ),
      }),
    );
    const found: TitleSearchResults = await search('pranayama');
    expect(found.series.map((s) => s.episodeCount)).toEqual([SEARCH_GROUP_LIMIT + 3]);
    expect(found.episodes).toHaveLength(SEARCH_GROUP_LIMIT);
  });
});
