import {
  VIDEO_UPLOAD_FORMATS,
  VIDEO_UPLOAD_MAX_BYTES,
  type TitleVideo,
  type VideoState,
} from '@chitram/contracts/web';

export { VIDEO_UPLOAD_FORMATS, VIDEO_UPLOAD_MAX_BYTES, type TitleVideo, type VideoState };
export type { VideoStatus } from '@chitram/contracts/web';

/** What the video picker offers: the containers media takes (it reads the file's bytes to be sure). */
export const VIDEO_TYPES = 'video/mp4,video/quicktime,video/webm,video/x-matroska,.mp4,.m4v,.mov,.webm,.mkv';

const VIDEO_NAME = /\.(mp4|m4v|mov|webm|mkv)$/i;

/** Why a chosen file cannot be uploaded as a title's video, before a byte is sent. */
export function videoFileProblem(file: File): string | undefined {
  if (file.size === 0) return 'The video file is empty';
  if (file.size > VIDEO_UPLOAD_MAX_BYTES) return 'The video may be at most 20 GB';
  if (!file.type.startsWith('video/') && !VIDEO_NAME.test(file.name))
    return `Choose a video file (${VIDEO_UPLOAD_FORMATS})`;
  return undefined;
}

/** A video's state in the lists' words: 'Transcoding 42%', 'Failed: why'. */
export function videoStateText(video: Pick<TitleVideo, 'state' | 'progress' | 'error'>): string {
  switch (video.state) {
    case 'uploading':
      return 'Uploading';
    case 'queued':
      return 'Queued';
    case 'transcoding':
      return `Transcoding ${video.progress}%`;
    case 'ready':
      return 'Ready';
    case 'failed':
      return `Failed: ${video.error ?? 'no reason given'}`;
    case 'cancelled':
      return 'No video: upload cancelled';
  }
}

/** States that change without the admin doing anything here (an upload finishing elsewhere, a worker), so the lists keep asking. */
export function isUnsettled(state: VideoState): boolean {
  return state !== 'ready' && state !== 'failed' && state !== 'cancelled';
}

/** A title that has a video in one of these states takes the next file on that video. */
export function takesAFile(video: TitleVideo | null | undefined): video is TitleVideo {
  return video?.state === 'uploading' || video?.state === 'failed' || video?.state === 'cancelled';
}
