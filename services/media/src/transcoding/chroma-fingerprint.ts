/**
 * D42's audio fingerprint, computed here from mono 16-bit samples at 11025 Hz (ffmpeg decodes the
 * source to them): one 32-bit item per hop of 4096 / 3 samples, about eight a second, whose bits say
 * which way the sound's pitch classes and spectral envelope lean. The same sound gives the same items
 * (through noise, or framed half a hop later, all but one to three bits); unrelated tunes differ in
 * ten to thirteen bits even played on one instrument.
 *
 * Each frame of 4096 samples (a Hann window, then a radix-2 FFT) gives two views of the sound:
 * - its chroma, the energy of each of the 12 pitch classes between 110 and 3520 Hz (a note and its
 *   octaves in one class) as shares of their total, which follows melody and harmony;
 * - its envelope, the logarithm of the energy of 9 bands evenly spaced in log frequency from 110 to
 *   5000 Hz, which tells apart sounds without a pitch (speech, noise, percussion).
 * Each view less its mean is a shape that does not depend on loudness. A bit is on when the shape
 * lies on the positive side of that bit's direction (24 directions in the chroma's 12 dimensions, 8 in
 * the envelope's 9, drawn once from a fixed seed): a slightly different sound tilts the shape a
 * little and flips few bits, another note or chord turns it and flips many. (Comparing neighbouring
 * classes instead told notes a semitone apart by a few bits only.)
 *
 * A frame quieter than -60 dBFS is silence, which is no sound's own: its item is drawn at random, so
 * stretches of silence (a cut to black) never match one another.
 */

export const SAMPLE_RATE = 11025;
const FRAME = 4096;
/** Items are this many samples apart (not a whole number: frame starts are rounded). */
export const HOP = FRAME / 3;
const LOWEST_HZ = 110;
const HIGHEST_CHROMA_HZ = 3520;
const HIGHEST_BAND_HZ = 5000;
const BANDS = 9;
/** Mean square of a frame's samples (full scale 32768) below which it is silence: -60 dBFS. */
const SILENCE = (32768 * 1e-3) ** 2;

/** An in-place radix-2 FFT of one frame, its tables made once. */
class Fft {
  private readonly reversed = new Uint32Array(FRAME);
  private readonly cos = new Float64Array(FRAME / 2);
  private readonly sin = new Float64Array(FRAME / 2);

  constructor() {
    const bits = Math.log2(FRAME);
    for (let i = 0; i < FRAME; i++) {
      let r = 0;
      for (let b = 0; b < bits; b++) r = (r << 1) | ((i >>> b) & 1);
      this.reversed[i] = r;
    }
    for (let i = 0; i < FRAME / 2; i++) {
      this.cos[i] = Math.cos((-2 * Math.PI * i) / FRAME);
      this.sin[i] = Math.sin((-2 * Math.PI * i) / FRAME);
    }
  }

  private readonly im = new Float64Array(FRAME);

  /** Transforms `re` (the imaginary part starts at zero) and leaves each bin's power in `power`. */
  powerSpectrum(re: Float64Array, power: Float64Array): void {
    const im = this.im.fill(0);
    for (let i = 0; i < FRAME; i++) {
      const j = this.reversed[i];
      if (j > i) {
        const swapped = re[i];
        re[i] = re[j];
        re[j] = swapped;
      }
    }
    for (let size = 2; size <= FRAME; size *= 2) {
      const half = size / 2;
      const step = FRAME / size;
      for (let start = 0; start < FRAME; start += size) {
        for (let k = 0; k < half; k++) {
          const wr = this.cos[k * step];
          const wi = this.sin[k * step];
          const a = start + k;
          const b = a + half;
          const tr = re[b] * wr - im[b] * wi;
          const ti = re[b] * wi + im[b] * wr;
          re[b] = re[a] - tr;
          im[b] = im[a] - ti;
          re[a] += tr;
          im[a] += ti;
        }
      }
    }
    for (let k = 0; k <= FRAME / 2; k++) power[k] = re[k] * re[k] + im[k] * im[k];
  }
}

