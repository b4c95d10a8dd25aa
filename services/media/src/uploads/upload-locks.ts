import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { ErrorCode, Subjects } from '@chitram/contracts';
import { announce, hear, LOGGER, NATS_CONNECTION, type Logger } from '@chitram/nest-kit';
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { NatsConnection, Subscription } from 'nats';
import { DataSource } from 'typeorm';
import type { TusServer } from './tus-library';
import { tusAnswer } from './tus-answer';

type Locker = TusServer.Locker;
type Lock = ReturnType<Locker['newLock']>;
type RequestRelease = Parameters<Lock['lock']>[1];

/** A lock is a lease: kept while its holder renews it, free this long after a holder died. */
const LEASE_SECONDS = 20;
const RENEW_MS = 5000;
/** How long a request waits for an upload another request holds (tus's own locker waits as long). */
const ACQUIRE_TIMEOUT_MS = 30_000;
const RETRY_MS = 100;
/** A waiting request asks the holder to let go at most this often. */
const ASK_AGAIN_MS = 1000;

/**
 * tus's locker for media instances that share VIDEO_UPLOAD_DIR (ARCHITECTURE rule 10: any number of
 * instances): one request at a time works on an upload, whichever instance it reached. A lock is a
 * row of the shared database held as a lease the holder renews; a request that wants a held upload
 * asks its holder, over NATS, to let go (tus then ends the older request, say a PATCH whose client
 * vanished, as its own in-process locker would), and takes the lock once it is free or its lease ran
 * out (an instance that died).
 */
@Injectable()
export class UploadLocks implements Locker, OnModuleInit, OnModuleDestroy {
  /** The locks held here, by upload id, with what asks each one's request to end. */
  readonly held = new Map<string, { token: string; release: RequestRelease }>();
  private subscription?: Subscription;

  constructor(
    private readonly dataSource: DataSource,
    @Inject(NATS_CONNECTION) private readonly nats: NatsConnection,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onModuleInit(): void {
    // What is not a release request of ours is ignored.
    this.subscription = hear(this.nats, Subjects.media.videos.releaseUpload, ({ id }) => {
      const holder = this.held.get(id);
      if (holder) void Promise.resolve(holder.release()).catch(() => undefined);
    });
  }

  onModuleDestroy(): void {
    this.subscription?.unsubscribe();
  }

  newLock(id: string): Lock {
    return new UploadLock(this, id, true);
  }

  /**
   * Runs `work` holding the upload's lock, waiting for the request that holds it to finish rather
   * than asking it to end (moving a finished upload into storage, which its last PATCH started).
   */
  async holding<T>(id: string, work: () => Promise<T>): Promise<T> {
    const lock = new UploadLock(this, id, false);
    await lock.lock(new AbortController().signal, () => undefined);
    try {
      return await work();
    } finally {
      await lock.unlock();
    }
  }

  /** Takes the lease on `id` for `token` if it is free or lapsed; answers whether it did. */
  async take(id: string, token: string): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(
      `INSERT INTO "upload_lock" ("id", "token", "expires_at")
       VALUES ($1, $2, now() + make_interval(secs => $3))
       ON CONFLICT ("id") DO UPDATE SET "token" = EXCLUDED."token", "expires_at" = EXCLUDED."expires_at"
         WHERE "upload_lock"."expires_at" <= now()
       RETURNING "id"`,
      [id, token, LEASE_SECONDS],
    );
    return rows.length > 0;
  }

  async renew(id: string, token: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE "upload_lock" SET "expires_at" = now() + make_interval(secs => $3) WHERE "id" = $1 AND "token" = $2`,
      [id, token, LEASE_SECONDS],
    );
  }

  async free(id: string, token: string): Promise<void> {
    await this.dataSource.query(`DELETE FROM "upload_lock" WHERE "id" = $1 AND "token" = $2`, [id, token]);
  }

  /** Asks whichever instance holds `id` to let go of it. */
  askToRelease(id: string): void {
    announce(this.nats, Subjects.media.videos.releaseUpload, { id });
  }

  warn(error: unknown, id: string, what: string): void {
    this.logger.warn({ err: error, uploadId: id }, what);
  }
}

class UploadLock implements Lock {
  private readonly token = randomUUID();
  private renewal?: NodeJS.Timeout;

  constructor(
    private readonly locks: UploadLocks,
    private readonly id: string,
    /** Whether a wait asks the holder to let go (tus's requests) or only waits. */
    private readonly askHolder: boolean,
  ) {}

  async lock(signal: AbortSignal, requestRelease: RequestRelease): Promise<void> {
    const deadline = Date.now() + ACQUIRE_TIMEOUT_MS;
    let asked = 0;
    while (!(await this.locks.take(this.id, this.token))) {
      if (signal.aborted || Date.now() > deadline)
        throw tusAnswer(
          ErrorCode.SERVICE_UNAVAILABLE,
          'This upload is busy with another request. Please try again shortly.',
        );
      if (this.askHolder && Date.now() - asked >= ASK_AGAIN_MS) {
        asked = Date.now();
        this.locks.askToRelease(this.id);
      }
      await sleep(RETRY_MS);
    }
    this.locks.held.set(this.id, { token: this.token, release: requestRelease });
    this.renewal = setInterval(() => {
      this.locks.renew(this.id, this.token).catch((error: unknown) => {
        this.locks.warn(error, this.id, 'could not renew an upload lock');
      });
    }, RENEW_MS);
    this.renewal.unref();
  }

  async unlock(): Promise<void> {
    clearInterval(this.renewal);
    if (this.locks.held.get(this.id)?.token === this.token) this.locks.held.delete(this.id);
    await this.locks.free(this.id, this.token);
  }
}
