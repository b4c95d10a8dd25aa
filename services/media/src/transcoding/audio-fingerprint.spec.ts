import {
  FINGERPRINT_ITEM_SECONDS,
  itemSeconds,
  longestSharedRun,
  MIN_SHARED_SECONDS,
} from './audio-fingerprint';

/** A reproducible stream of random 32-bit items (xorshift), so the noise is the same on every run. */
function noise(seed: number, count: number): number[] {
  let x = seed >>> 0 || 1;
  return Array.from({ length: count }, () => {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    return x;
  });
}

/**
 * A run found where one was made: its starts exact, its length that of the run or up to a second more
 * (noise next to it may happen to look alike for an item or two, as real sounds do).
 */
function expectRun(
  found: ReturnType<typeof longestSharedRun>,
  aStart: number,
  bStart: number,
  length: number,
) {
  expect(found).toMatchObject({ aStart, bStart });
  expect(found!.length).toBeGreaterThanOrEqual(length);
  expect(found!.length).toBeLessThanOrEqual(length + 8);
}

/** Flips `bits` low bits of an item: the same sound, heard slightly differently. */
const blur = (item: number, bits: number) => (item ^ ((1 << bits) - 1)) >>> 0;

describe('longestSharedRun (D42, suggested intros)', () => {
  const intro = noise(42, 240); // about 30 s

  it('finds a shared run at different offsets in the two fingerprints, amid other noise', () => {
    const a = [...noise(1, 40), ...intro, ...noise(2, 500)];
    const b = [
      ...noise(3, 160),
      ...intro.map((item, i) => (i % 7 === 0 ? blur(item, 4) : item)),
      ...noise(4, 300),
    ];
    expectRun(longestSharedRun(a, b), 40, 160, 240);
    expectRun(longestSharedRun(b, a), 160, 40, 240);
  });

  it('finds one at the very start of both', () => {
    const a = [...intro, ...noise(5, 100)];
    const b = [...intro, ...noise(6, 100)];
    expectRun(longestSharedRun(a, b), 0, 0, 240);
  });

  it('forgives a few poorer items inside a run, not a long stretch', () => {
    const spoiled = intro.map((item, i) => (i >= 100 && i < 102 ? blur(item, 20) : item));
    expect(
      longestSharedRun([...spoiled, ...noise(7, 50)], [...intro, ...noise(8, 50)])!.length,
    ).toBeGreaterThanOrEqual(240);
    const broken = intro.map((item, i) => (i >= 100 && i < 120 ? blur(item, 20) : item));
    expectRun(longestSharedRun([...broken, ...noise(9, 50)], [...intro, ...noise(10, 50)]), 120, 120, 120);
  });

  it('offers nothing below the minimum length', () => {
    const short = Math.floor(MIN_SHARED_SECONDS / FINGERPRINT_ITEM_SECONDS) - 2;
    const jingle = intro.slice(0, short);
    expect(
      longestSharedRun([...noise(11, 80), ...jingle, ...noise(12, 80)], [...jingle, ...noise(13, 200)]),
    ).toBeNull();
  });

  it('offers nothing between unrelated sounds, nor for an empty fingerprint', () => {
    expect(longestSharedRun(noise(14, 1400), noise(15, 1400))).toBeNull();
    expect(longestSharedRun([], intro)).toBeNull();
  });

  it('turns items into seconds at about eight a second', () => {
    expect(itemSeconds(8)).toBeCloseTo(0.99, 2);
    expect(FINGERPRINT_ITEM_SECONDS).toBeCloseTo(0.1238, 4);
  });
});
