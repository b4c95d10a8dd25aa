import { MEDIA_IMAGES_PATH, type VideoStatus } from '@chitram/contracts';
import type { StoredVideo } from './videos.repository';

export function toVideoStatus(video: StoredVideo): VideoStatus {
  return {
    videoId: video.id,
    ownerKind: video.ownerKind,
    ownerId: video.ownerId,
    state: video.state,
    progress: video.progress,
    error: video.error,
    renditions: video.state === 'ready' ? video.renditions : [],
    durationSeconds: video.durationSeconds,
    posterUrl: video.posterKey ? `${MEDIA_IMAGES_PATH}${video.posterKey}` : null,
    hasTrickplay: video.hasTrickplay,
    markers: video.markers,
    updatedAt: video.updatedAt.toISOString(),
  };
}
