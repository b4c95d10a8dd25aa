import { useState } from 'react';
import { type UploadPhase, useVideoUpload, type VideoOwner } from './use-video-upload';
import { videoFileProblem } from './video-rules';

/** How a title's save ended for its video: none was chosen, or how its upload ended. */
export type VideoOutcome = UploadPhase | 'none';

/** What a form's closing message adds about the title's video. */
export function videoOutcomeWords(outcome: VideoOutcome | null): string {
  if (outcome === 'finished') return ' Its video is uploaded and being prepared; follow it in the list.';
  if (outcome === 'cancelled') return ' Its video upload was cancelled; upload one from its edit page.';
  return '';
}

/**
 * The video file of a movie or show form: chosen beside the other fields, checked before anything is
 * sent, and uploaded once the title is saved (its video belongs to the saved title's id).
 */
export function useTitleVideo() {
  const upload = useVideoUpload();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | undefined>();

  return {
    file,
    error,
    upload,
    choose(next: File | null) {
      setFile(next);
      setError(next ? videoFileProblem(next) : undefined);
    },
    /** What is wrong with the chosen file, shown at the field; undefined when it may be sent. */
    check(): string | undefined {
      const problem = file ? videoFileProblem(file) : undefined;
      setError(problem);
      return problem;
    },
    /** Uploads the chosen file into the saved title's video. */
    send(owner: VideoOwner): Promise<VideoOutcome> {
      return file ? upload.start(owner, file) : Promise.resolve('none');
    },
  };
}

export type TitleVideoField = ReturnType<typeof useTitleVideo>;
