import { createRequire } from 'node:module';
import type * as TusFileStore from '@tus/file-store';
import type * as TusServer from '@tus/server';

export type { TusFileStore, TusServer };

// @tus/* ship ES modules only. Node 20.19+ loads them with require(), but jest's module registry does
// not (before Node 24.9), so they are loaded through Node's own require: the same in the service and
// in the service's in-process tests.
const nodeRequire = createRequire(__filename);

/** The tus server and its file store (loaded on first use). */
export function tusLibrary(): { server: typeof TusServer; fileStore: typeof TusFileStore } {
  return {
    server: nodeRequire('@tus/server') as typeof TusServer,
    fileStore: nodeRequire('@tus/file-store') as typeof TusFileStore,
  };
}
