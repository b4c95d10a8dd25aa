import { useState } from 'react';
import type { ApiProblem } from '@chitram/shell-contract';
import { useApi } from '../app/api';

/** SPEC §3 upload state: loading, success, error and what came back. */
export interface Submission<T> {
  loading: boolean;
  success: boolean;
  error: string;
  uploadedData: T | null;
}

/** Uploads and big pictures take longer than an ordinary call. */
export const UPLOAD_TIMEOUT_MS = 180_000;

/** Sends a multipart form (POST or PATCH) and keeps SPEC §3's upload state; a failure comes back as a problem. */
export function useSubmission<T>() {
  const { api, problemOf } = useApi();
  const [state, setState] = useState<Submission<T>>({
    loading: false,
    success: false,
    error: '',
    uploadedData: null,
  });

  /** `onSaved` gets what came back at once (the state has it only on the next render). */
  async function submit(
    method: 'post' | 'patch',
    path: string,
    body: FormData,
    onSaved?: (data: T) => void,
  ): Promise<ApiProblem | null> {
    setState({ loading: true, success: false, error: '', uploadedData: null });
    try {
      const data = await api[method](path, { body, timeout: UPLOAD_TIMEOUT_MS }).json<T>();
      setState({ loading: false, success: true, error: '', uploadedData: data });
      onSaved?.(data);
      return null;
    } catch (error) {
      const problem = problemOf(error);
      setState({ loading: false, success: false, error: problem.message, uploadedData: null });
      return problem;
    }
  }

  return { ...state, submit };
}
