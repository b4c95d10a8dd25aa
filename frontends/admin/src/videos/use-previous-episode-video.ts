import type { SeriesWithEpisodes } from '@chitram/contracts/web';
import { useEffect, useState } from 'react';
import { useApi } from '../app/api';
import { endpoints } from '../catalog/endpoints';

/**
 * The ready video of the episode before this one in its series (D42: its markers may be copied), or
 * undefined for a first episode, a show outside a series, or one whose predecessor has no ready video.
 */
export function usePreviousEpisodeVideo(
  episode: { _id: string; seriesId: string | null; episodeNumber: number } | null | undefined,
): string | undefined {
  const { api } = useApi();
  const [videoId, setVideoId] = useState<string>();
  const seriesId = episode?.seriesId;
  const number = episode?.episodeNumber;
  useEffect(() => {
    setVideoId(undefined);
    if (!seriesId || number === undefined) return;
    let live = true;
    void api
      .get(endpoints.oneSeries(seriesId), { context: { session: 'admin' } })
      .json<SeriesWithEpisodes>()
      .then((series) => {
        const before = series.episodes
          .filter((e) => e.episodeNumber < number && e.video?.state === 'ready')
          .sort((a, b) => b.episodeNumber - a.episodeNumber)[0];
        if (live) setVideoId(before?.video?.videoId);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [api, seriesId, number]);
  return videoId;
}
