import type { SourceAudioStream } from '@chitram/contracts';
import { ffmpegTools, run } from './ffmpeg';

/** What a source video holds, read from its container and streams (not its name). */
export interface VideoProbe {
  formatName: string;
  durationSeconds: number;
  width: number;
  height: number;
  videoCodec: string;
  hasAudio: boolean;
  /** Its audio streams in order (D44: a dub may be one of them). */
  audioStreams: SourceAudioStream[];
}

interface ProbeJson {
  format?: { format_name?: string; duration?: string };
  streams?: Array<{
    codec_type?: string;
    codec_name?: string;
    width?: number;
    height?: number;
    duration?: string;
    channels?: number;
    side_data_list?: Array<{ rotation?: number }>;
    tags?: { rotate?: string; language?: string; title?: string };
  }>;
}

/** A probe that found no video stream or no duration: the file is not a video this platform can play. */
export class NotAVideoError extends Error {
  constructor(why: string) {
    super(why);
    this.name = 'NotAVideoError';
  }
}

/** Containers ffprobe names that hold video people upload (MP4/MOV family, Matroska/WebM, AVI, MPEG-TS). */
const VIDEO_CONTAINERS = /(^|,)(mov|mp4|m4a|3gp|3g2|mj2|matroska|webm|avi|mpegts)(,|$)/;

/** A file in which ffprobe finds no audio stream (D44): not a sound this platform can play. */
export class NotAudioError extends Error {
  constructor(why: string) {
    super(why);
    this.name = 'NotAudioError';
  }
}

/** ffprobe's view of a file's container and streams; undefined when it cannot read the file at all. */
async function probeJson(path: string): Promise<ProbeJson | undefined> {
  try {
    const out = await run((await ffmpegTools()).ffprobe, [
      '-v',
      'error',
      '-print_format',
      'json',
      '-show_format',
      '-show_streams',
      path,
    ]);
    return JSON.parse(out) as ProbeJson;
  } catch {
    return undefined;
  }
}

/** The audio streams ffprobe lists, in order, numbered as ffmpeg's `0:a:N` counts them. */
function audioStreamsOf(json: ProbeJson): SourceAudioStream[] {
  return (json.streams ?? [])
    .filter((s) => s.codec_type === 'audio')
    .map((s, stream) => ({
      stream,
      language: s.tags?.language && s.tags.language !== 'und' ? s.tags.language : null,
      title: s.tags?.title ?? null,
      codec: s.codec_name ?? 'unknown',
      channels: s.channels ?? 0,
    }));
}

/**
 * An audio track's file (D44), read by its content: any container ffmpeg reads (WAV, MP3, AAC, FLAC,
 * Opus, a video's) with at least one audio stream; its first is the track's.
 */
export async function probeAudio(path: string): Promise<SourceAudioStream[]> {
  const json = await probeJson(path);
  const streams = json ? audioStreamsOf(json) : [];
  if (!streams.length) throw new NotAudioError('The file is not audio: no audio stream was found in it.');
  return streams;
}

export async function probeVideo(path: string): Promise<VideoProbe> {
  const json = await probeJson(path);
  if (!json) throw new NotAVideoError('The file is not a video: it could not be read as one.');
  const formatName = json.format?.format_name ?? '';
  const video = json.streams?.find(
    (s) => s.codec_type === 'video' && s.codec_name !== 'mjpeg' && s.codec_name !== 'png',
  );
  if (!VIDEO_CONTAINERS.test(formatName) || !video?.width || !video.height)
    throw new NotAVideoError('The file is not a video: no video stream was found in it.');
  const durationSeconds = Number(json.format?.duration ?? video.duration ?? NaN);
  if (!Number.isFinite(durationSeconds) || durationSeconds <= 0)
    throw new NotAVideoError('The video has no length that can be read.');
  // A phone video recorded upright is stored sideways with a rotation: its shown height is its width.
  const rotation = Math.abs(
    Number(video.side_data_list?.find((d) => d.rotation !== undefined)?.rotation ?? video.tags?.rotate ?? 0),
  );
  const upright = rotation === 90 || rotation === 270;
  return {
    formatName,
    durationSeconds,
    width: upright ? video.height : video.width,
    height: upright ? video.width : video.height,
    videoCodec: video.codec_name ?? 'unknown',
    hasAudio: Boolean(json.streams?.some((s) => s.codec_type === 'audio')),
    audioStreams: audioStreamsOf(json),
  };
}
