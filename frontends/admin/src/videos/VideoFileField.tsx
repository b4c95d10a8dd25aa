import { FilePicker } from '../components/FormFields';
import type { TitleVideoField } from './use-title-video';
import { VideoAudioPanel } from './VideoAudioPanel';
import { VideoMarkersPanel } from './VideoMarkersPanel';
import { VideoSubtitlesPanel } from './VideoSubtitlesPanel';
import { VideoUploadPanel } from './VideoUploadPanel';
import { type TitleVideo, VIDEO_TYPES, VIDEO_UPLOAD_FORMATS, videoStateText } from './video-rules';

/** What the field shows and sets: the chosen file, its message, and its upload. */
export type VideoFieldState = Pick<TitleVideoField, 'file' | 'error' | 'choose' | 'upload'>;

/**
 * A form's video file (DECISIONS D23): the picker, the title's video as it is now (when editing), and
 * the upload's progress once the title is saved. `onRetried` hears how a Try again ended. A form with
 * several (the series form's episodes) names each and labels each.
 */
export function VideoFileField({
  field,
  current,
  onRetried,
  name = 'video',
  label = 'Video file',
  compact = false,
  previousVideoId,
}: {
  field: VideoFieldState;
  current: TitleVideo | null | undefined;
  onRetried(phase: 'finished' | 'cancelled'): void;
  name?: string;
  label?: string;
  /** Without the file's preview: one field among many (the series form's episode rows). */
  compact?: boolean;
  /** An episode's: the video of its series' previous episode, whose markers it may copy (D42). */
  previousVideoId?: string;
}) {
  const busy = field.upload.phase !== 'idle' && field.upload.phase !== 'failed';
  return (
    <div className="ad-video-field">
      {!busy && (
        <FilePicker
          label={label}
          name={name}
          preview={!compact}
          accept={VIDEO_TYPES}
          file={field.file}
          onChange={field.choose}
          error={field.error}
          hint={`${VIDEO_UPLOAD_FORMATS}, up to 20 GB. Sent after the title is saved; a dropped connection resumes.`}
        />
      )}
      {current && (
        <p className="ad-field__hint" data-video-state={current.state}>
          Current video: {videoStateText(current)}
          {field.file && ' (the chosen file replaces it)'}
        </p>
      )}
      {current?.state === 'ready' && !compact && !field.file && (
        <>
          <VideoMarkersPanel videoId={current.videoId} previousVideoId={previousVideoId} />
          <VideoSubtitlesPanel videoId={current.videoId} />
          <VideoAudioPanel videoId={current.videoId} />
        </>
      )}
      <VideoUploadPanel
        upload={field.upload}
        onCancel={() => void field.upload.cancel()}
        onRetry={() =>
          void field.upload.retry().then((phase) => {
            if (phase === 'finished' || phase === 'cancelled') onRetried(phase);
          })
        }
      />
    </div>
  );
}
