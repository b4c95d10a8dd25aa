import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { audioFingerprint, itemSeconds, longestSharedRun, MAX_DIFFERING_BITS } from './audio-fingerprint';
import { fingerprintSamples, SAMPLE_RATE } from './chroma-fingerprint';
import { makeEpisodeVideo, makeTestVideo } from './test-sources';

/** A reproducible stream of numbers in [0, 1) (xorshift), for noise that is the same on every run. */
function random(seed: number): () => number {
  let x = seed >>> 0 || 1;
  return () => {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    return x / 0x100000000;
  };
}

/**
 * A tune at 11025 Hz: `notes` semitones above 220 Hz, `perSecond` a second, each note with three
 * harmonics (an instrument, not a sine), at `gain` of full scale, and white noise at `noise` of it.
 */
function tune(
  notes: number[],
  { perSecond = 3, gain = 0.5, noise = 0, seed = 1, skip = 0 } = {},
): Int16Array {
  const length = Math.round((notes.length / perSecond) * SAMPLE_RATE);
  const next = random(seed);
  return Int16Array.from({ length }, (_, i) => {
    const t = (i + skip) / SAMPLE_RATE;
    const hz = 220 * 2 ** (notes[Math.min(notes.length - 1, Math.floor(t * perSecond))] / 12);
    const tone = [1, 0.5, 0.25].reduce(
      (sum, level, h) => sum + level * Math.sin(2 * Math.PI * hz * (h + 1) * t),
      0,
    );
    return Math.round(32767 * (gain * (tone / 1.75) + noise * (next() * 2 - 1)));
  });
}

/** Notes of a made-up melody: `count` notes, each `step` semitones on from the last (within an octave). */
const melody = (count: number, step: number, from = 0) =>
  Array.from({ length: count }, (_, i) => (from + i * step) % 12);

const bits = (value: number) => value.toString(2).replace(/0/g, '').length;
/** Of two fingerprints' aligned items, the share that match (at most MAX_DIFFERING_BITS differ). */
function matching(a: Uint32Array, b: Uint32Array): number {
  const n = Math.min(a.length, b.length);
  let good = 0;
  for (let i = 0; i < n; i++) if (bits((a[i] ^ b[i]) >>> 0) <= MAX_DIFFERING_BITS) good++;
  return good / n;
}
function meanDifference(a: Uint32Array, b: Uint32Array): number {
  const n = Math.min(a.length, b.length);
  let sum = 0;
  for (let i = 0; i < n; i++) sum += bits((a[i] ^ b[i]) >>> 0);
  return sum / n;
}

describe('the audio fingerprint (D42, suggested intros)', () => {
  const intro = melody(30, 7); // 10 s

  it('gives about eight items a second, the same for the same sound', () => {
    const print = fingerprintSamples(tune(intro));
    expect(print.length).toBeGreaterThanOrEqual(78);
    expect(print.length).toBeLessThanOrEqual(81);
    expect(fingerprintSamples(tune(intro))).toEqual(print);
  });

  it('hears the same sound through noise, at another loudness and framed differently', () => {
    const print = fingerprintSamples(tune(intro));
    expect(matching(print, fingerprintSamples(tune(intro, { noise: 0.02, seed: 7 })))).toBeGreaterThan(0.9);
    expect(matching(print, fingerprintSamples(tune(intro, { gain: 0.1 })))).toBeGreaterThan(0.95);
    // Half a hop later: every frame straddles two of the first's.
    expect(matching(print, fingerprintSamples(tune(intro, { skip: 682 })))).toBeGreaterThan(0.85);
  });

  it('tells unrelated tunes of the same instrument apart: they differ in twice the bits a match allows', () => {
    const print = fingerprintSamples(tune(intro));
    for (const other of [melody(30, 5, 2), melody(30, 11, 4), melody(60, 3, 1)]) {
      const theirs = fingerprintSamples(tune(other, { perSecond: other.length / 10 }));
      expect(meanDifference(print, theirs)).toBeGreaterThan(2 * MAX_DIFFERING_BITS);
      expect(longestSharedRun(print, theirs)).toBeNull();
    }
  });

  it('finds the intro two episodes share, and no more of them', () => {
    // Their rests never play the same note at the same time (3 + 5k and 8 + k differ for every k).
    const first = fingerprintSamples(Int16Array.from([...tune(intro), ...tune(melody(45, 5, 3))]));
    const second = fingerprintSamples(
      Int16Array.from([...tune(melody(12, 2, 6)), ...tune(intro), ...tune(melody(45, 1, 8))]),
    );
    const run = longestSharedRun(first, second)!;
    expect(itemSeconds(run.aStart)).toBeLessThan(0.5);
    expect(Math.abs(itemSeconds(run.bStart) - 4)).toBeLessThan(0.5);
    expect(Math.abs(itemSeconds(run.length) - 10)).toBeLessThan(1);
  });

  it('never matches silence with silence', () => {
    const quiet = new Int16Array(20 * SAMPLE_RATE);
    expect(longestSharedRun(fingerprintSamples(quiet), fingerprintSamples(quiet))).toBeNull();
  });

  describe('of files, decoded by ffmpeg', () => {
    let work: string;
    beforeAll(async () => {
      work = await mkdtemp(path.join(tmpdir(), 'chitram-fingerprint-'));
    });
    afterAll(() => rm(work, { recursive: true, force: true }));

    it('finds the shared intro of two encoded episodes', async () => {
      const files = [1, 2].map((variant) => path.join(work, `episode-${variant}.mp4`));
      await Promise.all(
        files.map((file, i) => makeEpisodeVideo(file, { introSeconds: 8, restSeconds: 8, variant: i + 1 })),
      );
      const [a, b] = await Promise.all(files.map((file) => audioFingerprint(file, 60)));
      expect(a.length).toBeGreaterThan(120);
      const run = longestSharedRun(a, b)!;
      expect(run).toMatchObject({ aStart: 0, bStart: 0 });
      expect(Math.abs(itemSeconds(run.length) - 8)).toBeLessThan(1);
    }, 60_000);

    it('gives a file without sound an empty fingerprint, and fails on a file it cannot read', async () => {
      const silent = path.join(work, 'no-sound.mp4');
      await makeTestVideo(silent, { seconds: 2, height: 144, audio: false });
      expect(await audioFingerprint(silent, 60)).toHaveLength(0);
      await expect(audioFingerprint(path.join(work, 'missing.mp4'), 60)).rejects.toThrow(/ffmpeg exited/);
    }, 60_000);
  });
});
