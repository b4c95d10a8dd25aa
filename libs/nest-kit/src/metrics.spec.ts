import { Histogram, Registry } from 'prom-client';
import { cachedChild, metricsText, observeHttpRequest, ScrapeProbes } from './metrics';

describe('metrics', () => {
  it('keeps one child per label combination, so counting allocates nothing new', () => {
    const histogram = new Histogram({
      name: 'example_seconds',
      help: 'example',
      labelNames: ['a', 'b'],
      registers: [new Registry()],
    });
    const labels = jest.spyOn(histogram, 'labels');
    const child = cachedChild(histogram);
    child('x', 'y').observe(1);
    child('x', 'y').observe(2);
    child('x', 'z').observe(3);
    expect(labels).toHaveBeenCalledTimes(2);
    expect(child('x', 'y')).toBe(child('x', 'y'));
  });

  it('leaves out a probe that fails or does not answer in time', async () => {
    jest.useFakeTimers();
    try {
      const probes = new ScrapeProbes<number>();
      probes.add(() => Promise.resolve(1));
      probes.add(() => Promise.reject(new Error('database away')));
      const remove = probes.add(() => new Promise<number>(() => undefined));
      const read = probes.read();
      await jest.advanceTimersByTimeAsync(2500);
      expect(await read).toEqual([1]);
      remove();
      await expect(probes.read()).resolves.toEqual([1]);
    } finally {
      jest.useRealTimers();
    }
  });

  it('labels a request no route matched as unmatched, never by its URL', async () => {
    observeHttpRequest('GET', undefined, 404, 0.002);
    observeHttpRequest('GET', '/api/movie/:idOrSlug', 200, 0.01);
    const text = await metricsText();
    expect(text).toContain(
      'chitram_http_request_duration_seconds_count{method="GET",route="unmatched",status="404"} 1',
    );
    expect(text).toContain('route="/api/movie/:idOrSlug",status="200"');
    expect(text).toContain('nodejs_eventloop_lag_seconds');
  });
});
