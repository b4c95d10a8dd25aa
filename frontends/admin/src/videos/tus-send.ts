import type { KyInstance } from 'ky';

/** Each request carries this much of the file: a dropped connection costs at most one chunk. */
const CHUNK_BYTES = 16 * 1024 * 1024;
/** A dropped connection is resumed this many times (from where the server says it got to). */
const RESUMES = 3;
const TUS = { 'tus-resumable': '1.0.0' };
const admin = { session: 'admin' } as const;

/**
 * Sends a file over tus through the shell's API client (its bearer token, its renewal): a creation at
 * `creationPath`, then the bytes in chunks, resumed from the server's offset after a dropped
 * connection. An answer the server gives (a 4xx, a 415 for a file it refused) is thrown as it came.
 * For a dub's audio file (D44); a film's own file has its own uploader (use-video-upload.ts).
 */
export async function tusSend(
  api: KyInstance,
  creationPath: string,
  file: File,
  onProgress: (sent: number) => void = () => undefined,
): Promise<void> {
  const created = await api.post(creationPath, {
    headers: {
      ...TUS,
      'upload-length': String(file.size),
      'upload-metadata': `filename ${btoa(unescape(encodeURIComponent(file.name)))}`,
    },
    context: admin,
  });
  const path = (created.headers.get('location') ?? '').replace(/^\/api\//, '');
  let offset = 0;
  let resumes = 0;
  while (offset < file.size) {
    try {
      const answer = await api.patch(path, {
        headers: {
          ...TUS,
          'upload-offset': String(offset),
          'content-type': 'application/offset+octet-stream',
        },
        body: file.slice(offset, offset + CHUNK_BYTES),
        timeout: false,
        retry: 0,
        context: admin,
      });
      const next = Number(answer.headers.get('upload-offset'));
      // An answer that moves nothing on would have this loop ask for ever.
      if (!(next > offset)) throw new Error('The upload made no progress. Try again.');
      offset = next;
      onProgress(offset);
    } catch (error) {
      // The server's own answer stands; only a connection that went away is resumed.
      if ((error as { response?: unknown }).response || resumes++ >= RESUMES) throw error;
      const at = await api.head(path, { headers: TUS, context: admin });
      offset = Number(at.headers.get('upload-offset'));
    }
  }
}
