import path from 'node:path';
import { ffmpegTools, run } from './ffmpeg';
import { AUDIO_KBPS, SEGMENT_SECONDS } from './ladder';

/** An audio rendition's playlist and segments (D44), in its own folder: `index.m3u8`, `segment_0000.ts`. */
export const AUDIO_PLAYLIST = 'index.m3u8';
export const AUDIO_SEGMENT = /^segment_(\d{4,6})\.ts$/;

/** EBU R128 at −16 LUFS (D44): every track of a video as loud as the others, so a switch does not jump. */
export const LOUDNORM = 'loudnorm=I=-16:TP=-1.5:LRA=11';

export interface AudioRenditionJob {
  /** The file to read: an uploaded audio file, the video's source, or its lowest rendition's playlist. */
  input: string;
  /** Which of its audio streams (ffmpeg's `0:a:N`). */
  stream: number;
  /** The video's length: the sound is cut or padded with silence to it. */
  durationSeconds: number;
  /** Where the video's clock starts (its first segment's first timestamp, 90 kHz), so both start together. */
  startPts: number;
  outDir: string;
}

/**
 * The ffmpeg arguments that make one audio-only HLS rendition (D44): AAC stereo 48 kHz at the ladder's
 * audio rate, loudness normalised, in 6-second segments numbered by media sequence (as D35's keys
 * want), its timestamps starting where the video's do. The picture is never touched.
 */
export function audioRenditionArgs(job: AudioRenditionJob): string[] {
  return [
    '-hide_banner',
    '-nostats',
    '-loglevel',
    'error',
    '-y',
    '-i',
    job.input,
    '-map',
    `0:a:${job.stream}`,
    '-vn',
    '-sn',
    '-dn',
    '-af',
    `${LOUDNORM},aresample=48000,apad`,
    '-t',
    job.durationSeconds.toFixed(3),
    '-c:a',
    'aac',
    '-b:a',
    `${AUDIO_KBPS}k`,
    '-ac',
    '2',
    '-ar',
    '48000',
    // The mpegts muxer would add its own delay on top of the offset.
    '-muxdelay',
    '0',
    '-muxpreload',
    '0',
    '-output_ts_offset',
    (job.startPts / 90_000).toFixed(6),
    '-f',
    'hls',
    '-hls_time',
    String(SEGMENT_SECONDS),
    '-hls_playlist_type',
    'vod',
    '-hls_segment_filename',
    path.join(job.outDir, 'segment_%04d.ts'),
    '-progress',
    'pipe:1',
    path.join(job.outDir, AUDIO_PLAYLIST),
  ];
}

/** Makes the rendition; `onProgress` hears from ffmpeg as it goes (a long film takes a while). */
export async function makeAudioRendition(
  job: AudioRenditionJob,
  onProgress: () => void = () => undefined,
  signal?: AbortSignal,
): Promise<void> {
  await run((await ffmpegTools()).ffmpeg, audioRenditionArgs(job), { signal, onProgress });
}
