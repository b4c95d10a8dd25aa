import '../styles/admin-videos.css';
import { type TitleVideo, videoStateText } from './video-rules';

/** A list row's video: its state in words (with the transcoding progress), and Retry when it failed. */
export function VideoStateCell({
  title,
  video,
  retrying,
  onRetry,
}: {
  title: string;
  video: TitleVideo | null;
  retrying: boolean;
  onRetry(videoId: string): void;
}) {
  if (!video || video.state === 'cancelled') {
    // A cancelled upload left the title as it was before: nothing pending.
    return (
      <td>
        <span className="ad-video-state--none" data-video-state={video?.state ?? 'none'}>
          {video ? videoStateText(video) : 'Link only'}
        </span>
      </td>
    );
  }
  const tone = video.state === 'ready' ? 'ready' : video.state === 'failed' ? 'failed' : 'moving';
  return (
    <td>
      <div className={`ad-video-state ad-video-state--${tone}`} data-video-state={video.state}>
        <span className="ad-video-state__text">{videoStateText(video)}</span>
        {video.state === 'transcoding' && (
          <span className="ad-video-state__bar" aria-hidden="true">
            <span style={{ width: `${video.progress}%` }} />
          </span>
        )}
        {video.state === 'failed' && (
          <button
            type="button"
            className="button button--ghost button--small"
            disabled={retrying}
            aria-label={`Retry the video of ${title}`}
            onClick={() => onRetry(video.videoId)}
          >
            {retrying ? 'Retrying…' : 'Retry'}
          </button>
        )}
      </div>
    </td>
  );
}
