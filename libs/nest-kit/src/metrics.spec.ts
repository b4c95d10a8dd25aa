import { Histogram, Registry } from 'prom-client';
import { HotHistogram, metricsText, observeHttpRequest, ScrapeProbes } from './metrics';

describe('metrics', () => {
  it('writes its hot histograms exactly as prom-client writes the same observations', async () => {
    const hot = new HotHistogram('example_seconds', 'example', ['a', 'b'], [0.01, 0.1, 1]);
    const hotRegistry = new Registry();
    hotRegistry.registerMetric(hot as unknown as Histogram);
    const reference = new Registry();
    const plain = new Histogram({
      name: 'example_seconds',
      help: 'example',
      labelNames: ['a', 'b'],
      buckets: [0.01, 0.1, 1],
      registers: [reference],
    });
    for (const [a, b, seconds] of [
      ['x', 'y', 0.005],
      ['x', 'y', 0.01],
      ['x', 'z', 0.5],
      ['x', 'y', 3],
    ] as const) {
      hot.child(a, b).observe(seconds);
      plain.observe({ a, b }, seconds);
    }
    expect(await hotRegistry.metrics()).toBe(await reference.metrics());
  });

  it("finds a label combination's child rather than making another", () => {
    const hot = new HotHistogram('example_seconds', 'example', ['a', 'b', 'c'], [1]);
    expect(hot.child('GET', '/api/plans', '200')).toBe(hot.child('GET', '/api/plans', '200'));
    expect(hot.child('GET', '/api/plans', '200')).not.toBe(hot.child('GET', '/api/plans', '503'));
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
