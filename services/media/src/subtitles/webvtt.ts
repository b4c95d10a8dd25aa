// Subtitle files (D44): an admin's SRT or WebVTT, read by its content (never by its name), checked cue by
// cue, and written back as WebVTT, whole or cut into the segments of an HLS subtitle playlist. Pure
// functions: the service stores what they make.

/** One cue: seconds from the start of the video, and its text as WebVTT cue text. */
export interface Cue {
  start: number;
  end: number;
  /** WebVTT cue settings (`line:90% align:center`), kept from a WebVTT file; none from SRT. */
  settings: string;
  text: string;
}

export interface ParsedSubtitles {
  format: 'srt' | 'vtt';
  cues: Cue[];
}

/** Why a file was refused, with the (1-based) line of the file it is about. */
export class SubtitleFileError extends Error {
  constructor(
    readonly line: number,
    readonly reason: string,
  ) {
    super(`Line ${line}: ${reason}`);
    this.name = 'SubtitleFileError';
  }
}

/** `00:01:02,345` (SRT: hours always, a comma) or `00:01:02.345` / `01:02.345` (WebVTT: a dot, hours optional). */
const SRT_TIME = /^(\d{1,3}):(\d{2}):(\d{2})[,.](\d{3})$/;
const VTT_TIME = /^(?:(\d{1,3}):)?(\d{2}):(\d{2})\.(\d{3})$/;
const ARROW = /\s+-->\s+/;
/** Beyond this a "timing" is a typo: no film is a day long. */
const LONGEST_SECONDS = 24 * 3600;

function timeOf(text: string, pattern: RegExp, line: number): number {
  const match = pattern.exec(text);
  if (!match)
    throw new SubtitleFileError(
      line,
      `"${text}" is not a time (${pattern === SRT_TIME ? 'HH:MM:SS,mmm' : 'HH:MM:SS.mmm'}).`,
    );
  const [hours, minutes, seconds, millis] = [match[1] ?? '0', match[2], match[3], match[4]].map(Number);
  if (minutes > 59 || seconds > 59)
    throw new SubtitleFileError(line, `"${text}" has more than 59 minutes or seconds.`);
  const total = hours * 3600 + minutes * 60 + seconds + millis / 1000;
  if (total > LONGEST_SECONDS) throw new SubtitleFileError(line, `"${text}" is more than a day in.`);
  return total;
}

/** A timing line's start, end and (WebVTT) settings; a broken one is refused with its line. */
function timingOf(text: string, pattern: RegExp, line: number): Omit<Cue, 'text'> {
  const parts = text.trim().split(ARROW);
  if (parts.length !== 2)
    throw new SubtitleFileError(line, `"${text.trim()}" is not a cue timing (start --> end).`);
  const [endText, ...settings] = parts[1].split(/\s+/);
  if (pattern === SRT_TIME && settings.length)
    throw new SubtitleFileError(line, `"${text.trim()}" has more than a start and an end.`);
  const start = timeOf(parts[0], pattern, line);
  const end = timeOf(endText, pattern, line);
  if (end <= start)
    throw new SubtitleFileError(line, `the cue ends (${endText}) before it starts (${parts[0]}).`);
  return { start, end, settings: settings.join(' ') };
}

