import { ErrorCode } from '@chitram/contracts';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { CONTAINER_SNIFF_BYTES } from './video-container';
import { HeadCheck, NotAVideoUpload, readHead } from './head-check';
import type { TusFileStore } from './tus-library';
import { tusAnswer } from './tus-answer';

export interface VideoFileStoreOptions {
  directory: string;
  /** Unfinished uploads older than this are swept away. */
  expiryMs: number;
  /** An upload whose first bytes are not a video's was refused and removed. */
  onRefused(uploadId: string, reason: string): Promise<void>;
}

/**
 * tus's file store for video uploads, which looks at an upload's first bytes as they arrive and
 * refuses (415) an upload that is plainly not a video before it takes any more of it.
 */
export function createVideoFileStore(
  FileStore: typeof TusFileStore.FileStore,
  options: VideoFileStoreOptions,
): InstanceType<typeof TusFileStore.FileStore> {
  class VideoFileStore extends FileStore {
    override async write(readable: Readable, uploadId: string, offset: number): Promise<number> {
      if (offset >= CONTAINER_SNIFF_BYTES) return super.write(readable, uploadId, offset);
      // Upload ids are checked against a strict pattern before they reach the store.
      const earlier =
        offset > 0 ? await readHead(path.join(this.directory, uploadId), offset) : Buffer.alloc(0);
      const check = new HeadCheck(earlier);
      readable.once('error', (error) => check.destroy(error));
      try {
        return await super.write(readable.pipe(check), uploadId, offset);
      } catch (error) {
        if (!check.errored || !(check.errored instanceof NotAVideoUpload)) throw error;
        readable.unpipe(check);
        await this.remove(uploadId);
        await options.onRefused(uploadId, check.errored.message);
        throw tusAnswer(ErrorCode.UNSUPPORTED_MEDIA_TYPE, check.errored.message);
      }
    }
  }
  return new VideoFileStore({
    directory: options.directory,
    expirationPeriodInMilliseconds: options.expiryMs,
  });
}
