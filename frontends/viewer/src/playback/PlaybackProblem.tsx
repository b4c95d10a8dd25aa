import { Link, useLocation } from 'react-router';
import { DeviceWayOn } from './DeviceWayOn';
import type { StreamProblem } from './playback-rules';

/** Why a title did not play, and the way on (SPEC §8 stream errors). */
export function PlaybackProblem({ problem }: { problem: StreamProblem }) {
  const { pathname } = useLocation();
  if (problem.otherDevice) return <DeviceWayOn message={problem.message} />;
  return (
    <div className="vw-title__problem" role="alert">
      <p>{problem.message}</p>
      {problem.action && (
        <Link
          className="button button--ghost button--small"
          to={problem.action.to}
          state={{ returnTo: pathname }}
        >
          {problem.action.label}
        </Link>
      )}
    </div>
  );
}
