import { Controller, Module } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { CatalogueIdRequest, DomainError, ErrorCode, Subjects } from '@chitram/contracts';
import { connectNats, defineService, loadConfig, OutboxEvent, ServiceConfig } from '@chitram/nest-kit';
import {
  isolatedEnv,
  startTestService,
  testInfrastructure,
  waitFor,
  type TestService,
} from '@chitram/test-helpers';
import type { NatsConnection } from 'nats';
import request from 'supertest';
import { createGatewayApp } from '../app';
import { GatewayConfig } from '../config';
import { testTokens } from '../testing/access-tokens';

// Starting real services on a busy machine can take longer than jest's default 5 s.
jest.setTimeout(60_000);

/** What the stand-in received, per subject, and what it answers next. */
const received: Array<{ subject: string; payload: Record<string, unknown> }> = [];
let homeTitle = 'Rangasthalam';
const EPISODE = '3f1c2b9e-7d4a-4c1e-9b2f-5a6d7e8f9a0b';
const UNKNOWN_EPISODE = '00000000-0000-4000-8000-000000000000';

function record(subject: string, payload: Record<string, unknown>) {
  received.push({ subject, payload: JSON.parse(JSON.stringify(payload)) as Record<string, unknown> });
}

// The catalog's subjects answered by a stand-in, so this file tests the gateway alone.
@Controller()
class CatalogStandIn {
  @MessagePattern(Subjects.catalog.homeContent)
  home(@Payload() payload: Record<string, unknown>) {
    record(Subjects.catalog.homeContent, payload);
    if (payload.language === 'Klingon') {
      throw new DomainError(ErrorCode.VALIDATION_FAILED, 'language: must be one of ...', {
        language: [
          'language must be one of English, Hindi, Tamil, Telugu, Malayalam, Bhojpuri, Kannada, Bengali',
        ],
      });
    }
    return { genreMovies: { Action: [{ _id: '1', title: homeTitle }] } };
  }
  @MessagePattern(Subjects.catalog.movieGroup)
  group(@Payload() payload: Record<string, unknown>) {
    record(Subjects.catalog.movieGroup, payload);
    return [{ _id: '2', title: 'Pushpa' }];
  }
  @MessagePattern(Subjects.catalog.languageMovies)
  language(@Payload() payload: Record<string, unknown>) {
    record(Subjects.catalog.languageMovies, payload);
    return [];
  }
  @MessagePattern(Subjects.catalog.search)
  search(@Payload() payload: Record<string, unknown>) {
    record(Subjects.catalog.search, payload);
    return [{ _id: '3', title: 'Kantara' }];
  }
  @MessagePattern(Subjects.catalog.movies.meta)
  meta(@Payload() payload: Record<string, unknown>) {
    record(Subjects.catalog.movies.meta, payload);
    if (payload.idOrSlug === 'missing')
      throw new DomainError(ErrorCode.NOT_FOUND, 'There is no title "missing".');
    return { meta: { _id: '4', slug: payload.idOrSlug } };
  }
  @MessagePattern(Subjects.catalog.movies.moreLikeThis)
  moreLikeThis(@Payload() payload: Record<string, unknown>) {
    record(Subjects.catalog.movies.moreLikeThis, payload);
    return [{ _id: '5', title: 'Pushpa' }];
  }
  // Typed as the catalog's handler is, so the catalog's own validation refuses a bad id here too.
  @MessagePattern(Subjects.catalog.episodes.moreLikeThis)
  episodeMoreLikeThis(@Payload() payload: CatalogueIdRequest) {
    record(Subjects.catalog.episodes.moreLikeThis, { ...payload });
    if (payload.id === UNKNOWN_EPISODE)
      throw new DomainError(ErrorCode.NOT_FOUND, `There is no episode "${UNKNOWN_EPISODE}".`);
    return [{ _id: '6', title: 'Kantara' }];
  }
  @MessagePattern(Subjects.catalog.episodes.byCategory)
  category(@Payload() payload: Record<string, unknown>) {
    record(Subjects.catalog.episodes.byCategory, payload);
    return { episodes: [] };
  }
  @MessagePattern(Subjects.catalog.episodes.page)
  episodes(@Payload() payload: Record<string, unknown>) {
    record(Subjects.catalog.episodes.page, payload);
    return { paginatedEpisodes: [], currentPage: 2, totalEpisodes: 0, totalPages: 0 };
  }
  @MessagePattern(Subjects.catalog.movies.delete)
  deleteMovie(@Payload() payload: Record<string, unknown>) {
    record(Subjects.catalog.movies.delete, payload);
    return { _id: payload.id, releasedImageKeys: [] };
  }
  @MessagePattern(Subjects.catalog.movies.page)
  moviePage(@Payload() payload: Record<string, unknown>) {
    record(Subjects.catalog.movies.page, payload);
    return { movies: [], currentPage: 1, totalMovies: 0, totalPages: 0 };
  }
}
@Module({ controllers: [CatalogStandIn] })
class CatalogStandInModule {}

