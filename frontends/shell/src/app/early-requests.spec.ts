import { answerEarly, earlyApiPathOf, startEarlyRequests, storedSessionNamesProfile } from './early-requests';

type Answer = { status: number; body: unknown };

/** A stand-in for the browser's fetch: answers by URL and counts the calls. */
function stubFetch(answers: Record<string, Answer>): string[] {
  const calls: string[] = [];
  globalThis.fetch = (async (url: string) => {
    calls.push(url);
    const answer = answers[url];
    if (!answer) throw new TypeError('Failed to fetch');
    return new Response(JSON.stringify(answer.body), { status: answer.status });
  }) as typeof fetch;
  return calls;
}

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

describe('the home page catalogue asked for as the page opens', () => {
  it('is asked for on the home page, in the language its address names', () => {
    expect(earlyApiPathOf('/', '')).toBe('home/content');
    expect(earlyApiPathOf('/', '?language=Tamil')).toBe('home/content?language=Tamil');
  });

  it('is the plans on the plans page and the title on a title page, nothing on other pages (issue 19)', () => {
    expect(earlyApiPathOf('/subscribe', '')).toBe('plans');
    expect(earlyApiPathOf('/movie/pushpa/play', '')).toBe('movie/pushpa');
    // As the title page asks for it: the slug as the address has it, decoded, then encoded again.
    expect(earlyApiPathOf('/movie/%E0%B0%AC%E0%B0%BE/play', '')).toBe(`movie/${encodeURIComponent('బా')}`);
    for (const other of ['/movies', '/languages/Tamil', '/movie/x', '/movie/%E0%A4/play', '/admin'])
      expect([other, earlyApiPathOf(other, '')]).toEqual([other, null]);
  });

  it('is handed to the home page once; the next load asks the server again', async () => {
    const calls = stubFetch({
      '/api/home/content?language=Tamil': { status: 200, body: { rails: 'early' } },
    });
    startEarlyRequests({ pathname: '/', search: '?language=Tamil' });
    const load = jest.fn(async () => ({ rails: 'fresh' }));

    await expect(answerEarly('home/content', { language: 'Tamil' }, load)).resolves.toEqual({
      rails: 'early',
    });
    expect(load).not.toHaveBeenCalled();
    await expect(answerEarly('home/content', { language: 'Tamil' }, load)).resolves.toEqual({
      rails: 'fresh',
    });
    expect(calls.filter((url) => url.startsWith('/api/'))).toEqual(['/api/home/content?language=Tamil']);
  });

  it('leaves a failed or different request to the page, which then says what went wrong', async () => {
    stubFetch({ '/api/home/content': { status: 503, body: { code: 'UNAVAILABLE' } } });
    startEarlyRequests({ pathname: '/', search: '' });
    await expect(answerEarly('home/content', {}, async () => 'asked again')).resolves.toBe('asked again');

    startEarlyRequests({ pathname: '/', search: '' });
    await expect(answerEarly('home/content', { language: 'Hindi' }, async () => 'Hindi')).resolves.toBe(
      'Hindi',
    );
  });
});

describe('a session with a chosen profile asks for nothing early (D37)', () => {
  const storage = (value: unknown) => ({ getItem: () => JSON.stringify(value) });
  it('tells a chosen profile from the first one, a visitor and a broken store', () => {
    expect(storedSessionNamesProfile(storage({ token: 't', _id: 'a', profile: { _id: 'kid' } }))).toBe(true);
    expect(storedSessionNamesProfile(storage({ token: 't', _id: 'a', profile: { _id: 'a' } }))).toBe(false);
    expect(storedSessionNamesProfile(storage({ token: 't', _id: 'a' }))).toBe(false);
    expect(storedSessionNamesProfile(storage(null))).toBe(false);
    expect(storedSessionNamesProfile({ getItem: () => '{' })).toBe(false);
    expect(storedSessionNamesProfile(null)).toBe(false);
  });
});
