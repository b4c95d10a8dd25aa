import type { RefObject } from 'react';
import { Link } from 'react-router';
import { ComingSoon } from './ComingSoon';
import { PlayIcon } from './PlayIcon';

type Target =
  /** Plays here: the title and episode pages' button, which the player hands focus back to. */
  | { onPlay: () => void; disabled?: boolean; buttonRef?: RefObject<HTMLButtonElement | null> }
  /** Plays on the title's own page: the hero's link. */
  | { to: string; state?: unknown };

/**
 * Where a title is played from (issue 19): Play with its triangle when the title has a ready video,
 * "Coming soon" in its place when it has none, so no page offers a Play that cannot play.
 */
export function PlayAction({ playable, label, ...target }: { playable: boolean; label: string } & Target) {
  if (!playable) return <ComingSoon />;
  const className = 'button button--primary vw-feature__play';
  if ('to' in target)
    return (
      <Link className={className} to={target.to} state={target.state}>
        <PlayIcon />
        {label}
      </Link>
    );
  return (
    <button
      ref={target.buttonRef}
      type="button"
      className={className}
      onClick={target.onPlay}
      disabled={target.disabled}
    >
      <PlayIcon />
      {label}
    </button>
  );
}
