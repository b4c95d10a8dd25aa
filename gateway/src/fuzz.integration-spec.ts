import { createPrivateKey, randomUUID } from 'node:crypto';
import { Agent, request as httpRequest } from 'node:http';
import { createServer, type AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { type INestApplication, type Type } from '@nestjs/common';
import { ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import { ModulesContainer } from '@nestjs/core';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import {
  CreateEpisodeRequest,
  CreateMovieRequest,
  CreateSeriesRequest,
  type Role,
  type ServiceName,
} from '@chitram/contracts';
import { AccessTokenSigner, DEFAULT_JWT_AUDIENCE, DEFAULT_JWT_ISSUER, loadConfig } from '@chitram/nest-kit';
import {
  isolatedEnv,
  memoryLogger,
  testInfrastructure,
  testObjectStorage,
  testSigningKeys,
  waitFor,
  type TestObjectStorage,
} from '@chitram/test-helpers';
import { getMetadataStorage } from 'class-validator';
import sharp from 'sharp';
import { createGatewayApp } from './app';
import { GatewayConfig } from './config';
import { bodyTypesOf } from './http/json-only';
import { multipartBody, type Part } from './testing/multipart';
import { declaredRoutes, type RouteEntry } from './testing/route-table';
import { startServiceProcesses, type RunningProcesses } from './testing/service-processes';

/**
 * Every route of the route table, sent malformed, oversized, deeply nested, NUL-bearing and
 * wrong-typed input (path, query, body, headers), signed out and signed in as each role, against the
 * real five services: no answer may be a 5xx, none may name an internal address, every request must
 * be answered. Bounded and repeatable: a fixed seed, at most MAX_CASES_PER_ROUTE cases a route.
 */

jest.setTimeout(240_000);

// FUZZ_SEED explores further by hand; the suite always runs the same cases.
const SEED = Number(process.env.FUZZ_SEED ?? 0x0c417a3);
const MAX_CASES_PER_ROUTE = 48;
const RANDOM_CASES_PER_ROUTE = 10;
const CONCURRENCY = 8;
const BODY_LIMIT = 256 * 1024;

// ---- A seeded random source (mulberry32), so a failure names a case that happens again ----

function randomSource(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    chance: (p: number) => next() < p,
    int: (n: number) => Math.floor(next() * n),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)],
    /** A version-4 UUID from this source, so a failing case names the same id again. */
    uuid: () => {
      const hex = Array.from({ length: 32 }, () => Math.floor(next() * 16).toString(16)).join('');
      return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20)}`;
    },
    sample: <T>(items: readonly T[], n: number): T[] => {
      const copy = [...items];
      for (let i = copy.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        [copy[i], copy[j]] = [copy[j], copy[i]];
      }
      return copy.slice(0, n);
    },
  };
}
const random = randomSource(SEED);

// ---- Values: those a field might take, and those no field should ----

const nested = (levels: number): unknown => {
  let value: unknown = 'x';
  for (let i = 0; i < levels; i++) value = i % 2 ? { a: value } : [value];
  return value;
};

/** Input meant to hurt: NUL, huge, odd Unicode, injection-shaped text, edge numbers, wrong shapes. */
const HOSTILE: unknown[] = [
  '\u0000',
  'a\u0000b',
  'x'.repeat(100_000),
  '',
  ' ',
  '😀'.repeat(2000),
  '\uD800',
  'e\u0301'.repeat(300),
  "' OR 1=1 --",
  '%00',
  '../../../../etc/passwd',
  '${jndi:ldap://example.invalid/a}',
  '<script>alert(1)</script>',
  'NaN',
  'Infinity',
  '1e309',
  '-0',
  '0x10',
  '١٢٣',
  '２０２１',
  '2021-02-30',
  '9999-12-31T23:59:59Z',
  '0000-01-01',
  '+919999999999999999999',
  -1,
  0,
  1.5,
  2 ** 31,
  2 ** 53 + 2,
  1e308,
  -1e308,
  true,
  false,
  null,
  [],
  {},
  [[[]]],
  { $ne: null },
  ['\u0000'],
  { a: '\u0000' },
  nested(30),
  nested(80),
  Array.from({ length: 5000 }, (_, i) => i),
];

/** Strings a field of this product might well accept. */
const PLAUSIBLE = [
  '+919876543210',
  '9876543210',
  '123456',
  'admin@chitram.in',
  'chitram-admin',
  '2021',
  '2hr 14min',
  '24min',
  '2023-08-15',
  'https://videos.example.com/x/master.m3u8',
  'basic',
  'premium',
  'movie',
  'episode',
  'Telugu',
  'telugu',
  'Drama',
  'trending',
  'political',
  'U/A',
  'order_Fuzz0000000001',
  'pay_Fuzz00000000001',
  '0'.repeat(64),
  'evt_Fuzz0000000001',
  'Rangasthalam',
  'master.m3u8',
  '720p/segment-00001.ts',
];

interface FieldSpec {
  name: string;
  rules: Map<string, unknown[]>;
  each: boolean;
}

/** A DTO's fields and the class-validator rules on each, read from class-validator's own metadata. */
function fieldsOf(dto: Type | undefined): FieldSpec[] {
  if (!dto || [String, Number, Boolean, Object, Array].includes(dto as never)) return [];
  const fields = new Map<string, FieldSpec>();
  for (const meta of getMetadataStorage().getTargetValidationMetadatas(dto, '', true, false)) {
    const field = fields.get(meta.propertyName) ?? { name: meta.propertyName, rules: new Map(), each: false };
    field.rules.set(meta.name ?? meta.type, meta.constraints ?? []);
    if (meta.each) field.each = true;
    fields.set(meta.propertyName, field);
  }
  return [...fields.values()];
}

/** What exists (made in beforeAll), so lookups and updates get past "not found" to their input. */
const fixtures: Partial<
  Record<'movie' | 'slug' | 'show' | 'series' | 'episode' | 'viewer' | 'video' | 'upload', string>
> = {};
const idLike = () => {
  const known = Object.values(fixtures);
  return random.chance(0.5) && known.length
    ? random.pick(known)
    : random.pick([random.uuid(), random.uuid().toUpperCase()]);
};

/** The fixture a path parameter of a route would name. */
function fixtureFor(path: string, param: string): string | undefined {
  if (param === 'videoId' || param === 'uploadId') return fixtures[param === 'videoId' ? 'video' : 'upload'];
  if (param === 'seriesId') return fixtures.series;
  if (path.includes('/users/')) return fixtures.viewer;
  if (/episodes\/:id|show\//.test(path)) return random.pick([fixtures.show, fixtures.episode]);
  if (path.includes('/series/')) return fixtures.series;
  if (param === 'idOrSlug') return random.pick([fixtures.movie, fixtures.slug]);
  return /id$/i.test(param) ? fixtures.movie : undefined;
}

/** A value a field with these rules would likely take. */
function plausibleFor(field: FieldSpec): unknown {
  const { rules } = field;
  const one = (): unknown => {
    if (rules.has('isIn')) return random.pick(rules.get('isIn')![0] as unknown[]);
    if (rules.has('isUuid')) return idLike();
    if (rules.has('isBoolean')) return random.chance(0.5);
    if (rules.has('isInt') || rules.has('isNumber') || rules.has('min') || rules.has('max')) {
      const min = (rules.get('min')?.[0] as number | undefined) ?? 0;
      const max = (rules.get('max')?.[0] as number | undefined) ?? 1000;
      return random.pick([min, max, min + random.int(Math.max(1, max - min)), max + 1, min - 1]);
    }
    if (rules.has('isEmail'))
      return random.pick(['admin@chitram.in', 'a@b.co', `x${random.int(1e6)}@example.in`]);
    if (rules.has('maxLength')) {
      const max = rules.get('maxLength')![0] as number;
      return random.pick(['ఆ'.repeat(max), 'x'.repeat(max + 1), random.pick(PLAUSIBLE)]);
    }
    return random.pick(PLAUSIBLE);
  };
  if (field.each || rules.has('isArray')) return Array.from({ length: 1 + random.int(3) }, one);
  return one();
}

/** A body for a DTO: plausible fields, some left out, one or two made hostile. */
function bodyFor(fields: FieldSpec[]): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const field of fields) if (random.chance(0.85)) body[field.name] = plausibleFor(field);
  for (let i = random.int(3); i > 0 && fields.length; i--)
    body[random.pick(fields).name] = random.pick(HOSTILE);
  if (random.chance(0.1)) body[`unknown${random.int(10)}`] = random.pick(HOSTILE);
  return body;
}

/**
 * The platform's health report answers 503 by design while any service's check runs past its limit
 * (as it may on a busy machine under this very load): a readiness signal, not an error, when its body
 * is the report.
 */
function isHealthReport(c: { method: string; url: string }, status: number, text: string): boolean {
  if (c.method !== 'GET' || !/^\/api\/health(\?|$)/.test(c.url) || status !== 503) return false;
  try {
    const report = JSON.parse(text) as { status?: unknown; services?: unknown };
    return report.status === 'degraded' && typeof report.services === 'object' && report.services !== null;
  } catch {
    return false;
  }
}

/** Percent-encoding that takes lone surrogates too (as the replacement character a browser would send). */
const encode = (text: string) =>
  encodeURIComponent(
    text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD'),
  );

/** A path parameter's value by its route and name, plausible or not. */
function paramValue(path: string, name: string): string {
  if (random.chance(0.35)) return encode(String(random.pick(HOSTILE))).slice(0, 700);
  const fixture = fixtureFor(path, name);
  if (fixture && random.chance(0.7)) return encode(fixture);
  if (/id$/i.test(name) || name === 'idOrSlug') return idLike();
  const byName: Record<string, string[]> = {
    language: ['telugu', 'hindi', 'klingon'],
    group: ['trending', 'featured', 'drama', 'nothing'],
    category: ['political', 'health', 'education', 'sports'],
    kind: ['movie', 'episode', 'song'],
    folder: ['images', 'banners', '..'],
    name: [`${random.uuid()}.png`, 'x.png', '.png'],
    token: ['a'.repeat(200), 'e30.e30.e30', 'x'],
    '*': ['master.m3u8', '720p/seg-00001.ts', '../../secret'],
    uploadId: ['a'.repeat(32), 'f'.repeat(31), 'z'.repeat(32)],
  };
  return encode(random.pick(byName[name] ?? PLAUSIBLE));
}

/**
 * The value of one query key, as it goes in a URL (repeated keys make an array). A random value is cut
 * short enough that a few of them stay under Node's 16 KB limit on the request head, past which Node
 * answers 431 itself, without the gateway.
 */
function queryPairs(name: string, value?: unknown): string[] {
  const chosen = value ?? (random.chance(0.6) ? random.pick(PLAUSIBLE) : random.pick(HOSTILE));
  const longest = value === undefined ? 3_000 : 14_000;
  const text = (v: unknown) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? ''));
  const key = encode(name);
  if (Array.isArray(chosen) && chosen.length < 20)
    return chosen.map((v) => `${key}=${encode(text(v)).slice(0, longest)}`);
  return [`${key}=${encode(text(chosen)).slice(0, longest)}`];
}

// ---- What each route takes, from Nest's metadata ----

interface RouteInput {
  route: RouteEntry;
  pathParams: string[];
  queryNames: string[];
  bodyFields: FieldSpec[];
  takesBody: boolean;
  multipart: boolean;
  tus: boolean;
}

/** The multipart forms' fields are those of the DTO the form fills (gateway/src/media/forms.ts). */
const FORM_DTOS: Record<string, Type> = {
  'AdminUploadsController.createMovie': CreateMovieRequest,
  'AdminUploadsController.updateMovie': CreateMovieRequest,
  'AdminUploadsController.createSeries': CreateSeriesRequest,
  'AdminUploadsController.updateSeries': CreateSeriesRequest,
  'AdminUploadsController.createShow': CreateEpisodeRequest,
  'AdminUploadsController.updateShow': CreateEpisodeRequest,
};
const FILE_FIELDS = ['thumbnail', 'banner', 'titleImage', 'episodes[0][banner]'];

function controllersOf(app: INestApplication): Map<string, Type> {
  const controllers = new Map<string, Type>();
  for (const module of app.get(ModulesContainer).values())
    for (const wrapper of module.controllers.values())
      if (wrapper.metatype) controllers.set(wrapper.metatype.name, wrapper.metatype as Type);
  return controllers;
}

function inputOf(route: RouteEntry, controllers: Map<string, Type>): RouteInput {
  const [controllerName, method] = route.handler.split('.');
  const controller = controllers.get(controllerName)!;
  const handler = (controller.prototype as Record<string, object>)[method];
  const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, method) ?? {}) as Record<
    string,
    { index: number; data?: string }
  >;
  const types = (Reflect.getMetadata('design:paramtypes', controller.prototype, method) ?? []) as Type[];
  const queryNames: string[] = [];
  const bodyFields: FieldSpec[] = [];
  for (const [key, arg] of Object.entries(args)) {
    const kind = Number(key.split(':')[0]) as RouteParamtypes;
    if (kind === RouteParamtypes.QUERY) {
      if (arg.data) queryNames.push(arg.data);
      else queryNames.push(...fieldsOf(types[arg.index]).map((f) => f.name));
    }
    if (kind === RouteParamtypes.BODY) {
      if (arg.data) bodyFields.push({ name: arg.data, rules: new Map(), each: false });
      else bodyFields.push(...fieldsOf(types[arg.index]));
    }
  }
  const multipart = bodyTypesOf(handler, controller).includes('multipart/form-data');
  if (multipart) bodyFields.push(...fieldsOf(FORM_DTOS[route.handler]));
  return {
    route,
    pathParams: [...route.path.matchAll(/:(\w+)|\*/g)].map((m) => m[1] ?? '*'),
    queryNames,
    bodyFields,
    takesBody: ['POST', 'PUT', 'PATCH', 'DELETE'].includes(route.method),
    multipart,
    tus: /\/upload(\/:uploadId)?$/.test(route.path),
  };
}

// ---- Cases ----

type Auth = 'none' | 'user' | 'viewer' | 'admin' | 'garbage' | 'expired';

interface Case {
  method: string;
  url: string;
  auth: Auth;
  headers?: Record<string, string>;
  body?: Buffer | string;
  /** What the case is, for a failure's message. */
  what: string;
}

/** The sign-in that gets a request past a route's guard, so its input is what is tested. */
function passingAuth(route: RouteEntry): Auth {
  if (route.access?.kind !== 'roles') return 'none';
  return route.access.roles.includes('admin') ? 'admin' : random.pick(['viewer', 'user'] as const);
}

function urlOf(input: RouteInput, params: Record<string, string> = {}, query: string[] = []): string {
  const path = input.route.path.replace(/:(\w+)|\*/g, (_m, name: string | undefined) => {
    const key = name ?? '*';
    return params[key] ?? paramValue(input.route.path, key);
  });
  return query.length ? `${path}?${query.join('&')}` : path;
}

const json = (value: unknown) => ({
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(value) ?? 'null',
});

function multipartOf(fields: FieldSpec[], hostile: boolean) {
  const parts: Part[] = [];
  for (const field of fields) {
    if (!random.chance(0.7)) continue;
    let value = plausibleFor(field);
    if (hostile && random.chance(0.3)) value = random.pick(HOSTILE);
    const values = Array.isArray(value) ? value : [value];
    for (const v of values.slice(0, 20))
      parts.push({ name: field.name, value: typeof v === 'string' ? v : (JSON.stringify(v) ?? '') });
  }
  if (random.chance(0.5)) {
    parts.push({
      name: random.pick(FILE_FIELDS),
      filename: random.pick(['a.png', 'a\u0000.png', '../../a.png', '']),
      contentType: random.pick(['image/png', 'video/mp4', 'text/html']),
      data: random.chance(0.5) ? tinyPng : Buffer.from('MZ\u0090\u0000 not a picture'),
    });
  }
  const { contentType, body } = multipartBody(parts);
  return { headers: { 'content-type': contentType }, body };
}

/** Headers a client might send wrong, on any route. */
function hostileHeaders(): Record<string, string> {
  const header = random.pick([
    ['if-none-match', random.pick(['*', '"x"', 'W/"' + 'a'.repeat(4000) + '"', ','])],
    ['range', random.pick(['bytes=0-', 'bytes=-1', 'bytes=99999999999999-', 'bytes=5-1', 'bytes=a-b'])],
    ['x-forwarded-for', random.pick(['not-an-ip', '::1, 1.2.3.4', 'x'.repeat(1000), ', ,', '2001:db8::1'])],
    ['accept-encoding', random.pick(['br;q=nan', '*;q=0', 'gzip, deflate, br, zstd', 'x'.repeat(500)])],
    ['origin', random.pick(['https://evil.example', 'null'])],
    ['x-request-id', random.pick(['x'.repeat(500), '../..', '\u00e9t\u00e9'])],
    ['tus-resumable', random.pick(['1.0.0', '0.2.2', ''])],
    ['upload-length', random.pick(['0', '-1', 'abc', '99999999999999999999', '21474836481', '1024'])],
    ['upload-offset', random.pick(['0', '-5', '1.5', '18446744073709551616'])],
    ['upload-metadata', random.pick(['filename YS5tcDQ=', 'filename AA==', 'garbage', 'a b c d'])],
  ]);
  return { [header[0]]: header[1] };
}

/** The cases that every route gets: each kind of bad input once, on the auth that passes its guard. */
function fixedCases(input: RouteInput): Case[] {
  const { route } = input;
  const auth = passingAuth(route);
  const base = { method: route.method, auth };
  const cases: Case[] = [];
  for (const who of ['none', 'user', 'admin', 'garbage', 'expired'] as const)
    cases.push({ ...base, auth: who, url: urlOf(input), what: `as ${who}` });
  for (const param of input.pathParams) {
    for (const [what, value] of [
      ['NUL', 'a%00b'],
      ['too long', 'a'.repeat(600)],
      ['long', 'a'.repeat(500)],
      ['bad escape', '%E0%A4%A'],
      ['dots', '..%2F..%2Fetc'],
      ['emoji', encode('😀')],
    ])
      cases.push({ ...base, url: urlOf(input, { [param]: value }), what: `path ${param} ${what}` });
  }
  for (const name of [...input.queryNames, 'unknown']) {
    for (const [what, value] of [
      ['NUL', 'a\u0000b'],
      ['array', ['a', 'b']],
      // Under Node's 16 KB header limit, so the gateway itself reads it.
      ['huge', 'x'.repeat(12_000)],
      ['number edge', '1e309'],
      ['negative', '-1'],
      ['empty', ''],
    ] as const) {
      cases.push({ ...base, url: urlOf(input, {}, queryPairs(name, value)), what: `query ${name} ${what}` });
    }
    cases.push({ ...base, url: urlOf(input, {}, [`${name}[a][b]=1`]), what: `query ${name} bracketed` });
  }
  if (!input.takesBody) return cases;
  const withBody = (what: string, sent: { headers?: Record<string, string>; body?: Buffer | string }) =>
    cases.push({ ...base, url: urlOf(input), ...sent, what: `body ${what}` });
  withBody('nested 70', json({ a: nested(70) }));
  withBody('nested 20000', {
    headers: { 'content-type': 'application/json' },
    body: `${'['.repeat(20_000)}${']'.repeat(20_000)}`,
  });
  for (const field of input.bodyFields) {
    withBody(`${field.name} NUL`, json({ ...bodyFor(input.bodyFields), [field.name]: 'a\u0000b' }));
    withBody(
      `${field.name} wrong type`,
      json({ ...bodyFor(input.bodyFields), [field.name]: random.pick(HOSTILE) }),
    );
  }
  for (const scalar of ['null', '123', '"text"', '[]', '[{}]', 'true'])
    withBody(`JSON ${scalar}`, { headers: { 'content-type': 'application/json' }, body: scalar });
  for (const broken of ['{"a":', "{'a':1}", '\uFEFF{}', '{"a":1,"a":2}', '{"__proto__":{"x":1}}', ''])
    withBody(`broken ${JSON.stringify(broken)}`, {
      headers: { 'content-type': 'application/json' },
      body: broken,
    });
  withBody('constructor.prototype', json({ constructor: { prototype: { x: 1 } } }));
  withBody('binary as JSON', {
    headers: { 'content-type': 'application/json' },
    body: Buffer.from([0xff, 0xfe, 0, 1]),
  });
  withBody('latin1 JSON', { headers: { 'content-type': 'application/json; charset=latin1' }, body: '{}' });
  withBody('gzip JSON', {
    headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
    body: gzipSync('{}'),
  });
  withBody('over the limit', json({ a: 'x'.repeat(BODY_LIMIT + 1) }));
  withBody('text/plain', { headers: { 'content-type': 'text/plain' }, body: '{"a":1}' });
  withBody('urlencoded', {
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'a=1&b=%00',
  });
  withBody('no type', { body: '{}' });
  withBody('multipart', multipartOf(input.bodyFields, true));
  if (input.multipart) {
    // One field alone: enough for an update, whose fields are all optional, to reach the catalog.
    for (const field of input.bodyFields) {
      const { contentType, body } = multipartBody([{ name: field.name, value: 'a\u0000b' }]);
      withBody(`multipart ${field.name} NUL`, { headers: { 'content-type': contentType }, body });
    }
  }
  withBody('multipart cut off', {
    headers: { 'content-type': 'multipart/form-data; boundary=x' },
    body: '--x\r\nContent-Disposition: form-data; name="title"\r\n\r\nRoja',
  });
  withBody('multipart no boundary', { headers: { 'content-type': 'multipart/form-data' }, body: 'a' });
  if (input.tus) {
    withBody('upload bytes', {
      headers: {
        'content-type': 'application/offset+octet-stream',
        'tus-resumable': '1.0.0',
        'upload-offset': random.pick(['0', '5', '-1']),
      },
      body: Buffer.alloc(random.pick([1, 1024, 70_000]), 7),
    });
  }
  return cases;
}

/** Cases mixed at random: any auth, plausible and hostile input together, odd headers. */
function randomCase(input: RouteInput): Case {
  const { route } = input;
  const auth = random.chance(0.6)
    ? passingAuth(route)
    : random.pick(['none', 'user', 'viewer', 'admin', 'garbage'] as const);
  const query = random
    .sample([...input.queryNames, 'page', 'limit', 'q'], random.int(4))
    .flatMap((name) => queryPairs(name));
  let sent: { headers?: Record<string, string>; body?: Buffer | string } = {};
  if (input.takesBody) {
    sent =
      input.multipart && random.chance(0.8)
        ? multipartOf(input.bodyFields, true)
        : json(bodyFor(input.bodyFields));
  }
  const method = route.method === 'GET' && random.chance(0.2) ? 'HEAD' : route.method;
  return {
    method,
    auth,
    url: urlOf(input, {}, query),
    ...sent,
    headers: { ...sent.headers, ...(random.chance(0.4) ? hostileHeaders() : {}) },
    what: 'random',
  };
}

let tinyPng: Buffer;

/** Set-up goes wrong mostly when another platform on the same NATS answers in this test's services' place. */
const setUpFailure = (step: string, detail: string) =>
  new Error(
    `fuzz set-up, ${step}: ${detail}. If another platform (npm start) runs on the same NATS, its ` +
      'services may have answered: stop it, or point NATS_URL at a NATS of its own.',
  );

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

describe('fuzzing every route of the gateway', () => {
  const isolation = isolatedEnv();
  const keys = testSigningKeys();
  const gatewayLog = memoryLogger('gateway');
  const services: ServiceName[] = ['auth', 'users', 'catalog', 'billing', 'media'];
  const tokens: Partial<Record<Auth, string>> = {};
  let s3: TestObjectStorage;
  let running: RunningProcesses;
  let app: NestFastifyApplication;
  let base: string;
  let mediaPort: number;

  const signer = (ttlSeconds: number) =>
    new AccessTokenSigner(createPrivateKey(keys.privatePem), {
      issuer: DEFAULT_JWT_ISSUER,
      audience: DEFAULT_JWT_AUDIENCE,
      ttlSeconds,
    });
  /** An admin's token is an owner's, who may call every admin route (D34). */
  const tokenFor = (role: Role, ttl = 900) =>
    signer(ttl).sign({
      sub: randomUUID(),
      role,
      sid: randomUUID(),
      ...(role === 'admin' ? { adminRole: 'owner' as const } : {}),
    });

  /**
   * One request on a connection of its own, kept alive as a browser's would be: a failure is this
   * request's, never one left over from another's connection.
   */
  function send(c: Case): Promise<{ status: number; text: string }> {
    const headers: Record<string, string> = { ...c.headers };
    if (c.auth !== 'none') headers.authorization = `Bearer ${tokens[c.auth]}`;
    const agent = new Agent({ keepAlive: true });
    return new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = httpRequest(
        `${base}${c.url}`,
        { method: c.method, headers, agent, timeout: 20_000 },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString() }),
          );
          res.on('error', reject);
        },
      );
      req.on('timeout', () => req.destroy(new Error('no answer within 20 s')));
      req.on('error', reject);
      req.end(c.body);
    }).finally(() => agent.destroy());
  }

  /** Signs in through the gateway as a viewer would: a real account, with a session the services know. */
  async function signIn(): Promise<string> {
    const phone = String(9_100_000_000 + random.int(800_000_000));
    const headers = { 'content-type': 'application/json' };
    await fetch(`${base}/api/user/send-otp`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ phoneNumber: phone }),
    });
    const outbox = (await (await fetch(`${base}/api/dev/otp-outbox?phone=%2B91${phone}`)).json()) as {
      codes?: Array<{ otp: string }>;
    };
    const otp = outbox.codes?.at(-1)?.otp;
    if (!otp) throw setUpFailure('sign-in', `no code in this auth's outbox: ${JSON.stringify(outbox)}`);
    const verified = (await (
      await fetch(`${base}/api/user/verify-otp`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ phoneNumber: `+91${phone}`, otp }),
      })
    ).json()) as { token: string; _id: string };
    fixtures.viewer = verified._id;
    return verified.token;
  }

  /** Titles, a video and an upload that exist, so updates and lookups get past "not found" to their input. */
  async function makeFixtures(): Promise<void> {
    const admin = { authorization: `Bearer ${tokens.admin}` };
    const post = async (path: string, parts: Part[]) => {
      const { contentType, body } = multipartBody(parts);
      const res = await fetch(`${base}${path}`, {
        method: 'POST',
        headers: { ...admin, 'content-type': contentType },
        body,
      });
      const answer = (await res.json()) as { _id: string; slug?: string; episodes?: Array<{ _id: string }> };
      if (!res.ok) throw setUpFailure(path, `${res.status} ${JSON.stringify(answer)}`);
      return answer;
    };
    const image = (name: string): Part => ({
      name,
      filename: `${name}.png`,
      contentType: 'image/png',
      data: tinyPng,
    });
    const text = (fields: Record<string, string>) =>
      Object.entries(fields).map(([name, value]) => ({ name, value }));
    const movie = await post('/api/admin/movies', [
      ...text({
        title: 'Godavari Express',
        description: 'A night train and a missing ledger.',
        cast: 'Ravi Kiran, Lakshmi Prasanna',
        genre: 'Drama',
        language: 'Telugu',
        rating: 'U/A',
        releaseYear: '2021',
        duration: '2hr 14min',
        isFree: 'true',
        type: 'movie',
      }),
      image('thumbnail'),
      image('banner'),
      image('titleImage'),
    ]);
    fixtures.movie = movie._id;
    fixtures.slug = movie.slug;
    const show = await post('/api/series/upload-episode', [
      ...text({
        title: 'Ward Sabha',
        description: 'Citizens question their councillor.',
        duration: '24min',
        releaseDate: '2024-03-02',
        rating: 'U',
        category: 'political',
      }),
      image('banner'),
      image('titleImage'),
    ]);
    fixtures.show = show._id;
    const series = await post('/api/admin/series', [
      ...text({
        title: 'Arogya Katha',
        cast: 'Dr. Anjali Rao',
        language: 'Kannada',
        rating: 'U',
        genre: 'Drama',
        category: 'health',
        'episodes[0][title]': 'Episode 1',
        'episodes[0][description]': 'Village clinics.',
        'episodes[0][releaseDate]': '2023-08-15',
        'episodes[0][duration]': '22min',
      }),
      image('titleImage'),
      image('episodes[0][banner]'),
    ]);
    fixtures.series = series._id;
    fixtures.episode = series.episodes?.[0]?._id;
    const video = (await (
      await fetch(`${base}/api/admin/videos`, {
        method: 'POST',
        headers: { ...admin, 'content-type': 'application/json' },
        body: JSON.stringify({ ownerKind: 'movie', ownerId: movie._id }),
      })
    ).json()) as { videoId: string };
    fixtures.video = video.videoId;
    const upload = await fetch(`${base}/api/admin/videos/${video.videoId}/upload`, {
      method: 'POST',
      headers: { ...admin, 'tus-resumable': '1.0.0', 'upload-length': '2048' },
    });
    const location = upload.headers.get('location');
    fixtures.upload = location?.split('/').at(-1);
  }

  beforeAll(async () => {
    tinyPng = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#c0392b' } })
      .png()
      .toBuffer();
    s3 = await testObjectStorage();
    mediaPort = await freePort();
    running = await startServiceProcesses(services, isolation.env, {
      auth: { JWT_PRIVATE_KEY: keys.privatePem, OTP_RESEND_SECONDS: '0', OTP_IP_LIMIT: '1000' },
      media: { ...s3.env, MEDIA_HTTP_PORT: String(mediaPort) },
      billing: { SANDBOX_WEBHOOK_DELAY_MS: '600000' },
    });
    const config = loadConfig(GatewayConfig, {
      ...testInfrastructure(),
      RPC_TIMEOUT_MS: '10000',
      JWT_PUBLIC_KEY: keys.publicPem,
      REDIS_KEY_PREFIX: isolation.env.REDIS_KEY_PREFIX,
      MEDIA_URL: `http://127.0.0.1:${mediaPort}`,
      BODY_LIMIT_BYTES: String(BODY_LIMIT),
      SEARCH_RATE_LIMIT: '1000',
    });
    app = await createGatewayApp(config, gatewayLog.logger);
    await app.listen(0, '127.0.0.1');
    base = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
    tokens.admin = await tokenFor('admin');
    tokens.user = await tokenFor('user');
    tokens.expired = await tokenFor('user', -120);
    tokens.garbage = 'eyJhbGciOiJub25lIn0.e30.';
    tokens.viewer = await signIn();
    await makeFixtures();
  }, 180_000);

  afterAll(async () => {
    await app?.close();
    await running?.stop();
    await s3?.destroy();
    await isolation.cleanUp();
  });

  it('answers every request, never with a 5xx, never naming an internal address', async () => {
    const started = Date.now();
    const controllers = controllersOf(app);
    const inputs = declaredRoutes(app, '/api').map((route) => inputOf(route, controllers));
    expect(inputs.length).toBeGreaterThan(50);
    const cases = inputs.flatMap((input) => {
      const fixed = fixedCases(input);
      const kept =
        fixed.length > MAX_CASES_PER_ROUTE - RANDOM_CASES_PER_ROUTE
          ? random.sample(fixed, MAX_CASES_PER_ROUTE - RANDOM_CASES_PER_ROUTE)
          : fixed;
      return [...kept, ...Array.from({ length: RANDOM_CASES_PER_ROUTE }, () => randomCase(input))];
    });
    // Cases that end sessions or delete what others use go last, so the rest meet live fixtures.
    const ending = (c: Case) => c.method === 'DELETE' || /logout|sign-out/.test(c.url);
    const ordered = [...cases.filter((c) => !ending(c)), ...cases.filter(ending)];
    const internal = new RegExp(
      `127\\.0\\.0\\.1|localhost:\\d|:${mediaPort}\\b|nats://|postgres://|redis://`,
    );
    const failures: string[] = [];
    const statuses: Record<number, number> = {};
    let next = 0;
    const worker = async () => {
      while (next < ordered.length) {
        const c = ordered[next++];
        const label = `${c.method} ${c.url.slice(0, 160)} [${c.auth}; ${c.what}]`;
        try {
          const { status, text } = await send(c);
          statuses[status] = (statuses[status] ?? 0) + 1;
          if (status >= 500 && !isHealthReport(c, status, text))
            failures.push(`${label} → ${status} ${text.slice(0, 200)}`);
          else if (internal.test(text))
            failures.push(`${label} → ${status} names an internal address: ${text.slice(0, 200)}`);
        } catch (error) {
          failures.push(`${label} → no answer (${(error as Error).message})`);
        }
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    const errors = gatewayLog.lines
      .filter((line) => Number(line.level) >= 50)
      .map((line) => JSON.stringify(line).slice(0, 400));
    process.stdout.write(
      `fuzz: ${ordered.length} requests over ${inputs.length} routes in ${Date.now() - started} ms, ` +
        `${failures.length} failed; answers by status ${JSON.stringify(statuses)}\n`,
    );
    expect({ failures, errors }).toEqual({ failures: [], errors: [] });
    expect(ordered.length).toBeLessThanOrEqual(MAX_CASES_PER_ROUTE * inputs.length);

    // And every service is still up afterwards (a check may have run slow while the machine was busy).
    const health = await waitFor(
      async () => {
        const report = (await (await fetch(`${base}/api/health`)).json()) as { status: string };
        return report.status === 'up' ? report : undefined;
      },
      15_000,
      500,
    ).catch(async () => (await fetch(`${base}/api/health`)).json());
    expect(health).toMatchObject({ status: 'up' });
  });
});
