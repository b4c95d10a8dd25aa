import { ShortCache } from './short-cache';

describe('answers kept a few seconds (ShortCache)', () => {
  afterEach(() => jest.useRealTimers());

  const counting = () => {
    let calls = 0;
    return {
      load:
        (value = 'v') =>
        () =>
          Promise.resolve(`${value}${++calls}`),
      calls: () => calls,
    };
  };

  it('keeps an answer for its time, then asks again', async () => {
    jest.useFakeTimers({ now: 1_000_000 });
    const cache = new ShortCache<string>(5000);
    const source = counting();
    expect(await cache.get('a', source.load())).toBe('v1');
    expect(await cache.get('a', source.load())).toBe('v1');
    jest.setSystemTime(1_000_000 + 5001);
    expect(await cache.get('a', source.load())).toBe('v2');
    expect(source.calls()).toBe(2);
  });

  it('keeps nothing that says so, and nothing past the time it says', async () => {
    jest.useFakeTimers({ now: 1_000_000 });
    const cache = new ShortCache<string>(5000);
    const source = counting();
    await cache.get('none', source.load(), () => 0);
    await cache.get('none', source.load(), () => 0);
    expect(source.calls()).toBe(2);
    await cache.get('brief', source.load(), () => 1_000_000 + 1000);
    jest.setSystemTime(1_000_000 + 1500);
    await cache.get('brief', source.load(), () => Infinity);
    expect(source.calls()).toBe(4);
  });

  it('forgets one key, or all, at once', async () => {
    const cache = new ShortCache<string>(60_000);
    const source = counting();
    await cache.get('a', source.load());
    await cache.get('b', source.load());
    cache.forget('a');
    expect(await cache.get('a', source.load())).toBe('v3');
    expect(await cache.get('b', source.load())).toBe('v2');
    cache.clear();
    expect(await cache.get('b', source.load())).toBe('v4');
  });

  it('shares one load between askers, and does not keep a load that a change overtook', async () => {
    const cache = new ShortCache<string>(60_000);
    let release!: (value: string) => void;
    const slow = () => new Promise<string>((resolve) => (release = resolve));
    const first = cache.get('a', slow);
    const second = cache.get('a', () => Promise.resolve('other'));
    cache.forget('a'); // the answer on its way may predate this
    release('old');
    expect(await first).toBe('old');
    expect(await second).toBe('old');
    expect(cache.size).toBe(0);
    expect(await cache.get('a', () => Promise.resolve('new'))).toBe('new');
    expect(cache.size).toBe(1);
  });

  it('does not keep a failure', async () => {
    const cache = new ShortCache<string>(60_000);
    await expect(cache.get('a', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('a', () => Promise.resolve('up'))).toBe('up');
  });

  it('holds at most its number of entries, the oldest going first', async () => {
    const cache = new ShortCache<string>(60_000, 2);
    for (const key of ['a', 'b', 'c']) await cache.get(key, () => Promise.resolve(key));
    expect(cache.size).toBe(2);
    expect(await cache.get('a', () => Promise.resolve('again'))).toBe('again');
    expect(await cache.get('c', () => Promise.resolve('not asked'))).toBe('c');
  });
});