const catalogStandIn = defineService({
  name: 'catalog',
  config: ServiceConfig,
  module: CatalogStandInModule,
  database: { entities: [OutboxEvent], migrations: [] },
});

describe('the catalogue through the gateway', () => {
  const isolation = isolatedEnv();
  const tokens = testTokens();
  let catalog: TestService;
  let app: NestFastifyApplication;
  let http: ReturnType<typeof request>;
  let nats: NatsConnection;
  const calls = (subject: string) => received.filter((r) => r.subject === subject);

  beforeAll(async () => {
    catalog = await startTestService(catalogStandIn);
    const config = loadConfig(GatewayConfig, {
      ...testInfrastructure(),
      LOG_LEVEL: 'silent',
      RPC_TIMEOUT_MS: '2000',
      JWT_PUBLIC_KEY: tokens.publicPem,
      REDIS_KEY_PREFIX: isolation.env.REDIS_KEY_PREFIX,
      CORS_ORIGINS: 'http://localhost:3000',
    });
    app = await createGatewayApp(config);
    await app.init();
    await app.getHttpAdapter().getInstance().ready();
    http = request(app.getHttpServer());
    nats = await connectNats(testInfrastructure().NATS_URL, 'catalogue-gateway-test');
  });
  afterAll(async () => {
    await nats?.close();
    await app?.close();
    await catalog?.destroy();
    await isolation.cleanUp();
  });
  beforeEach(() => {
    received.length = 0;
  });

  it.each([
    ['/api/home/content?language=Telugu', Subjects.catalog.homeContent, { language: 'Telugu' }],
    ['/api/home/viewall/trending?page=2', Subjects.catalog.movieGroup, { group: 'trending', page: '2' }],
    ['/api/home/languages/Telugu', Subjects.catalog.languageMovies, { language: 'Telugu' }],
    ['/api/home/search?q=kantara', Subjects.catalog.search, { q: 'kantara' }],
    ['/api/home/search?q=%E0%B0%AC%E0%B0%BE%E0%B0%B9%E0%B1%81', Subjects.catalog.search, { q: 'బాహు' }],
    ['/api/movie/love-story', Subjects.catalog.movies.meta, { idOrSlug: 'love-story' }],
    [
      '/api/movie/%E0%B0%AC%E0%B0%BE%E0%B0%B9%E0%B1%81-2',
      Subjects.catalog.movies.meta,
      { idOrSlug: 'బాహు-2' },
    ],
    [
      '/api/movie/love-story/more-like-this',
      Subjects.catalog.movies.moreLikeThis,
      { idOrSlug: 'love-story' },
    ],
    [
      `/api/series/episodes/${EPISODE}/more-like-this`,
      Subjects.catalog.episodes.moreLikeThis,
      { id: EPISODE },
    ],
    ['/api/series/category/health/episodes', Subjects.catalog.episodes.byCategory, { category: 'health' }],
    [
      '/api/series/episodes?page=2&search=yoga',
      Subjects.catalog.episodes.page,
      { page: '2', search: 'yoga' },
    ],
  ])('serves GET %s from %s with its parameters, publicly', async (url, subject, payload) => {
    const res = await http.get(url).expect(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(calls(subject).map((c) => c.payload)).toEqual([payload]);
  });

  it('answers with an ETag and Cache-Control, and 304 to a matching If-None-Match', async () => {
    const first = await http.get('/api/home/content?language=Hindi').expect(200);
    expect(first.headers.etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    expect(first.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    const again = await http.get('/api/home/content?language=Hindi').set('if-none-match', first.headers.etag);
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
    expect(again.headers.etag).toBe(first.headers.etag);
    const stale = await http.get('/api/home/content?language=Hindi').set('if-none-match', '"something-else"');
    expect(stale.status).toBe(200);
    expect(stale.body).toEqual(first.body);
  });

  it('keeps each answer, so a repeated read does not reach the catalog, with the usual headers all the same', async () => {
    await http.get('/api/home/viewall/featured').expect(200);
    const cached = await http
      .get('/api/home/viewall/featured')
      .set('origin', 'http://localhost:3000')
      .set('x-request-id', 'cached-read-1')
      .expect(200);
    expect(calls(Subjects.catalog.movieGroup)).toHaveLength(1);
    expect(cached.body).toEqual([{ _id: '2', title: 'Pushpa' }]);
    expect(cached.headers['x-request-id']).toBe('cached-read-1');
    expect(cached.headers['x-content-type-options']).toBe('nosniff');
    expect(cached.headers['access-control-allow-origin']).toBe('http://localhost:3000');
  });

  it('keeps a search answer once its term is asked again, not the terms asked once', async () => {
    for (let i = 0; i < 3; i++) await http.get('/api/home/search?q=magadheera').expect(200);
    for (let i = 0; i < 3; i++) await http.get('/api/series/episodes?search=kabaddi').expect(200);
    for (let i = 0; i < 3; i++) await http.get('/api/series/episodes?page=3').expect(200);
    expect(calls(Subjects.catalog.search)).toHaveLength(2);
    expect(calls(Subjects.catalog.episodes.page).map((c) => c.payload)).toEqual([
      { search: 'kabaddi' },
      { search: 'kabaddi' },
      { page: '3' },
    ]);
  });

  it('sends reads of one URL that arrive together to the catalog once', async () => {
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => http.get('/api/series/category/education/episodes')),
    );
    expect(answers.map((res) => res.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(calls(Subjects.catalog.episodes.byCategory)).toHaveLength(1);
  });

  it('forgets every kept answer as soon as the catalog announces a change', async () => {
    homeTitle = 'Rangasthalam';
    const before = await http.get('/api/home/content').expect(200);
    homeTitle = 'Pushpa 2';
    expect((await http.get('/api/home/content').expect(200)).body).toEqual(before.body);
    nats.publish(Subjects.catalog.changed, new TextEncoder().encode(JSON.stringify({ version: 99 })));
    await nats.flush();
    await waitFor(
      async () => (await http.get('/api/home/content')).body.genreMovies.Action[0].title === 'Pushpa 2',
    );
    const after = await http.get('/api/home/content').set('if-none-match', before.headers.etag).expect(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
  });

  it('passes the catalog refusals through with their status and keeps none of them', async () => {
    const invalid = await http.get('/api/home/content?language=Klingon').expect(400);
    expect(invalid.body).toEqual({
      code: ErrorCode.VALIDATION_FAILED,
      message: expect.any(String),
      fields: { language: [expect.stringContaining('must be one of')] },
    });
    await http.get('/api/home/content?language=Klingon').expect(400);
    expect(calls(Subjects.catalog.homeContent)).toHaveLength(2);
    const missing = await http.get('/api/movie/missing').expect(404);
    expect(missing.body.code).toBe(ErrorCode.NOT_FOUND);
    expect(missing.headers.etag).toBeUndefined();
  });

  it("refuses an episode's More like this for a bad id (naming the field) and an unknown episode", async () => {
    const bad = await http.get('/api/series/episodes/not-an-id/more-like-this').expect(400);
    expect(bad.body).toMatchObject({
      code: ErrorCode.VALIDATION_FAILED,
      fields: { id: [expect.any(String)] },
    });
    const unknown = await http.get(`/api/series/episodes/${UNKNOWN_EPISODE}/more-like-this`).expect(404);
    expect(unknown.body.code).toBe(ErrorCode.NOT_FOUND);
  });

  it('lets only admins list and delete, and a delete empties the kept answers at once', async () => {
    await http.get('/api/admin/movies?page=1').expect(401);
    const viewer = await tokens.as('user');
    await http.get('/api/admin/movies').set('authorization', `Bearer ${viewer.token}`).expect(403);
    const admin = await tokens.as('admin');
    const page = await http
      .get('/api/admin/movies?page=1&search=love')
      .set('authorization', `Bearer ${admin.token}`)
      .expect(200);
    expect(page.body).toEqual({ movies: [], currentPage: 1, totalMovies: 0, totalPages: 0 });
    expect(page.headers.etag).toBeUndefined();
    expect(calls(Subjects.catalog.movies.page).map((c) => c.payload)).toEqual([
      { page: '1', search: 'love' },
    ]);

    // Asked twice, so the answer is kept (a term asked once is not).
    await http.get('/api/home/search?q=love').expect(200);
    await http.get('/api/home/search?q=love').expect(200);
    const id = '0b7c0a52-8f0e-4d55-9a43-7c1b0e3b7a10';
    const deleted = await http
      .delete(`/api/admin/movie/delete/${id}`)
      .set('authorization', `Bearer ${admin.token}`)
      .expect(200);
    expect(deleted.body).toEqual({ _id: id, message: 'Movie deleted.' });
    await http.get('/api/home/search?q=love').expect(200);
    expect(calls(Subjects.catalog.search)).toHaveLength(3);
  });
});
