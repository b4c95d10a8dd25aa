import { InFlight } from './in-flight';

describe('InFlight', () => {
  it('gives reads of one key that overlap one answer, and asks again once it is given', async () => {
    const inFlight = new InFlight<number>();
    let asked = 0;
    const read = () => Promise.resolve(++asked);
    const [a, b] = await Promise.all([inFlight.share('k', read), inFlight.share('k', read)]);
    expect([a, b, asked]).toEqual([1, 1, 1]);
    expect(await inFlight.share('k', read)).toBe(2);
  });

  it('keeps keys apart, and does not keep a failure', async () => {
    const inFlight = new InFlight<string>();
    const [x, y] = await Promise.all([
      inFlight.share('x', async () => 'x'),
      inFlight.share('y', async () => 'y'),
    ]);
    expect([x, y]).toEqual(['x', 'y']);
    await expect(inFlight.share('x', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await inFlight.share('x', async () => 'again')).toBe('again');
  });
});
