import type { StreamAnswer, WatchPosition } from '@chitram/contracts/src/playback-answers';
import { useState } from 'react';
import { useHost } from '../app/host';
import { useViewerTranslation } from '../i18n/use-viewer-translation';
import { streamProblem, type StreamProblem } from './playback-rules';

export interface Playing {
  kind: 'movie' | 'episode';
  titleId: string;
  stream: StreamAnswer;
  /** Where to resume (continue watching); 0 from the start. */
  startAt: number;
}

const STREAM_ROUTE = {
  movie: (id: string) => `movie/${encodeURIComponent(id)}/stream`,
  episode: (id: string) => `series/episodes/${encodeURIComponent(id)}/stream`,
};

/**
 * SPEC §4.5: Play asks for the stream grant (and, for a signed-in viewer, where they left off), then the
 * player opens; a refusal becomes a message with the way on (sign in, see plans, stop another screen).
 */
export function usePlayback() {
  const { api, problemOf, getSession } = useHost();
  const { t } = useViewerTranslation();
  const [playing, setPlaying] = useState<Playing | null>(null);
  const [problem, setProblem] = useState<StreamProblem | null>(null);
  const [starting, setStarting] = useState(false);

  async function play(kind: 'movie' | 'episode', titleId: string) {
    setStarting(true);
    setProblem(null);
    try {
      const stream = await api
        .get(STREAM_ROUTE[kind](titleId), { context: { session: 'user' } })
        .json<StreamAnswer>();
      const signedIn = Boolean(getSession().user?.token);
      const saved = signedIn
        ? await api
            .get(`playback/position/${kind}/${titleId}`, { context: { session: 'user' } })
            .json<{ position: WatchPosition | null }>()
            .catch(() => ({ position: null }))
        : { position: null };
      setPlaying({ kind, titleId, stream, startAt: saved.position?.positionSeconds ?? 0 });
    } catch (error) {
      setPlaying(null);
      setProblem(
        streamProblem(problemOf(error, t('playback.streamFailed')), Boolean(getSession().user?.token), t),
      );
    } finally {
      setStarting(false);
    }
  }

  return { playing, problem, starting, play, stop: () => setPlaying(null) };
}
