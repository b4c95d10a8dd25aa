const PACKET = 188;
const SYNC = 0x47;

/**
 * The earliest presentation timestamp (90 kHz) among the PES packets that start in these MPEG-TS bytes:
 * where the video's clock starts, which a WebVTT segment's X-TIMESTAMP-MAP names (D44). Read from the
 * bytes rather than by ffprobe (the npm build this platform falls back to crashes on MPEG-TS).
 * Undefined when no PES packet with a timestamp starts in them.
 */
export function firstPts(ts: Buffer): number | undefined {
  let earliest: number | undefined;
  for (let at = 0; at + PACKET <= ts.length; at += PACKET) {
    if (ts[at] !== SYNC) return earliest;
    const startsUnit = (ts[at + 1] & 0x40) !== 0;
    const adaptation = (ts[at + 3] >> 4) & 0x3;
    if (!startsUnit || (adaptation & 0x1) === 0) continue;
    const payload = adaptation === 0x3 ? at + 5 + ts[at + 4] : at + 4;
    if (payload + 14 > at + PACKET) continue;
    // A PES packet: 00 00 01, an audio (0xC0–0xDF) or video (0xE0–0xEF) stream, with a PTS.
    if (ts[payload] !== 0 || ts[payload + 1] !== 0 || ts[payload + 2] !== 1) continue;
    const stream = ts[payload + 3];
    if (stream < 0xc0 || stream > 0xef || (ts[payload + 7] & 0x80) === 0) continue;
    const p = payload + 9;
    const pts =
      ((ts[p] >> 1) & 0x07) * 2 ** 30 +
      ((ts[p + 1] << 7) | (ts[p + 2] >> 1)) * 2 ** 15 +
      ((ts[p + 3] << 7) | (ts[p + 4] >> 1));
    earliest = earliest === undefined ? pts : Math.min(earliest, pts);
  }
  return earliest;
}
