import { useCallback, useEffect, useState } from 'react';
import { TRAILER_OWNER_KINDS, type TitleTrailer, type TrailerTitleKind } from '@chitram/contracts/web';
import { useApi } from '../app/api';
import { useHost } from '../app/host';
import { endpoints } from '../catalog/endpoints';
import { FilePicker } from '../components/FormFields';
import { useTitleVideo, type VideoOutcome } from './use-title-video';
import { VideoUploadPanel } from './VideoUploadPanel';
import {
  isUnsettled,
  type VideoStatus,
  VIDEO_TYPES,
  VIDEO_UPLOAD_FORMATS,
  videoStateText,
} from './video-rules';

/** How often a trailer on its way (uploading elsewhere, queued, transcoding) is asked about. */
const FOLLOW_EVERY_MS = 3000;

/**
 * A film's or series' trailer (D45) in its form: a file chosen beside the other fields and uploaded
 * (tus, resumable, with progress and Cancel) once the title is saved, like its video; the trailer it has
 * now, followed while it is prepared; and Remove.
 */
export function useTitleTrailer(titleKind: TrailerTitleKind, titleId: string | undefined) {
  const video = useTitleVideo();
  const { api, problemOf } = useApi();
  const { toast } = useHost();
  const [current, setCurrent] = useState<VideoStatus | null>(null);
  const [removing, setRemoving] = useState(false);

  const reload = useCallback(async () => {
    if (!titleId) return;
    try {
      const answer = await api.get(endpoints.trailer(titleKind, titleId)).json<TitleTrailer>();
      setCurrent(answer.video);
    } catch {
      // The field shows no trailer; saving the form still works.
    }
  }, [api, titleKind, titleId]);

  useEffect(() => {
    void reload();
  }, [reload]);

  // A trailer being prepared is followed until it is ready or failed.
  useEffect(() => {
    if (!current || !isUnsettled(current.state) || video.upload.phase === 'uploading') return;
    const timer = window.setTimeout(() => void reload(), FOLLOW_EVERY_MS);
    return () => window.clearTimeout(timer);
  }, [current, reload, video.upload.phase]);

  return {
    ...video,
    current,
    removing,
    /** Uploads the chosen file as the saved title's trailer (it replaces the one it has once ready). */
    async send(savedId: string): Promise<VideoOutcome> {
      const outcome = await video.send({ kind: TRAILER_OWNER_KINDS[titleKind], id: savedId, video: current });
      void reload();
      return outcome;
    },
    async remove(): Promise<void> {
      if (!titleId) return;
      setRemoving(true);
      try {
        await api.delete(endpoints.trailer(titleKind, titleId));
        setCurrent(null);
        toast('The trailer is removed.', 'success');
      } catch (error) {
        toast(problemOf(error).message, 'error');
      } finally {
        setRemoving(false);
      }
    },
  };
}

export type TitleTrailerField = ReturnType<typeof useTitleTrailer>;

/** The trailer's picker, what the title has now with Remove, and the upload's progress. */
export function TrailerField({ field }: { field: TitleTrailerField }) {
  const busy = field.upload.phase !== 'idle' && field.upload.phase !== 'failed';
  const current = field.current;
  return (
    <div className="ad-video-field" data-field="trailer">
      {!busy && (
        <FilePicker
          label="Trailer"
          name="trailer"
          // A short clip beside the film's own video: its name is shown, not a second large preview.
          preview={false}
          accept={VIDEO_TYPES}
          file={field.file}
          onChange={field.choose}
          error={field.error}
          hint={`${VIDEO_UPLOAD_FORMATS}. Plays muted on the title's page, free to everyone at up to 720p. Sent after the title is saved.`}
        />
      )}
      {current && (
        <p className="ad-field__hint" data-trailer-state={current.state}>
          Current trailer: {videoStateText(current)}
          {field.file && ' (the chosen file replaces it)'}{' '}
          <button
            type="button"
            className="button button--ghost button--small"
            onClick={() => void field.remove()}
            disabled={field.removing || busy}
          >
            {field.removing ? 'Removing…' : 'Remove trailer'}
          </button>
        </p>
      )}
      <VideoUploadPanel
        upload={field.upload}
        onCancel={() => void field.upload.cancel()}
        onRetry={() => void field.upload.retry()}
      />
    </div>
  );
}
