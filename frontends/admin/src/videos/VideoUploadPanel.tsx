import '../styles/admin-videos.css';
import { formatBytes, formatRate, formatTimeLeft } from './transfer-meter';
import type { VideoUploadState } from './use-video-upload';

/**
 * A title's video on its way up: a progress bar with percent, speed and time left, and Cancel; what
 * went wrong, with Try again (it carries on from what the server has); or how it ended.
 */
export function VideoUploadPanel({
  upload,
  onCancel,
  onRetry,
}: {
  upload: VideoUploadState;
  onCancel(): void;
  onRetry(): void;
}) {
  if (upload.phase === 'idle') return null;
  const { percent, bytesPerSecond, secondsLeft } = upload.reading;
  const moving = upload.phase === 'starting' || upload.phase === 'uploading';
  return (
    <section className="ad-upload" aria-label="Video upload">
      <p className="ad-upload__file">
        <span className="ad-upload__name">{upload.fileName}</span>
        <span className="ad-upload__size">{formatBytes(upload.total)}</span>
      </p>
      {moving && (
        <>
          <div
            className="ad-upload__bar"
            role="progressbar"
            aria-label="Video upload progress"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            aria-valuetext={`${percent}%`}
          >
            <span className="ad-upload__fill" style={{ width: `${percent}%` }} />
          </div>
          <p className="ad-upload__figures" aria-live="polite">
            {upload.phase === 'starting' ? (
              'Starting the upload…'
            ) : (
              <>
                <strong>{percent}%</strong>
                <span>
                  {formatBytes(upload.sent)} of {formatBytes(upload.total)}
                </span>
                <span>{formatRate(bytesPerSecond)}</span>
                <span>{formatTimeLeft(secondsLeft)}</span>
              </>
            )}
          </p>
          <button type="button" className="button button--danger-ghost button--small" onClick={onCancel}>
            Cancel upload
          </button>
        </>
      )}
      {upload.phase === 'failed' && (
        <div className="ad-upload__problem" role="alert">
          <p>{upload.error}</p>
          <button type="button" className="button button--ghost button--small" onClick={onRetry}>
            Try again
          </button>
        </div>
      )}
      {upload.phase === 'finished' && (
        <p className="ad-upload__done" role="status">
          Uploaded. The video is being prepared for every screen size; follow it in the list.
        </p>
      )}
      {upload.phase === 'cancelled' && (
        <p className="ad-upload__done" role="status">
          Upload cancelled; nothing of it was kept.
        </p>
      )}
    </section>
  );
}
