import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseThumbnails, type Thumbnail } from '@chitram/contracts';
import { ffmpegTools, run } from './ffmpeg';
import { SEGMENT_SECONDS } from './ladder';

/** The trickplay folder under a video's output folder: its WebVTT index and sprite sheets. */
export const TRICKPLAY_DIR = 'trickplay';
export const TRICKPLAY_INDEX = 'index.vtt';
/** A sheet's name in that folder, numbered from 1. */
export const TRICKPLAY_SHEET = /^sheet_\d{3}\.jpg$/;
const sheetName = (n: number) => `sheet_${String(n).padStart(3, '0')}.jpg`;

/** A thumbnail's width; its height follows the picture's display aspect ratio. */
export const THUMB_WIDTH = 240;
/** Thumbnails per sheet row and column: 100 thumbnails, some 16 minutes of a film, per JPEG. */
export const SHEET_COLUMNS = 10;
export const SHEET_ROWS = 10;

/**
 * Seconds between thumbnails: 10 (D42), fewer for a clip shorter than 100 s so that it still shows
 * about ten pictures, and never under 2.
 */
export function trickplayInterval(durationSeconds: number): number {
  return Math.min(10, Math.max(2, Math.round(durationSeconds / 10)));
}

export interface Trickplay {
  interval: number;
  thumbnails: number;
  sheets: number;
  thumbWidth: number;
  thumbHeight: number;
  /** Files written under the trickplay folder, relative to it. */
  files: string[];
}

/** Output that is not the whole set of sheets: the job fails and is tried again, never reported ready. */
export class IncompleteTrickplayError extends Error {
  constructor(why: string) {
    super(`Trickplay output is incomplete: ${why}`);
    this.name = 'IncompleteTrickplayError';
  }
}

/**
 * Thumbnail sprite sheets and their WebVTT index (`sheet_001.jpg#xywh=x,y,w,h`) from a video's
 * keyframes only: `input` is one of our own renditions (a keyframe every SEGMENT_SECONDS), decoded with
 * `-skip_frame nokey`, so a film costs a few hundred decoded frames, not every one of them. Each
 * thumbnail shows the last keyframe at or before its time; the last keyframe is held to the end so the
 * final thumbnails exist. The output is checked before it is returned (checkTrickplay).
 */
export async function makeTrickplay(
  input: string,
  durationSeconds: number,
  outDir: string,
  signal?: AbortSignal,
): Promise<Trickplay> {
  const { ffmpeg } = await ffmpegTools();
  const interval = trickplayInterval(durationSeconds);
  const expected = Math.max(1, Math.ceil(durationSeconds / interval - 0.001));
  // Single thumbnails are made beside the output and dropped once tiled.
  const thumbs = path.join(outDir, `${TRICKPLAY_DIR}-thumbs`);
  await mkdir(thumbs, { recursive: true });
  const filters = [
    'setpts=PTS-STARTPTS',
    `tpad=stop_mode=clone:stop_duration=${interval + SEGMENT_SECONDS}`,
    `fps=1/${interval}:round=down`,
    `scale=w=${THUMB_WIDTH}:h=trunc(${THUMB_WIDTH}/dar/2)*2`,
    'setsar=1',
  ];
  await run(
    ffmpeg,
    ['-hide_banner', '-loglevel', 'error', '-y', '-skip_frame', 'nokey', '-i', input, '-an', '-sn']
      .concat(['-vf', filters.join(','), '-frames:v', String(expected), '-q:v', '5'])
      .concat(path.join(thumbs, 'thumb_%05d.jpg')),
    { signal },
  );
  const made = (await readdir(thumbs)).filter((f) => f.endsWith('.jpg')).length;
  if (made !== expected) throw new IncompleteTrickplayError(`${made} of ${expected} thumbnails were made`);
  const first = jpegSize(await readFile(path.join(thumbs, 'thumb_00001.jpg')));
  if (!first) throw new IncompleteTrickplayError('the first thumbnail is not a whole JPEG');

  const dir = path.join(outDir, TRICKPLAY_DIR);
  await mkdir(dir, { recursive: true });
  await run(
    ffmpeg,
    ['-hide_banner', '-loglevel', 'error', '-y', '-framerate', '1', '-i', path.join(thumbs, 'thumb_%05d.jpg')]
      .concat(['-vf', `tile=${SHEET_COLUMNS}x${SHEET_ROWS}`, '-q:v', '5'])
      .concat(path.join(dir, 'sheet_%03d.jpg')),
    { signal },
  );
  await rm(thumbs, { recursive: true, force: true });
  const sheets = Math.ceil(expected / (SHEET_COLUMNS * SHEET_ROWS));
  const trickplay: Trickplay = {
    interval,
    thumbnails: expected,
    sheets,
    thumbWidth: first.width,
    thumbHeight: first.height,
    files: [TRICKPLAY_INDEX, ...Array.from({ length: sheets }, (_, i) => sheetName(i + 1))],
  };
  await writeFile(path.join(dir, TRICKPLAY_INDEX), trickplayIndex(trickplay, durationSeconds));
  await checkTrickplay(outDir, trickplay, durationSeconds);
  return trickplay;
}

