import { Client, S3Error } from 'minio';
import type { Readable } from 'node:stream';
import type { MediaConfig } from '../config';

/**
 * S3's smallest multipart part (all but the last). One part is the most an upload holds in memory,
 * whatever the file's size.
 */
export const PART_SIZE = 5 * 1024 * 1024;

export interface StoredObjectInfo {
  size: number;
  contentType: string;
  etag: string;
  lastModified: Date;
}

interface RemoveFailure {
  Code?: string;
  Key?: string;
}

const MISSING_CODES = new Set(['NoSuchKey', 'NotFound', 'NoSuchObject']);

export function isMissingObject(error: unknown): boolean {
  return error instanceof S3Error && MISSING_CODES.has(String(error.code));
}

/** The bucket of stored media, over the `minio` client (MinIO, S3 or s3rver alike). */
export class ObjectStorage {
  readonly bucket: string;
  private readonly region: string;
  private readonly client: Client;

  constructor(config: MediaConfig) {
    const endpoint = new URL(config.S3_ENDPOINT);
    const useSSL = endpoint.protocol === 'https:';
    this.bucket = config.S3_BUCKET;
    this.client = new Client({
      endPoint: endpoint.hostname,
      port: Number(endpoint.port || (useSSL ? 443 : 80)),
      useSSL,
      accessKey: config.S3_ACCESS_KEY,
      secretKey: config.S3_SECRET_KEY,
      region: config.S3_REGION,
      pathStyle: true,
      partSize: PART_SIZE,
    });
    this.region = config.S3_REGION;
  }

  /** Creates the bucket if it is missing (development and tests; production provisions it). */
  async ensureBucket(): Promise<void> {
    if (await this.client.bucketExists(this.bucket)) return;
    try {
      await this.client.makeBucket(this.bucket, this.region);
    } catch (error) {
      // Another instance may have created it in between.
      if (!(error instanceof S3Error && error.code === 'BucketAlreadyOwnedByYou')) throw error;
    }
  }

  /** Readiness: the bucket answers. */
  async check(): Promise<void> {
    if (!(await this.client.bucketExists(this.bucket))) throw new Error(`bucket ${this.bucket} is missing`);
  }

  /**
   * Stores what `source` yields under `key`, holding at most one part in memory. Small files go up in
   * one PUT; larger ones as a multipart upload whose parts are sent as they fill. If `source` fails
   * (too large, cut off), nothing is left under the key: the upload is aborted, never completed.
   */
  async put(key: string, source: AsyncIterable<Buffer>, contentType: string): Promise<number> {
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    let total = 0;
    let uploadId: string | undefined;
    const parts: Array<{ part: number; etag: string }> = [];

    const sendPart = async (part: Buffer) => {
      uploadId ??= await this.client.initiateNewMultipartUpload(this.bucket, key, {
        'Content-Type': contentType,
      });
      const partNumber = parts.length + 1;
      const sent = await this.client.uploadPart(
        {
          bucketName: this.bucket,
          objectName: key,
          uploadID: uploadId,
          partNumber,
          headers: { 'Content-Length': part.length },
        },
        part,
      );
      parts.push({ part: partNumber, etag: sent.etag });
    };

    try {
      for await (const chunk of source) {
        pending.push(chunk);
        pendingBytes += chunk.length;
        total += chunk.length;
        while (pendingBytes >= PART_SIZE) {
          const joined = Buffer.concat(pending);
          await sendPart(joined.subarray(0, PART_SIZE));
          const rest = joined.subarray(PART_SIZE);
          pending = rest.length ? [rest] : [];
          pendingBytes = rest.length;
        }
      }
      const last = Buffer.concat(pending);
      if (uploadId === undefined) {
        await this.client.putObject(this.bucket, key, last, last.length, { 'Content-Type': contentType });
      } else {
        if (last.length > 0) await sendPart(last);
        await this.client.completeMultipartUpload(this.bucket, key, uploadId, parts);
      }
      return total;
    } catch (error) {
      if (uploadId !== undefined) await this.abort(key, uploadId);
      throw error;
    }
  }

  private async abort(key: string, uploadId: string): Promise<void> {
    try {
      await this.client.abortMultipartUpload(this.bucket, key, uploadId);
    } catch {
      // Some S3 stand-ins (s3rver) cannot abort; an uncompleted upload is never an object, so
      // nothing is served or listed under the key either way.
    }
  }

  async stat(key: string): Promise<StoredObjectInfo> {
    const stat = await this.client.statObject(this.bucket, key);
    return {
      size: stat.size,
      contentType: String(stat.metaData['content-type'] ?? 'application/octet-stream'),
      etag: stat.etag,
      lastModified: stat.lastModified,
    };
  }

  /** The object's bytes, or `length` bytes of them from `offset`. */
  read(key: string, range?: { offset: number; length: number }): Promise<Readable> {
    return range
      ? this.client.getPartialObject(this.bucket, key, range.offset, range.length)
      : this.client.getObject(this.bucket, key);
  }

  /** Every key under a prefix (a transcode's output). */
  async keysUnder(prefix: string): Promise<string[]> {
    const keys: string[] = [];
    for await (const item of this.client.listObjectsV2(this.bucket, prefix, true) as AsyncIterable<{
      name?: string;
    }>) {
      if (item.name) keys.push(item.name);
    }
    return keys;
  }

  /** Removes the objects; keys already gone count as removed (deleting twice is harmless). */
  async remove(keys: string[]): Promise<void> {
    if (keys.length === 0) return;
    const results = await this.client.removeObjects(this.bucket, keys);
    // The client answers the DeleteResult's <Error> entries (its typings nest them under `Error`).
    const failed = results
      .map((r) => (r && 'Error' in r && r.Error ? r.Error : (r as RemoveFailure | null | undefined)))
      .filter((r): r is RemoveFailure => Boolean(r?.Code) && !MISSING_CODES.has(String(r?.Code)));
    if (failed.length > 0) {
      throw new Error(`could not remove ${failed.map((f) => `${f.Key} (${f.Code})`).join(', ')}`);
    }
  }
}
