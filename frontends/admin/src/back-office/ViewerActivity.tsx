import { useResource } from '../components/use-resource';
import { formatDateTime } from './display-rules';
import { endpoints } from './endpoints';
import type { AdminViewerActivity } from './types';
import { ViewerSection } from './ViewerSection';

/** A session as the page names it: enough to match a stream to its session, not to use it. */
const shortId = (sessionId: string) => sessionId.slice(0, 8);

/** A viewer's activity now (media's screens, auth's sessions), loaded apart from the rest of their page. */
export function useViewerActivity(viewerId: string) {
  return useResource<AdminViewerActivity>(endpoints.viewerActivity(viewerId));
}

/**
 * The viewer's active streams and signed-in sessions (SPEC §2.13 Users). Each comes from its own
 * service: one that does not answer leaves its section marked unavailable while the other shows.
 */
export function ViewerActivity({ activity }: { activity: ReturnType<typeof useViewerActivity> }) {
  const { data, status, error, reload } = activity;
  return (
    <>
      {status === 'error' && (
        <div className="ad-table-note ad-table-note--error ad-error-banner" role="alert">
          Streams and sessions: {error}
          <button type="button" className="button button--ghost button--small" onClick={reload}>
            Try again
          </button>
        </div>
      )}
      <ViewerSection title="Active streams" part={data?.streams} status={status}>
        {({ streams }) =>
          streams.length === 0 ? (
            <p className="ad-part-note">Not watching anything now.</p>
          ) : (
            <div className="ad-table-wrap">
              <table className="ad-table" aria-label="Active streams">
                <thead>
                  <tr>
                    <th scope="col">Title</th>
                    <th scope="col">Kind</th>
                    <th scope="col">Session</th>
                    <th scope="col">Started</th>
                    <th scope="col">Last heartbeat</th>
                  </tr>
                </thead>
                <tbody>
                  {streams.map((stream) => (
                    <tr key={stream.sessionId}>
                      <th scope="row">
                        {stream.title ?? (
                          <span className="ad-table__sub">Video {shortId(stream.videoId)}</span>
                        )}
                      </th>
                      <td className="ad-table__category">{stream.ownerKind ?? '—'}</td>
                      <td className="ad-table__nowrap ad-table__code" title={stream.sessionId}>
                        {shortId(stream.sessionId)}
                      </td>
                      <td className="ad-table__nowrap">{formatDateTime(stream.startedAt)}</td>
                      <td className="ad-table__nowrap">{formatDateTime(stream.lastHeartbeatAt)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )
        }
      </ViewerSection>
      <ViewerSection title="Signed-in sessions" part={data?.sessions} status={status}>
        {({ sessions }) =>
          sessions.length === 0 ? (
            <p className="ad-part-note">Not signed in anywhere.</p>
          ) : (
            <div className="ad-table-wrap">
              <table className="ad-table" aria-label="Signed-in sessions">
                <thead>
                  <tr>
                    <th scope="col">Session</th>
                    <th scope="col">Signed in</th>
                    <th scope="col">Last used</th>
                    <th scope="col">Ends unless used</th>
                  </tr>
                </thead>
                <tbody>
                  {sessions.map((session) => (
                    <tr key={session.sessionId}>
                      <th scope="row" className="ad-table__nowrap ad-table__code" title={session.sessionId}>
                        {shortId(session.sessionId)}
                      </th>
                      <td className="ad-table__nowrap">{formatDateTime(session.createdAt)}</td>
                      <td className="ad-table__nowrap">{formatDateTime(session.lastUsedAt)}</td>
                      <td className="ad-table__nowrap">{formatDateTime(session.expiresAt)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )
        }
      </ViewerSection>
    </>
  );
}
