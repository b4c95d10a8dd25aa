import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import {
  DomainError,
  ErrorCode,
  MEDIA_IMAGE_WIDTH_PARAM,
  REQUEST_ID_HEADER,
  Subjects,
  type MediaImageWidth,
  type StoredMedia,
  type UploadPurpose,
} from '@chitram/contracts';
import { currentRequestId, LOGGER, MEDIA_TOKEN_HEADER, RpcClient, type Logger } from '@chitram/nest-kit';
import { Agent, request as httpRequest, type IncomingMessage } from 'node:http';
import { finished, type Readable } from 'node:stream';
import { GatewayConfig } from '../config';

/** An upload that sends nothing for this long is given up (the admin's connection died). */
const UPLOAD_IDLE_MS = 60_000;
/** Error answers from media are small JSON bodies; anything larger is not one. */
const MAX_ANSWER_BYTES = 64 * 1024;

export function uploadCutOff(field: string): DomainError {
  return new DomainError(ErrorCode.BAD_REQUEST, `The upload of ${field} was cut off before it finished.`);
}

function mediaUnavailable(): DomainError {
  return new DomainError(
    ErrorCode.SERVICE_UNAVAILABLE,
    'The media service could not be reached. Please try again shortly.',
  );
}

function readAnswer(res: IncomingMessage): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let bytes = 0;
    res.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
      if (bytes <= MAX_ANSWER_BYTES) chunks.push(chunk);
    });
    res.on('end', () => {
      try {
        resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')));
      } catch {
        resolve(undefined);
      }
    });
    res.on('error', reject);
  });
}

/**
 * The gateway's side of the media service: files are streamed to its HTTP server as they arrive
 * (never held whole here), stored objects are read back from it, and objects are deleted over NATS.
 */
@Injectable()
export class MediaClient implements OnApplicationShutdown {
  private readonly agent = new Agent({ keepAlive: true, maxSockets: 64 });
  private readonly base: URL;
  private readonly token: string;

  constructor(
    config: GatewayConfig,
    private readonly rpc: RpcClient,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.base = new URL(config.MEDIA_URL);
    this.token = config.mediaToken;
  }

  onApplicationShutdown(): void {
    this.agent.destroy();
  }

  /**
   * Streams one file to the media service. Resolves with what was stored; rejects with the media
   * service's verdict (415, 413, ...) as soon as it answers, or BAD_REQUEST if `file` breaks off (a
   * cut-off form), in which case media discards the partial upload. The caller drains `file`.
   */
  upload(file: Readable, purpose: UploadPurpose, field: string): Promise<StoredMedia> {
    const url = new URL(`/uploads/${purpose}?field=${encodeURIComponent(field)}`, this.base);
    return new Promise<StoredMedia>((resolve, reject) => {
      let settled = false;
      const settle = (error: DomainError | undefined, stored?: StoredMedia) => {
        if (settled) return;
        settled = true;
        if (error) reject(error);
        else resolve(stored!);
      };
      const req = httpRequest(url, {
        method: 'POST',
        agent: this.agent,
        headers: {
          'content-type': 'application/octet-stream',
          [REQUEST_ID_HEADER]: currentRequestId() ?? '',
          [MEDIA_TOKEN_HEADER]: this.token,
        },
      });
      req.setTimeout(UPLOAD_IDLE_MS, () => {
        req.destroy();
        settle(uploadCutOff(field));
      });
      req.on('response', (res) => {
        readAnswer(res).then(
          (answer) => {
            if (res.statusCode === 201) return settle(undefined, answer as StoredMedia);
            // Media answered before taking the whole file (wrong type, too large): stop sending it.
            file.unpipe(req);
            req.destroy();
            settle(answer ? DomainError.fromBody(answer) : mediaUnavailable());
          },
          () => settle(mediaUnavailable()),
        );
      });
      req.on('error', (error) => {
        if (!settled) this.logger.warn({ err: error, field }, 'upload to media failed');
        file.unpipe(req);
        settle(mediaUnavailable());
      });
      // A form cut off mid-file ends this stream early (destroyed or errored): abort the upload so
      // media throws the partial object away.
      finished(file, (error) => {
        if (error && !settled) {
          file.unpipe(req);
          req.destroy();
          settle(uploadCutOff(field));
        }
      });
      file.pipe(req);
    });
  }

  /**
   * The stored object behind `key` (at `width`, a picture made smaller), as media answers it (status,
   * headers and a body stream).
   */
  open(
    key: string,
    width: MediaImageWidth | undefined,
    headers: Record<string, string | undefined>,
  ): Promise<IncomingMessage> {
    const query = width === undefined ? '' : `?${MEDIA_IMAGE_WIDTH_PARAM}=${width}`;
    return this.get(`/objects/${key}${query}`, headers);
  }

  /** A playlist or segment of the stream origin (`<token>/<path>`), as media answers it. */
  openStream(tokenAndPath: string, headers: Record<string, string | undefined>): Promise<IncomingMessage> {
    return this.get(`/stream/${tokenAndPath}`, headers);
  }

  private get(path: string, headers: Record<string, string | undefined>): Promise<IncomingMessage> {
    const url = new URL(path, this.base);
    const forwarded = Object.fromEntries(
      Object.entries({
        ...headers,
        [REQUEST_ID_HEADER]: currentRequestId(),
        [MEDIA_TOKEN_HEADER]: this.token,
      }).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
    );
    return new Promise((resolve, reject) => {
      const req = httpRequest(url, { method: 'GET', agent: this.agent, headers: forwarded }, resolve);
      req.setTimeout(UPLOAD_IDLE_MS, () => req.destroy());
      req.on('error', (error) => {
        this.logger.warn({ err: error, path }, 'reading from media failed');
        reject(mediaUnavailable());
      });
      req.end();
    });
  }

  /**
   * Deletes stored objects (compensation after a failed save, images a title no longer uses).
   * Never throws: the caller is already answering with the error that matters, so a failure here is
   * logged with the keys for an operator to remove.
   */
  async discard(keys: string[], reason: string): Promise<void> {
    if (keys.length === 0) return;
    try {
      await this.rpc.call(Subjects.media.deleteObjects, { keys });
    } catch (error) {
      this.logger.error({ err: error, keys, reason }, 'could not delete stored media; objects left behind');
    }
  }
}
