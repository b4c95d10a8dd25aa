import { DomainError, ErrorCode } from '@chitram/contracts';
import { NUL_PROBLEM } from '@chitram/nest-kit';
import { inputProblem, MAX_INPUT_DEPTH } from './input-guards';

const nested = (levels: number): unknown => {
  let value: unknown = 'bottom';
  for (let i = 0; i < levels; i++) value = i % 2 ? { next: value } : [value];
  return value;
};

describe('inputProblem', () => {
  const check = (parts: { body?: unknown; query?: unknown; params?: unknown; rawBody?: Buffer }) =>
    inputProblem({ body: undefined, query: {}, params: {}, ...parts });

  it('lets ordinary input through', () => {
    expect(
      check({
        body: { phoneNumber: '+919876543210', cast: ['A', 'B'], episodes: [{ title: 'One' }] },
        query: { page: '2', genre: ['Drama', 'Thriller'] },
        params: { id: '00000000-0000-4000-8000-000000000000' },
      }),
    ).toBeUndefined();
  });

  it(`takes nesting up to ${MAX_INPUT_DEPTH} levels and refuses one more, without recursing`, () => {
    expect(check({ body: nested(MAX_INPUT_DEPTH) })).toBeUndefined();
    const deep = check({ body: nested(MAX_INPUT_DEPTH + 1) });
    expect(deep).toBeInstanceOf(DomainError);
    expect(deep?.code).toBe(ErrorCode.BAD_REQUEST);
    expect(deep?.message).toMatch(/nested too deeply/);
    // Far past what a recursive walk would survive.
    expect(check({ body: nested(200_000) })?.code).toBe(ErrorCode.BAD_REQUEST);
  });

  it('names every field holding a NUL: body paths dotted, query values and path parameters by name', () => {
    const problem = check({
      body: { name: 'a\0b', episodes: [{ title: 'ok' }, { title: '\0' }], ['ke\0y']: 1 },
      query: { q: ['fine', 'x\0'] },
      params: { idOrSlug: '\0' },
    });
    expect(problem?.code).toBe(ErrorCode.VALIDATION_FAILED);
    expect(problem?.fields).toEqual({
      idOrSlug: [NUL_PROBLEM],
      'q.1': [NUL_PROBLEM],
      name: [NUL_PROBLEM],
      'episodes.1.title': [NUL_PROBLEM],
      'ke\\0y': [NUL_PROBLEM],
    });
    expect(problem?.message).toBe(`idOrSlug: ${NUL_PROBLEM}`);
  });

  it('names a bare text body "body", and lists at most twenty fields', () => {
    expect(check({ body: 'a\0' })?.fields).toEqual({ body: [NUL_PROBLEM] });
    const many = Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`f${i}`, '\0']));
    expect(Object.keys(check({ body: many })?.fields ?? {})).toHaveLength(20);
  });

  it('leaves a body kept raw for its signature, and bodies that are streams, to their receivers', () => {
    expect(check({ body: { note: '\0' }, rawBody: Buffer.from('{}') })).toBeUndefined();
    expect(check({ body: new (class Stream {})() })).toBeUndefined();
    expect(check({ body: Buffer.from('\0') })).toBeUndefined();
  });

  it('walks the null-prototype objects Fastify gives query strings and path parameters', () => {
    const query = Object.assign(Object.create(null) as object, { q: '\0' });
    function NullObject() {}
    NullObject.prototype = Object.create(null) as object;
    const params = Object.assign(new (NullObject as unknown as new () => object)(), { id: '\0' });
    expect(check({ query, params })?.fields).toEqual({ id: [NUL_PROBLEM], q: [NUL_PROBLEM] });
  });
});