const clock = (seconds: number) => {
  const ms = Math.round(seconds * 1000);
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  return `${pad(Math.floor(ms / 3_600_000))}:${pad(Math.floor(ms / 60_000) % 60)}:${pad(Math.floor(ms / 1000) % 60)}.${pad(ms % 1000, 3)}`;
};

/** The WebVTT index: one cue per thumbnail, naming its sheet and its tile (`#xywh=`), to the end. */
export function trickplayIndex(
  t: Pick<Trickplay, 'interval' | 'thumbnails' | 'thumbWidth' | 'thumbHeight'>,
  durationSeconds: number,
): string {
  const perSheet = SHEET_COLUMNS * SHEET_ROWS;
  const cues = ['WEBVTT', ''];
  for (let i = 0; i < t.thumbnails; i++) {
    const start = i * t.interval;
    const end = i === t.thumbnails - 1 ? durationSeconds : Math.min(durationSeconds, start + t.interval);
    const tile = i % perSheet;
    const x = (tile % SHEET_COLUMNS) * t.thumbWidth;
    const y = Math.floor(tile / SHEET_COLUMNS) * t.thumbHeight;
    cues.push(
      `${clock(start)} --> ${clock(end)}`,
      `${sheetName(Math.floor(i / perSheet) + 1)}#xywh=${x},${y},${t.thumbWidth},${t.thumbHeight}`,
      '',
    );
  }
  return cues.join('\n');
}

/** Width and height of a whole JPEG (starts with SOI, ends with EOI), from its frame header; else null. */
export function jpegSize(jpeg: Buffer): { width: number; height: number } | null {
  if (jpeg.length < 4 || jpeg.readUInt16BE(0) !== 0xffd8 || jpeg.readUInt16BE(jpeg.length - 2) !== 0xffd9)
    return null;
  let at = 2;
  while (at + 9 < jpeg.length) {
    if (jpeg[at] !== 0xff) return null;
    const marker = jpeg[at + 1];
    const length = jpeg.readUInt16BE(at + 2);
    // SOF0–SOF15 but DHT (C4), JPG (C8) and DAC (CC): the frame header with the picture's size.
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc)
      return { height: jpeg.readUInt16BE(at + 5), width: jpeg.readUInt16BE(at + 7) };
    at += 2 + length;
  }
  return null;
}

/**
 * That the trickplay folder holds the whole output: an index whose cues run from 0 to the video's end
 * without a gap, each naming a sheet that is there, whole, and large enough for its tile.
 */
export async function checkTrickplay(
  outDir: string,
  t: Pick<Trickplay, 'interval' | 'thumbnails' | 'sheets'>,
  durationSeconds: number,
): Promise<void> {
  const dir = path.join(outDir, TRICKPLAY_DIR);
  const index = await readFile(path.join(dir, TRICKPLAY_INDEX), 'utf8').catch(() => '');
  const cues = parseTrickplayIndex(index);
  if (!cues.length) throw new IncompleteTrickplayError('the index has no thumbnails');
  let covered = 0;
  for (const cue of cues) {
    if (Math.abs(cue.start - covered) > 0.01) throw new IncompleteTrickplayError(`a gap at ${covered} s`);
    covered = cue.end;
  }
  if (covered < durationSeconds - 0.5)
    throw new IncompleteTrickplayError(`the thumbnails end at ${covered} s of ${durationSeconds} s`);
  const sizes = new Map<string, { width: number; height: number } | null>();
  for (const cue of cues) {
    if (!sizes.has(cue.sheet))
      sizes.set(cue.sheet, jpegSize(await readFile(path.join(dir, cue.sheet)).catch(() => Buffer.alloc(0))));
    const size = sizes.get(cue.sheet);
    if (!size) throw new IncompleteTrickplayError(`${cue.sheet} is missing or not a whole JPEG`);
    if (cue.x + cue.w > size.width || cue.y + cue.h > size.height)
      throw new IncompleteTrickplayError(`${cue.sheet} is smaller than its tiles`);
  }
  if (sizes.size !== t.sheets) throw new IncompleteTrickplayError(`${sizes.size} of ${t.sheets} sheets`);
}

/** The cues of an index this module wrote, each naming its sheet by file name. */
export function parseTrickplayIndex(vtt: string): Thumbnail[] {
  return parseThumbnails(vtt, '').map((cue) => ({ ...cue, sheet: path.basename(cue.sheet) }));
}
