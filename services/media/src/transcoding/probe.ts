import { ffmpegTools, run } from './ffmpeg';

/** What a source video holds, read from its container and streams (not its name). */
export interface VideoProbe {
  formatName: string;
  durationSeconds: number;
  width: number;
  height: number;
  videoCodec: string;
  hasAudio: boolean;
}

interface ProbeJson {
  format?: { format_name?: string; duration?: string };
  streams?: Array<{
    codec_type?: string;
    codec_name?: string;
    width?: number;
    height?: number;
    duration?: string;
    side_data_list?: Array<{ rotation?: number }>;
    tags?: { rotate?: string };
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

export async function probeVideo(path: string): Promise<VideoProbe> {
  let json: ProbeJson;
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
    json = JSON.parse(out) as ProbeJson;
  } catch {
    throw new NotAVideoError('The file is not a video: it could not be read as one.');
  }
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
  };
}
