import { firstPts } from './mpegts-start';

/** A TS packet starting a PES packet of `stream` with this PTS (and an adaptation field, if asked). */
function packet(pid: number, stream: number, pts: number, adaptation = 0): Buffer {
  const bytes = Buffer.alloc(188, 0xff);
  bytes[0] = 0x47;
  bytes[1] = 0x40 | (pid >> 8);
  bytes[2] = pid & 0xff;
  bytes[3] = (adaptation ? 0x30 : 0x10) | 0;
  let at = 4;
  if (adaptation) {
    bytes[4] = adaptation;
    at = 5 + adaptation;
  }
  bytes.set([0, 0, 1, stream, 0, 0, 0x80, 0x80, 5], at);
  const p = at + 9;
  bytes[p] = 0x21 | (Math.floor(pts / 2 ** 30) << 1);
  const mid = Math.floor(pts / 2 ** 15) & 0x7fff;
  bytes[p + 1] = mid >> 7;
  bytes[p + 2] = ((mid & 0x7f) << 1) | 1;
  const low = pts & 0x7fff;
  bytes[p + 3] = low >> 7;
  bytes[p + 4] = ((low & 0x7f) << 1) | 1;
  return bytes;
}

describe('the first timestamp of an MPEG-TS segment (D44)', () => {
  it('is the earliest PTS of the audio and video PES packets that start in it', () => {
    const ts = Buffer.concat([
      packet(0x100, 0xe0, 127_920, 7),
      packet(0x101, 0xc0, 126_000),
      packet(0x100, 0xe0, 131_520),
    ]);
    expect(firstPts(ts)).toBe(126_000);
  });

  it('reads a timestamp above 2^32 (33 bits), and nothing from bytes without PES packets', () => {
    expect(firstPts(packet(0x100, 0xe0, 2 ** 32 + 5))).toBe(2 ** 32 + 5);
    expect(firstPts(Buffer.alloc(188 * 3, 0xff))).toBeUndefined();
  });
});
