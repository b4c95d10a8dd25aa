import { useEffect, useState } from 'react';
import { useApi } from '../app/api';
import { useHost } from '../app/host';
import { endpoints } from '../catalog/endpoints';
import { isUnsettled, type TitleVideo, type VideoStatus } from './video-rules';

/** How often a list asks again about videos still uploading, queued or transcoding. */
const POLL_MS = 3000;

/**
 * The videos of a list's rows as they are now: the rows' copies, updated while any is still on its
 * way (asked of media directly, so the list itself is not reloaded), and Retry for a failed one.
 */
export function useVideoStates(videos: Array<TitleVideo | null | undefined>) {
  const { api, problemOf } = useApi();
  const { toast } = useHost();
  const [fresh, setFresh] = useState<Record<string, TitleVideo>>({});
  const [retrying, setRetrying] = useState<string | null>(null);

  const now = (video: TitleVideo | null | undefined): TitleVideo | null =>
    video ? (fresh[video.videoId] ?? video) : null;
  const waiting = videos
    .map(now)
    .filter((video): video is TitleVideo => video !== null && isUnsettled(video.state))
    .map((video) => video.videoId)
    .sort()
    .join(',');

  useEffect(() => {
    if (!waiting) return;
    const controller = new AbortController();
    const timer = setInterval(() => {
      for (const videoId of waiting.split(',')) {
        api
          .get(endpoints.video(videoId), { signal: controller.signal })
          .json<VideoStatus>()
          .then(
            (video) => setFresh((previous) => ({ ...previous, [videoId]: video })),
            () => undefined,
          );
      }
    }, POLL_MS);
    return () => {
      clearInterval(timer);
      controller.abort();
    };
  }, [api, waiting]);

  async function retry(videoId: string): Promise<void> {
    setRetrying(videoId);
    try {
      const video = await api.post(endpoints.retryVideo(videoId)).json<VideoStatus>();
      setFresh((previous) => ({ ...previous, [videoId]: video }));
      toast('The video is queued for transcoding again.', 'success');
    } catch (error) {
      toast(problemOf(error).message, 'error');
    } finally {
      setRetrying(null);
    }
  }

  return { now, retry, retrying };
}
