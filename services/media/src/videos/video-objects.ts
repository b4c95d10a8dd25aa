import type { SharedObjects, StoredVideo } from './videos.repository';

/** Where a video's HLS output lives: one folder per transcode attempt, under the video's own. */
export const hlsPrefix = (videoId: string) => `hls/${videoId}/`;

type RemovedVideo = Pick<StoredVideo, 'id' | 'outputPrefix' | 'sourceKey' | 'posterKey'>;

/**
 * The folders whose objects a removed video may leave behind: its own (every transcode attempt) and,
 * for a copy, the folder of its source's renditions that it played.
 */
export function foldersOf(video: RemovedVideo): string[] {
  const own = hlsPrefix(video.id);
  return video.outputPrefix && !video.outputPrefix.startsWith(own) ? [own, video.outputPrefix] : [own];
}

/**
 * Which objects go with a removed video. A copy plays its source's renditions and poster, so those
 * belong to every video that names them and go with the last one: of the objects stored under
 * `foldersOf(video)`, those in a folder another video still plays stay, and so does a poster another
 * video shows. The uploaded source is the video's alone.
 */
export function objectsToRemove(video: RemovedVideo, stored: string[], shared: SharedObjects): string[] {
  const keys = stored.filter((key) => !shared.outputPrefixes.some((prefix) => key.startsWith(prefix)));
  if (video.sourceKey) keys.push(video.sourceKey);
  if (video.posterKey && !shared.posterShared) keys.push(video.posterKey);
  return keys;
}
