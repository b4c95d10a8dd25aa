import { randomUUID } from 'node:crypto';
import {
  DomainError,
  ErrorCode,
  imageUrl,
  MEDIA_KEY_PREFIX,
  MEDIA_SIZE_LIMITS,
  type MediaKind,
  type StoredMedia,
  type UploadPurpose,
} from '@chitram/contracts';
import { acceptedDescription, ACCEPTED_KINDS, detectMediaType, SNIFF_BYTES } from './media-type';

/** Where uploads are written: ObjectStorage in the service, a fake in unit tests. */
export interface UploadSink {
  put(key: string, source: AsyncIterable<Buffer>, contentType: string): Promise<number>;
}

const KIND_WORDS: Record<MediaKind, string> = { image: 'images', video: 'videos' };

function megabytes(bytes: number): string {
  return `${Math.round(bytes / (1024 * 1024))} MB`;
}

export function tooLarge(field: string, kind: MediaKind): DomainError {
  return new DomainError(
    ErrorCode.PAYLOAD_TOO_LARGE,
    `${field} is too large: ${KIND_WORDS[kind]} may be at most ${megabytes(MEDIA_SIZE_LIMITS[kind])}.`,
  );
}

/**
 * Stores one uploaded file: its type is read from its first bytes (the name and the claimed
 * Content-Type are ignored), the size limit of that kind is enforced while the bytes stream through,
 * and it is written under a fresh random key. Nothing is kept if any check fails or the source breaks
 * off: the sink sees an error before it completes the object.
 */
export async function storeUpload(
  sink: UploadSink,
  source: AsyncIterator<Buffer>,
  purpose: UploadPurpose,
  field: string,
): Promise<StoredMedia> {
  const head: Buffer[] = [];
  let headBytes = 0;
  let ended = false;
  while (headBytes < SNIFF_BYTES) {
    const next = await source.next();
    if (next.done) {
      ended = true;
      break;
    }
    head.push(next.value);
    headBytes += next.value.length;
  }
  if (headBytes === 0) {
    throw new DomainError(ErrorCode.VALIDATION_FAILED, `${field} is empty.`, { [field]: ['is empty'] });
  }

  const type = detectMediaType(Buffer.concat(head));
  if (!type || !ACCEPTED_KINDS[purpose].includes(type.kind)) {
    throw new DomainError(
      ErrorCode.UNSUPPORTED_MEDIA_TYPE,
      `${field} must be ${acceptedDescription(purpose)}; the file sent is not.`,
    );
  }
  const limit = MEDIA_SIZE_LIMITS[type.kind];
  if (headBytes > limit) throw tooLarge(field, type.kind);

  async function* checked(): AsyncGenerator<Buffer> {
    yield* head;
    let total = headBytes;
    while (!ended) {
      const next = await source.next();
      if (next.done) return;
      total += next.value.length;
      if (total > limit) throw tooLarge(field, type!.kind);
      yield next.value;
    }
  }

  const key = `${MEDIA_KEY_PREFIX[type.kind]}/${randomUUID()}.${type.extension}`;
  const size = await sink.put(key, checked(), type.contentType);
  return { key, contentType: type.contentType, kind: type.kind, size, url: imageUrl(key) as string };
}
