import { bandwidthOf, ladderFor } from './ladder';

describe('the HLS ladder (DECISIONS D23)', () => {
  it('climbs from 360p up to the source height among the six rungs', () => {
    const heights = (h: number) => ladderFor(h).map((r) => r.height);
    expect(heights(2160)).toEqual([360, 480, 720, 1080, 1440, 2160]);
    expect(heights(1080)).toEqual([360, 480, 720, 1080]);
    expect(heights(720)).toEqual([360, 480, 720]);
    // Between rungs: never an upscaled rendition.
    expect(heights(1000)).toEqual([360, 480, 720]);
    expect(heights(4320)).toEqual([360, 480, 720, 1080, 1440, 2160]);
    // Smaller than 360p: one 360p rendition.
    expect(heights(240)).toEqual([360]);
  });

  it('gives higher renditions more bandwidth', () => {
    const bandwidths = ladderFor(2160).map(bandwidthOf);
    expect([...bandwidths].sort((a, b) => a - b)).toEqual(bandwidths);
    expect(bandwidthOf({ height: 720, videoKbps: 2800 })).toBe(3220800);
  });
});