/** Which pitch class (0–11) and which envelope band (0–8) each FFT bin adds to; -1: neither. */
function binMaps(): { chroma: Int8Array; band: Int8Array } {
  const chroma = new Int8Array(FRAME / 2 + 1).fill(-1);
  const band = new Int8Array(FRAME / 2 + 1).fill(-1);
  const octaves = Math.log2(HIGHEST_BAND_HZ / LOWEST_HZ);
  for (let k = 1; k <= FRAME / 2; k++) {
    const hz = (k * SAMPLE_RATE) / FRAME;
    if (hz < LOWEST_HZ) continue;
    if (hz <= HIGHEST_CHROMA_HZ) {
      const semitones = Math.round(12 * Math.log2(hz / LOWEST_HZ));
      chroma[k] = semitones % 12;
    }
    if (hz <= HIGHEST_BAND_HZ)
      band[k] = Math.min(BANDS - 1, Math.floor((Math.log2(hz / LOWEST_HZ) / octaves) * BANDS));
  }
  return { chroma, band };
}

/** A frame's 12 chroma energies then 9 band energies; null for silence. */
type Features = Float64Array | null;

function frameFeatures(
  samples: Int16Array,
  start: number,
  fft: Fft,
  window: Float64Array,
  maps: ReturnType<typeof binMaps>,
): Features {
  const re = new Float64Array(FRAME);
  let energy = 0;
  for (let i = 0; i < FRAME; i++) {
    const sample = samples[start + i] ?? 0;
    energy += sample * sample;
    re[i] = sample * window[i];
  }
  if (energy / FRAME < SILENCE) return null;
  const power = new Float64Array(FRAME / 2 + 1);
  fft.powerSpectrum(re, power);
  const features = new Float64Array(12 + BANDS);
  for (let k = 0; k < power.length; k++) {
    if (maps.chroma[k] >= 0) features[maps.chroma[k]] += power[k];
    if (maps.band[k] >= 0) features[12 + maps.band[k]] += power[k];
  }
  return features;
}

/** A random 32-bit item: silence's, which matches nothing. */
const randomItem = () => (Math.random() * 0x100000000) >>> 0;

/** Bits from the chroma; the rest come from the envelope. */
const CHROMA_BITS = 24;

/**
 * The directions each bit looks in: for each bit, a weight per feature of its view, drawn once from a
 * fixed seed (xorshift), so every process and every release draws the same.
 */
const DIRECTIONS: Float64Array[] = (() => {
  let x = 0x9e3779b9;
  const next = () => {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    return (x / 0x100000000) * 2 - 1;
  };
  return Array.from({ length: 32 }, (_, bit) =>
    Float64Array.from({ length: bit < CHROMA_BITS ? 12 : BANDS }, next),
  );
})();

/** Each feature less the mean of its view, so that a bit says how the view's shape leans. */
function centred(values: Float64Array): Float64Array {
  const mean = values.reduce((sum, v) => sum + v, 0) / values.length;
  return values.map((v) => v - mean);
}

/**
 * The item of one frame's features: each bit is on when the view's centred shape (chroma as
 * shares of its total, envelope as logarithms) lies on the positive side of the bit's direction. A
 * small change of the sound tilts the shape a little and flips few bits; another note or chord turns
 * it and flips about half.
 */
function itemOf(f: Float64Array): number {
  const chroma = f.subarray(0, 12);
  const total = chroma.reduce((sum, value) => sum + value, 0);
  const shares = centred(chroma.map((value) => (total > 0 ? value / total : 0)));
  const bands = f.subarray(12);
  const floor = Math.max(...bands) * 1e-6 || 1e-12;
  const levels = centred(bands.map((value) => Math.log(Math.max(value, floor))));
  let item = 0;
  DIRECTIONS.forEach((direction, bit) => {
    const view = bit < CHROMA_BITS ? shares : levels;
    let dot = 0;
    for (let i = 0; i < view.length; i++) dot += direction[i] * view[i];
    if (dot > 0) item |= 1 << bit;
  });
  return item >>> 0;
}

/** The fingerprint of mono 16-bit samples at 11025 Hz: one item per hop that a whole frame fits in. */
export function fingerprintSamples(samples: Int16Array): Uint32Array {
  const count = samples.length < FRAME ? 0 : Math.floor((samples.length - FRAME) / HOP) + 1;
  const fft = new Fft();
  const maps = binMaps();
  const window = Float64Array.from(
    { length: FRAME },
    (_, i) => 0.5 - 0.5 * Math.cos((2 * Math.PI * i) / (FRAME - 1)),
  );
  return Uint32Array.from({ length: count }, (_, n) => {
    const features = frameFeatures(samples, Math.round(n * HOP), fft, window, maps);
    return features ? itemOf(features) : randomItem();
  });
}
