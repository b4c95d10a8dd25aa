import {
  DomainError,
  ErrorCode,
  LARGEST_UPLOAD_BYTES,
  MEDIA_SIZE_LIMITS,
  type StoredMedia,
  type UploadPurpose,
} from '@chitram/contracts';
import type { Multipart } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';
import type { MediaClient } from './media.client';

/** Which file fields a form has and what each accepts. */
export interface UploadFormSpec {
  /** The purpose of a file field (`thumbnail` → image), or undefined if the form has no such file field. */
  fileField(name: string): UploadPurpose | undefined;
  /** Most files the form carries. */
  maxFiles: number;
}

/** A multipart form whose files are already in storage. */
export interface UploadForm {
  /** Text values by field name, `cast[]` filed under `cast`; repeated fields keep every value. */
  fields: Map<string, string[]>;
  /** What was stored for each file field that carried a file. */
  files: Map<string, StoredMedia>;
}

const MAX_TEXT_BYTES = 64 * 1024;
const MAX_TEXT_FIELDS = 600;

/** Every text field name a form may use: `title`, `cast[]`, `episodes[2][title]`. */
const FIELD_NAME = /^[A-Za-z][A-Za-z0-9_]{0,40}(\[\d{0,3}\])?(\[[A-Za-z][A-Za-z0-9_]{0,40}\])?(\[\])?$/;

function fieldNameOf(name: string): string {
  return name.endsWith('[]') ? name.slice(0, -2) : name;
}

function invalid(field: string, problem: string): DomainError {
  return new DomainError(ErrorCode.VALIDATION_FAILED, `${field} ${problem}`, { [field]: [problem] });
}

/** The product's words for what @fastify/multipart and busboy report about a bad form. */
function formError(error: unknown, maxFiles: number): DomainError {
  if (error instanceof DomainError) return error;
  const { code, message, part } = error as { code?: string; message?: string; part?: { fieldname?: string } };
  switch (code) {
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new DomainError(ErrorCode.UNSUPPORTED_MEDIA_TYPE, 'Send this form as multipart/form-data.');
    case 'FST_FILES_LIMIT':
      return new DomainError(
        ErrorCode.BAD_REQUEST,
        `The form carries more files than it takes (${maxFiles}).`,
      );
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return new DomainError(ErrorCode.BAD_REQUEST, 'The form has more fields than it takes.');
    case 'FST_REQ_FILE_TOO_LARGE':
      return new DomainError(
        ErrorCode.PAYLOAD_TOO_LARGE,
        `${part?.fieldname ?? 'A file'} is too large: files may be at most ${LARGEST_UPLOAD_BYTES / (1024 * 1024)} MB.`,
      );
    case 'FST_PROTO_VIOLATION':
      return new DomainError(ErrorCode.BAD_REQUEST, 'The form uses a field name that is not allowed.');
    default:
      return new DomainError(
        ErrorCode.BAD_REQUEST,
        /unexpected end|terminated early/i.test(message ?? '')
          ? 'The form was cut off before it ended.'
          : `The form could not be read${message ? `: ${message}` : ''}.`,
      );
  }
}

/** Resolves true when the whole request body arrived, false when the client went away before its end. */
function bodyArrived(request: FastifyRequest): Promise<boolean> {
  const raw = request.raw;
  if (raw.complete) return Promise.resolve(true);
  if (raw.destroyed) return Promise.resolve(false);
  return new Promise((resolve) => {
    raw.once('end', () => resolve(true));
    raw.once('close', () => resolve(raw.complete));
    // Whatever is left after the closing boundary (an epilogue) is read and dropped.
    raw.resume();
  });
}

/**
 * Reads a multipart form, streaming each file on to the media service as it arrives, so no file is
 * ever held whole in the gateway. Text fields are collected. If anything goes wrong part-way (a file
 * of the wrong type or too large, a form cut off, media unreachable), the files already stored are
 * deleted, the rest of the request is read and dropped (so the client gets to see the answer), and
 * the error is thrown.
 */
export async function receiveUploadForm(
  request: FastifyRequest,
  spec: UploadFormSpec,
  media: MediaClient,
): Promise<UploadForm> {
  const form: UploadForm = { fields: new Map(), files: new Map() };
  if (!request.isMultipart()) {
    throw new DomainError(ErrorCode.UNSUPPORTED_MEDIA_TYPE, 'Send this form as multipart/form-data.');
  }
  const parts = request.parts({
    limits: {
      // One byte over the largest limit, so media sees (and names) an oversized file itself.
      fileSize: Math.max(...Object.values(MEDIA_SIZE_LIMITS)) + 1,
      files: spec.maxFiles,
      fields: MAX_TEXT_FIELDS,
      fieldSize: MAX_TEXT_BYTES,
      parts: spec.maxFiles + MAX_TEXT_FIELDS,
      headerPairs: 20,
    },
  });
  let current: Readable | undefined;
  try {
    for (;;) {
      const next = await parts.next();
      if (next.done) break;
      const part: Multipart = next.value;
      if (part.type === 'field') {
        if (!FIELD_NAME.test(part.fieldname)) throw invalid(part.fieldname, 'is not a field of this form');
        if (part.valueTruncated) throw invalid(part.fieldname, 'is too long');
        const name = fieldNameOf(part.fieldname);
        const value = typeof part.value === 'string' ? part.value : JSON.stringify(part.value);
        form.fields.set(name, [...(form.fields.get(name) ?? []), value]);
        continue;
      }
      current = part.file;
      const purpose = spec.fileField(part.fieldname);
      if (!purpose) throw invalid(part.fieldname, 'is not a file field of this form');
      if (part.filename === '') {
        // A file picker left empty: browsers still send the part, with no name and no bytes.
        part.file.resume();
        continue;
      }
      if (form.files.has(part.fieldname)) throw invalid(part.fieldname, 'was sent more than once');
      const stored = await media.upload(part.file, purpose, part.fieldname);
      form.files.set(part.fieldname, stored);
      if (part.file.truncated) throw formError({ code: 'FST_REQ_FILE_TOO_LARGE', part }, spec.maxFiles);
      current = undefined;
    }
    if (!(await bodyArrived(request)))
      throw new DomainError(ErrorCode.BAD_REQUEST, 'The form was cut off before it ended.');
    return form;
  } catch (error) {
    await media.discard(
      [...form.files.values()].map((f) => f.key),
      'the form failed part-way',
    );
    await drain(current, parts);
    throw formError(error, spec.maxFiles);
  }
}

/** Reads and drops the rest of a form after a failure. */
async function drain(current: Readable | undefined, parts: AsyncIterableIterator<Multipart>): Promise<void> {
  current?.resume();
  try {
    for (;;) {
      const next = await parts.next();
      if (next.done) return;
      if (next.value.type === 'file') next.value.file.resume();
    }
  } catch {
    // The form is broken or cut off; there is nothing more to read.
  }
}

/**
 * Runs `save` with the stored files of a form; if it fails (the catalog refuses a field, or is
 * unreachable), the files are deleted so no object is left that no title uses.
 */
export async function saveWithUploads<T>(
  form: UploadForm,
  media: MediaClient,
  save: () => Promise<T>,
): Promise<T> {
  try {
    return await save();
  } catch (error) {
    await media.discard(
      [...form.files.values()].map((f) => f.key),
      'the catalogue refused the save',
    );
    throw error;
  }
}