/** Cue text as WebVTT takes it: SRT's `<font>` and `{\an8}` dropped, a bare `&` escaped, no `-->`. */
function cueText(lines: string[], fromSrt: boolean): string {
  let text = lines.join('\n');
  if (fromSrt)
    text = text
      .replace(/\{\\[^}]*\}/g, '')
      .replace(/<\/?font[^>]*>/gi, '')
      .replace(/&(?![a-zA-Z]+;|#\d+;|#x[0-9a-fA-F]+;)/g, '&amp;')
      .replace(/<(?!\/?(?:i|b|u)>)/g, '&lt;');
  return text.replace(/-->/g, '→');
}

/** Splits a file into blocks of non-blank lines, each with the line number of its first line. */
function blocksOf(lines: string[]): { line: number; lines: string[] }[] {
  const blocks: { line: number; lines: string[] }[] = [];
  let current: { line: number; lines: string[] } | undefined;
  lines.forEach((text, index) => {
    if (text.trim() === '') {
      current = undefined;
      return;
    }
    if (!current) {
      current = { line: index + 1, lines: [] };
      blocks.push(current);
    }
    current.lines.push(text);
  });
  return blocks;
}

function parseSrt(lines: string[]): Cue[] {
  const cues: Cue[] = [];
  for (const block of blocksOf(lines)) {
    // The counter is optional in practice (some tools leave it out); the timing is not.
    let at = 0;
    if (/^\d+$/.test(block.lines[0].trim()) && block.lines.length > 1) at = 1;
    if (!block.lines[at].includes('-->'))
      throw new SubtitleFileError(
        block.line + at,
        `expected a cue timing (00:00:01,000 --> 00:00:02,500), found "${block.lines[at].trim()}".`,
      );
    const timing = timingOf(block.lines[at], SRT_TIME, block.line + at);
    const text = block.lines.slice(at + 1);
    cues.push({ ...timing, text: cueText(text, true) });
  }
  return cues;
}

function parseVtt(lines: string[]): Cue[] {
  const cues: Cue[] = [];
  const blocks = blocksOf(lines);
  if (!/^WEBVTT(?:[ \t].*)?$/.test(blocks[0]?.lines[0] ?? ''))
    throw new SubtitleFileError(1, 'a WebVTT file starts with "WEBVTT".');
  for (const block of blocks.slice(1)) {
    const first = block.lines[0];
    if (/^(NOTE|STYLE|REGION)(?:\s|$)/.test(first)) continue;
    // An optional cue identifier, then the timing.
    const at = first.includes('-->') ? 0 : 1;
    const timingLine = block.lines[at];
    if (timingLine === undefined || !timingLine.includes('-->'))
      throw new SubtitleFileError(
        block.line + at,
        `expected a cue timing (00:00:01.000 --> 00:00:02.500), found "${(timingLine ?? first).trim()}".`,
      );
    const timing = timingOf(timingLine, VTT_TIME, block.line + at);
    cues.push({ ...timing, text: cueText(block.lines.slice(at + 1), false) });
  }
  return cues;
}

/**
 * Reads an SRT or WebVTT file by its content: WebVTT starts with `WEBVTT`, anything else must be SRT.
 * Throws SubtitleFileError (with the line) for bytes that are not UTF-8, a broken timing, or a file
 * without a single cue. Cues come back in order of their start.
 */
export function parseSubtitles(bytes: Buffer): ParsedSubtitles {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new SubtitleFileError(1, 'the file is not UTF-8 text.');
  }
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  const format = /^WEBVTT/.test(lines[0] ?? '') ? 'vtt' : 'srt';
  const cues = format === 'vtt' ? parseVtt(lines) : parseSrt(lines);
  if (!cues.length) throw new SubtitleFileError(1, 'the file has no cues.');
  return { format, cues: cues.sort((a, b) => a.start - b.start || a.end - b.end) };
}

/** `00:01:02.345` */
export function vttTime(seconds: number): string {
  const millis = Math.round(seconds * 1000);
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  return `${pad(Math.floor(millis / 3_600_000))}:${pad(Math.floor(millis / 60_000) % 60)}:${pad(
    Math.floor(millis / 1000) % 60,
  )}.${pad(millis % 1000, 3)}`;
}

function cueBlock(cue: Cue): string {
  const settings = cue.settings ? ` ${cue.settings}` : '';
  return `${vttTime(cue.start)} --> ${vttTime(cue.end)}${settings}\n${cue.text}`;
}

/** A whole WebVTT file of these cues (what SRT becomes). */
export function toWebVtt(cues: Cue[], header = 'WEBVTT'): string {
  return `${[header, ...cues.map(cueBlock)].join('\n\n')}\n`;
}

/** How long each subtitle segment is: a subtitle file is small, so few and long ones. */
export const SUBTITLE_SEGMENT_SECONDS = 60;
export const SUBTITLE_PLAYLIST = 'index.m3u8';
export const SUBTITLE_SEGMENT = /^seg_\d{4}\.vtt$/;
const segmentName = (index: number) => `seg_${String(index).padStart(4, '0')}.vtt`;

export interface SegmentedSubtitles {
  playlist: string;
  /** File name → WebVTT text. */
  segments: Map<string, string>;
}

/**
 * Cuts the cues into an HLS WebVTT rendition of a video this long. Each segment carries every cue that
 * shows during it (a cue across a boundary is in both; players drop the repeat), with times kept from
 * the video's start, and an X-TIMESTAMP-MAP tying the video's start (LOCAL 0) to `firstPts`, the
 * 90 kHz timestamp of the video's first frame, so the cues line up with the picture.
 */
export function segmentSubtitles(cues: Cue[], durationSeconds: number, firstPts: number): SegmentedSubtitles {
  const length = Math.max(durationSeconds, 0.001);
  const count = Math.max(1, Math.ceil(length / SUBTITLE_SEGMENT_SECONDS));
  const header = `WEBVTT\nX-TIMESTAMP-MAP=MPEGTS:${Math.round(firstPts)},LOCAL:00:00:00.000`;
  const segments = new Map<string, string>();
  const lines = [
    '#EXTM3U',
    '#EXT-X-VERSION:3',
    `#EXT-X-TARGETDURATION:${Math.ceil(Math.min(length, SUBTITLE_SEGMENT_SECONDS))}`,
    '#EXT-X-MEDIA-SEQUENCE:0',
    '#EXT-X-PLAYLIST-TYPE:VOD',
  ];
  for (let index = 0; index < count; index++) {
    const from = index * SUBTITLE_SEGMENT_SECONDS;
    const to = Math.min(length, from + SUBTITLE_SEGMENT_SECONDS);
    const inside = cues.filter((cue) => cue.start < to && cue.end > from);
    segments.set(segmentName(index), toWebVtt(inside, header));
    lines.push(`#EXTINF:${(to - from).toFixed(3)},`, segmentName(index));
  }
  lines.push('#EXT-X-ENDLIST');
  return { playlist: `${lines.join('\n')}\n`, segments };
}
