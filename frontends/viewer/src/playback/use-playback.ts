import type { StreamAnswer, WatchPosition } from '@chitram/contracts/web';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
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

/** The history entry an open player adds to its page's, so the browser's Back closes the player. */
const PLAYER_OPEN = 'playerOpen';

function hasPlayerEntry(state: unknown): boolean {
  return (state as Record<string, unknown> | null)?.[PLAYER_OPEN] === true;
}

const STREAM_ROUTE = {
  movie: (id: string) => `movie/${encodeURIComponent(id)}/stream`,
  episode: (id: string) => `series/episodes/${encodeURIComponent(id)}/stream`,
};

/**
 * SPEC §4.5: Play asks for the stream grant (and, for a signed-in viewer, where they left off), then the
 * player opens; a refusal becomes a message with the way on (sign in, see plans, stop another screen).
 * An open player is a history entry of its own: Back (or Esc, or Close) closes it, and the keyboard
 * focus goes back to the Play button (`playButton`) that opened it.
 */
export function usePlayback() {
  const { api, problemOf, getSession } = useHost();
  const { t } = useViewerTranslation();
  const [playing, setPlaying] = useState<Playing | null>(null);
  const [problem, setProblem] = useState<StreamProblem | null>(null);
  const [starting, setStarting] = useState(false);
  const location = useLocation();
  const navigate = useNavigate();
  const playButton = useRef<HTMLButtonElement>(null);
  const open = playing !== null;
  const entered = hasPlayerEntry(location.state);
  const hadEntry = useRef(false);

  // Opening pushes the entry (the same address, its state marked); Back takes it away, which closes.
  useEffect(() => {
    if (open && !entered && !hadEntry.current) {
      hadEntry.current = true;
      void navigate(`${location.pathname}${location.search}`, {
        state: { ...(location.state as object | null), [PLAYER_OPEN]: true },
      });
    } else if (open && !entered && hadEntry.current) {
      hadEntry.current = false;
      setPlaying(null);
    } else if (!open && entered && !hadEntry.current) {
      // A page reloaded on an open player's entry opens closed: drop the mark without a new entry.
      void navigate(`${location.pathname}${location.search}`, {
        replace: true,
        state: { ...(location.state as object | null), [PLAYER_OPEN]: false },
      });
    }
  }, [open, entered, navigate, location]);

  // Focus goes back where the viewer pressed Play once the player has gone.
  const wasOpen = useRef(false);
  useEffect(() => {
    if (wasOpen.current && !open) playButton.current?.focus();
    wasOpen.current = open;
  }, [open]);

  /** Close the player: through Back when it has its entry, so the entry does not linger. */
  const stop = useCallback(() => {
    if (hadEntry.current) void navigate(-1);
    else setPlaying(null);
  }, [navigate]);

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

  return { playing, problem, starting, play, stop, playButton };
}
