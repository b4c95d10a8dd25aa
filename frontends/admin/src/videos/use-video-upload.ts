import { useEffect, useRef, useState } from 'react';
import { type DetailedError, Upload } from 'tus-js-client';
import type { VideoOwnerKind } from '@chitram/contracts/web';
import { useApi } from '../app/api';
import { useHost } from '../app/host';
import { endpoints } from '../catalog/endpoints';
import { type TransferReading, TransferMeter } from './transfer-meter';
import { takesAFile, type TitleVideo, type VideoStatus } from './video-rules';

/** Each request carries this much of the file: a dropped connection costs at most one chunk. */
const CHUNK_BYTES = 16 * 1024 * 1024;
/** Waits between attempts after a network failure or a server hiccup, then the admin is asked. */
const RETRY_DELAYS_MS = [0, 1000, 3000, 5000, 10_000, 20_000, 30_000, 60_000];
/** How often the progress shown is refreshed. */
const REPORT_EVERY_MS = 250;

export type UploadPhase = 'idle' | 'starting' | 'uploading' | 'finished' | 'failed' | 'cancelled';

export interface VideoUploadState {
  phase: UploadPhase;
  fileName: string;
  sent: number;
  total: number;
  reading: TransferReading;
  error: string;
}

export interface VideoOwner {
  kind: VideoOwnerKind;
  id: string;
  /** The title's video now: one waiting for a file (or whose file failed) takes this one. */
  video?: TitleVideo | null;
}

const IDLE: VideoUploadState = {
  phase: 'idle',
  fileName: '',
  sent: 0,
  total: 0,
  reading: { percent: 0, bytesPerSecond: null, secondsLeft: null },
  error: '',
};

/** What the server said, in its own words when it sent them (`{ code, message }`). */
function uploadProblem(error: Error | DetailedError): string {
  const response = 'originalResponse' in error ? error.originalResponse : null;
  if (!response) return 'The connection was lost. Try again to continue where it stopped.';
  try {
    const body = JSON.parse(response.getBody()) as { message?: unknown };
    if (typeof body.message === 'string') return body.message;
  } catch {
    // Not one of the platform's answers (a proxy's page, tus's plain text).
  }
  return `The upload failed (${response.getStatus()}). Try again to continue where it stopped.`;
}

/**
 * Uploads a title's video with tus (resumable: a dropped connection or a retry carries on from what
 * the server already has), with its percent, speed and time left, and a Cancel that removes what was
 * sent. Resolves each start with how it ended.
 */
export function useVideoUpload() {
  const host = useHost();
  const { api, problemOf } = useApi();
  const [state, setState] = useState<VideoUploadState>(IDLE);
  const current = useRef<{ upload: Upload; videoId: string; file: File; url: string | null } | null>(null);
  const settle = useRef<((phase: UploadPhase) => void) | null>(null);

  // Leaving the page mid-upload cancels it, so its partial file does not wait on the server for days.
  useEffect(
    () => () => {
      if (settle.current) void current.current?.upload.abort(true);
    },
    [],
  );

  // Closing the tab mid-upload asks first.
  useEffect(() => {
    if (state.phase !== 'uploading' && state.phase !== 'starting') return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [state.phase]);

  function finish(phase: UploadPhase, error = '') {
    setState((previous) => ({ ...previous, phase, error }));
    settle.current?.(phase);
    settle.current = null;
  }

  function send(videoId: string, file: File, resumeFrom: string | null): Promise<UploadPhase> {
    const meter = new TransferMeter();
    let reported = 0;
    let renewing: Promise<unknown> = Promise.resolve();
    const upload = new Upload(file, {
      endpoint: new URL(`/api/${endpoints.videoUpload(videoId)}`, window.location.origin).href,
      uploadUrl: resumeFrom,
      chunkSize: CHUNK_BYTES,
      retryDelays: RETRY_DELAYS_MS,
      metadata: { filename: file.name, filetype: file.type },
      // Resuming is within this page (retries, Try again); nothing is left in the browser's storage.
      storeFingerprintForResuming: false,
      onBeforeRequest: async (request) => {
        await renewing;
        request.setHeader('Authorization', `Bearer ${host.getSession().admin?.token ?? ''}`);
      },
      onShouldRetry: (error, attempt) => {
        const status = error.originalResponse?.getStatus() ?? 0;
        if (status === 401) {
          // An access token lives minutes and a film's upload hours: any call through the shell's
          // client renews it, and the next attempt sends the new one.
          renewing = api.get(endpoints.video(videoId)).catch(() => undefined);
          return attempt < 2;
        }
        return status === 0 || status >= 500 || status === 409 || status === 423;
      },
      onUploadUrlAvailable: () => {
        if (current.current) current.current.url = upload.url;
      },
      onProgress: (sent, total) => {
        const reading = meter.read(sent, total);
        if (Date.now() - reported < REPORT_EVERY_MS && sent < total) return;
        reported = Date.now();
        setState((previous) => ({ ...previous, phase: 'uploading', sent, total, reading }));
      },
      onSuccess: () => finish('finished'),
      onError: (error) => finish('failed', uploadProblem(error)),
    });
    current.current = { upload, videoId, file, url: resumeFrom };
    return new Promise<UploadPhase>((resolve) => {
      settle.current = resolve;
      upload.start();
    });
  }

  /** Creates (or reuses) the title's video and uploads `file` into it. */
  async function start(owner: VideoOwner, file: File): Promise<UploadPhase> {
    setState({ ...IDLE, phase: 'starting', fileName: file.name, total: file.size });
    let videoId: string;
    try {
      videoId = takesAFile(owner.video)
        ? owner.video.videoId
        : (
            await api
              .post(endpoints.videos, { json: { ownerKind: owner.kind, ownerId: owner.id } })
              .json<VideoStatus>()
          ).videoId;
    } catch (error) {
      setState((previous) => ({ ...previous, phase: 'failed', error: problemOf(error).message }));
      return 'failed';
    }
    return send(videoId, file, null);
  }

  /** Carries a failed upload on from what the server has (or starts it again if it never began). */
  function retry(): Promise<UploadPhase> {
    const last = current.current;
    if (!last) return Promise.resolve('failed' as const);
    setState((previous) => ({ ...previous, phase: 'starting', error: '' }));
    return send(last.videoId, last.file, last.url);
  }

  /** Stops the upload and removes what the server received of it. */
  async function cancel(): Promise<void> {
    const last = current.current;
    if (!last) return;
    try {
      await last.upload.abort(true);
    } catch {
      // Already gone on the server (or never created): nothing is left to remove.
    }
    finish('cancelled');
  }

  return { ...state, start, retry, cancel };
}
