import { Subjects, type Movie } from '@chitram/contracts';
import { connectNats, RpcClient } from '@chitram/nest-kit';
import { isolatedEnv, startTestService, testInfrastructure, type TestService } from '@chitram/test-helpers';
import { JSONCodec, type NatsConnection } from 'nats';
import { catalogService } from '../service';
import { movieInput } from '../testing/fixtures';
import { LiveSearchIndex } from '../titles/live-search-index';
import { searchTokens } from '../titles/search-tokens';

// Starting real services on a busy machine can take longer than jest's default 5 s.
jest.setTimeout(60_000);

describe('search, remembering what it read', () => {
  const isolation = isolatedEnv();
  let service: TestService;
  let nats: NatsConnection;
  let rpc: RpcClient;
  const titles = async (q: string) => (await rpc.call(Subjects.catalog.search, { q })).map((m) => m.title);
  const createMovie = async (overrides: Record<string, unknown>) =>
    (await rpc.call(Subjects.catalog.movies.create, movieInput(overrides))).movie;

  beforeAll(async () => {
    service = await startTestService(catalogService, { env: isolation.env });
    nats = await connectNats(testInfrastructure().NATS_URL, 'search-test');
    rpc = new RpcClient(nats, 5000);
  });
  afterAll(async () => {
    await nats?.close();
    await service?.destroy();
    await isolation.cleanUp();
  });

  it('splits a term into the words the database splits titles into', async () => {
    const terms = [
      'Kingdum of dreems',
      'Love—Story…!!  love',
      "Don't stop: the (final) [cut]",
      'दंगल। बाहुबली॥ दंगल',
      'ಪಾಮಯಿ ಪಂಶೋ',
      '“Quoted” ‘single’ – dash',
      'tab\tnew\nline\u00a0nbsp\u3000ideographic',
      'MIXED Case ÀÉÎ straße',
      'x_y-z/w+v=u@t#s$r%q^p&o*n|m~l`k{j}i<h>g?f;e,d.c',
      'emoji 🎬 film',
      `${'x'.repeat(60)} ${'y'.repeat(61)}`,
    ];
    for (const term of terms) {
      const [{ tokens }] = await service.dataSource.query<Array<{ tokens: string[] }>>(
        'SELECT catalog_tokens($1) AS tokens',
        [term],
      );
      expect(searchTokens(term, 100).sort()).toEqual([...tokens].sort());
    }
  });

  it('answers a new term made of words read before as the database would, and sees an admin change at once', async () => {
    const kingdom = await createMovie({
      title: 'Monsoon Kingdom',
      cast: 'Prabhas Raju',
      description: 'A boatman waits out the rains.',
    });
    await createMovie({ title: 'Kingdom Come', cast: 'Anushka Shetty', description: 'A queen returns.' });
    const first = await titles('kingdon monsoon');
    expect(first[0]).toBe('Monsoon Kingdom');
    expect(first).toContain('Kingdom Come');
    // Another term, the same words: answered from what the first search read, in the same order.
    expect(await titles('Monsoon, kingdon!')).toEqual(first);

    // A change behind the service's back is not seen: the titles found are remembered...
    await service.dataSource.query(`UPDATE movie SET title = 'Changed Behind' WHERE id = $1`, [kingdom._id]);
    expect(await titles('monsoon kingdon')).toEqual(first);
    // ...until an admin changes the catalogue: then every term is searched afresh.
    await rpc.call(Subjects.catalog.movies.update, { id: kingdom._id, title: 'Monsoon Palace' });
    expect((await titles('palace'))[0]).toBe('Monsoon Palace');
    const after = await titles('kingdon monsoon');
    expect(after).toContain('Monsoon Palace');
    expect(after).not.toContain('Monsoon Kingdom');
    expect(await titles('kingdom')).toEqual(['Kingdom Come']);
  });

  it('finds a title created, renamed or deleted through the service right after the write', async () => {
    const movie = await createMovie({ title: 'Zanzibar Nights', cast: 'Keerthy Suresh' });
    expect(await titles('zanzibar')).toEqual(['Zanzibar Nights']);
    expect(await titles('zanzibr')).toEqual(['Zanzibar Nights']); // a typing mistake
    await rpc.call(Subjects.catalog.movies.update, { id: movie._id, title: 'Kilimanjaro Nights' });
    expect(await titles('zanzibar')).toEqual([]);
    expect(await titles('kilimanjaro')).toEqual(['Kilimanjaro Nights']);
    await rpc.call(Subjects.catalog.movies.delete, { id: movie._id });
    expect(await titles('kilimanjaro')).toEqual([]);
    expect(await titles('keerthy')).not.toContain('Kilimanjaro Nights');
  });

  it('hears a change another instance announces, and searches the changed catalogue right after', async () => {
    const movie = await createMovie({ title: 'Cardamom Hills' });
    expect(await titles('cardamom')).toEqual(['Cardamom Hills']);
    // Written as another instance writes: the row, then the announcement of a newer version (here
    // without touching Redis, so only the announcement can tell this instance).
    await service.dataSource.query(`UPDATE movie SET title = 'Pepper Hills' WHERE id = $1`, [movie._id]);
    const redis = isolation.redis();
    const versionKey = `catalog:${service.database}:version`;
    const next = Number((await redis.get(versionKey)) ?? 0) + 1;
    redis.disconnect();
    nats.publish(Subjects.catalog.changed, JSONCodec().encode({ version: next }));
    await nats.flush();
    expect(await titles('pepper')).toEqual(['Pepper Hills']);
    expect(await titles('cardamom')).toEqual([]);
  });

  it("keeps another instance's index current: writes, deletions, imports and changes made behind the service's back", async () => {
    // What a second catalog instance holds: its own index over the same database.
    const other = new LiveSearchIndex(service.dataSource);
    let version = 1_000;
    const holds = async (word: string) => {
      const index = (await other.at(++version)).movies;
      return index.titlesOf('title', word).map((slot) => index.idOf(slot));
    };
    const answer = async (id: string) => JSON.parse((await other.at(version)).movies.get(id)!.json) as Movie;
    const movie = await createMovie({ title: 'Tamarind Orchard' });
    expect(await holds('tamarind')).toEqual([movie._id]);

    await rpc.call(Subjects.catalog.movies.update, { id: movie._id, title: 'ஓடை Orchard' });
    expect(await holds('tamarind')).toEqual([]);
    expect(await holds('ஓடை')).toEqual([movie._id]);
    expect((await answer(movie._id)).title).toBe('ஓடை Orchard');

    // Any write to the row counts, as a video's state does (it changes no word, only the answer).
    await service.dataSource.query(`UPDATE movie SET title = 'Saffron Orchard', rating = 'A' WHERE id = $1`, [
      movie._id,
    ]);
    // At the same version nothing is read...
    expect((await answer(movie._id)).title).toBe('ஓடை Orchard');
    // ...at the next one the change is.
    expect(await holds('saffron')).toEqual([movie._id]);
    expect(await answer(movie._id)).toMatchObject({ title: 'Saffron Orchard', rating: 'A' });

    await rpc.call(Subjects.catalog.movies.delete, { id: movie._id });
    expect(await holds('saffron')).toEqual([]);
    expect((await other.at(version)).movies.get(movie._id)).toBeUndefined();

    // Thousands of titles at once (an import behind the service's back) are read in whole, newest first.
    await service.dataSource.query(
      `INSERT INTO movie (slug, title, description, "cast", genre, language, rating, release_year, duration,
         thumbnail, banner, title_image, movie_url, created_at)
       SELECT 'imported-' || n, 'Imported Mango ' || n, 'A title from an import.', '{Nobody}', '{Drama}',
         'Hindi', 'U', 2020, '2hr', 'images/t.webp', 'images/b.webp', 'images/p.webp',
         'https://cdn.example.com/' || n || '.m3u8', now() - n * interval '1 minute'
       FROM generate_series(1, 2500) AS n`,
    );
    const imported = (await other.at(++version)).movies;
    const mangoes = imported.titlesOf('title', 'mango');
    expect(mangoes).toHaveLength(2500);
    expect(imported.nameOf(mangoes[0])).toBe('Imported Mango 1');
    expect(imported.nameOf(mangoes[2499])).toBe('Imported Mango 2500');
    await service.dataSource.query(`DELETE FROM movie WHERE slug LIKE 'imported-%'`);
    expect(await holds('mango')).toEqual([]);

    // A version that starts again from 0 (Redis emptied) is a change too, once the bump is past.
    const later = await createMovie({ title: 'Jackfruit Orchard' });
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const index = (await other.at(1)).movies;
    expect(index.titlesOf('title', 'jackfruit').map((slot) => index.idOf(slot))).toEqual([later._id]);
  });
});
