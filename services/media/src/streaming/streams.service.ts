import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import {
  DomainError,
  ErrorCode,
  isTrailerKind,
  STREAM_PASS_SECONDS,
  STREAM_PATH,
  StreamMessages,
  type ActiveScreen,
  type ScreenBeat,
  type ScreenHeld,
  type ScreenRequest,
  type StreamGrant,
  type StreamGrantRequest,
} from '@chitram/contracts';
import { randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import { VideosRepository } from '../videos/videos.repository';
import { PlayerExtrasCache } from './player-extras';
import { ReadyVideos } from './ready-videos';
import { Screens } from './screens';
import { TRICKPLAY_DIR, TRICKPLAY_INDEX } from '../transcoding/trickplay';
import { signStreamPass, signStreamToken, type StreamClaims } from './stream-tokens';

/** A master playlist URL is good for this long: enough to start the player, too short to share. */
export const MASTER_TOKEN_SECONDS = 5 * 60;
/** Rendition and trickplay tokens outlive the video by this much, so a paused film still plays on. */
export const RENDITION_TOKEN_MARGIN_SECONDS = 6 * 3600;
/** The admin's marker panel may show a video's trickplay pictures this long. */
const ADMIN_TRICKPLAY_SECONDS = 3600;
/** A screen with no heartbeat lapses after this long (the player beats every 10 s). */
export const SCREEN_HOLD_SECONDS = 45;

/**
 * Stream grants (DECISIONS D21–D24): a signed master playlist URL bound to the viewer, the video and the
 * highest rendition the plan allows, and, for a paid title, a screen of the plan's few.
 */
@Injectable()
export class StreamsService implements OnApplicationBootstrap {
  private secret?: Buffer;

  constructor(
    private readonly dataSource: DataSource,
    private readonly videos: ReadyVideos,
    private readonly screens: Screens,
    private readonly stored: VideosRepository,
    private readonly extras: PlayerExtrasCache,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.signingKey();
  }

  /** The key every instance signs and checks with; the first instance to start makes it. */
  async signingKey(): Promise<Buffer> {
    if (this.secret) return this.secret;
    await this.dataSource.query(
      `INSERT INTO "stream_key" ("id", "secret") VALUES (1, $1) ON CONFLICT ("id") DO NOTHING`,
      [randomBytes(32)],
    );
    const [row]: Array<{ secret: Buffer }> = await this.dataSource.query(
      `SELECT "secret" FROM "stream_key" WHERE "id" = 1`,
    );
    this.secret = row.secret;
    return row.secret;
  }

  /** The key, once loaded at start. */
  signingKeyNow(): Buffer {
    if (!this.secret) throw new Error('the stream signing key is not loaded yet');
    return this.secret;
  }

  async grant(request: StreamGrantRequest): Promise<StreamGrant> {
    const video = await this.videos.find(request.videoId);
    if (!video) throw new DomainError(ErrorCode.VIDEO_NOT_READY, StreamMessages.notReady);
    const renditions = video.renditions
      .filter((height) => height <= request.maxResolution)
      .sort((a, b) => a - b);
    // A source smaller than the plan allows still plays its lowest rendition.
    const allowed = renditions.length ? renditions : [Math.min(...video.renditions)];
    // Markers change while a video stays ready: not from the remembered video, but read (or kept a
    // few seconds) beside the screen's check rather than after it.
    const extras = this.extras.of(video.id);
    if (request.maxStreams > 0) {
      if (!request.viewerId || !request.screenId)
        throw new DomainError(ErrorCode.UNAUTHORIZED_ACCESS, StreamMessages.signIn);
      const [held] = await Promise.all([
        this.screens.take(
          request.viewerId,
          request.screenId,
          request.maxStreams,
          SCREEN_HOLD_SECONDS,
          video.id,
        ),
        // Its failure is the grant's, below; not one left unhandled meanwhile.
        extras.catch(() => undefined),
      ]);
      if (!held)
        throw DomainError.atLimit(
          ErrorCode.STREAM_LIMIT_REACHED,
          StreamMessages.limitReached(request.maxStreams),
          request.maxStreams,
        );
    }
    const now = Math.floor(Date.now() / 1000);
    const claims: StreamClaims = {
      v: video.id,
      u: request.viewerId ?? null,
      r: Math.max(...allowed),
      ...(request.maxStreams > 0 ? { s: request.screenId, m: request.maxStreams } : {}),
      e: now + MASTER_TOKEN_SECONDS,
    };
    const token = signStreamToken(await this.signingKey(), claims);
    const shown = await extras;
    return {
      movieUrl: `${STREAM_PATH}${token}/master.m3u8`,
      maxResolution: request.maxResolution,
      isSubscribed: request.isSubscribed,
      kind: 'hls',
      renditions: allowed,
      thumbnailsUrl: shown?.hasTrickplay
        ? this.thumbnailsUrl({ ...claims, e: now + video.durationSeconds + RENDITION_TOKEN_MARGIN_SECONDS })
        : null,
      markers: shown?.markers ?? {},
      pass:
        request.viewerId && request.screenId
          ? await this.pass({ viewerId: request.viewerId, screenId: request.screenId })
          : null,
    };
  }

  /** A signed trickplay index (D42): its sheets are named relative to it, so the same token opens them. */
  thumbnailsUrl(claims: StreamClaims): string {
    return `${STREAM_PATH}${signStreamToken(this.signingKeyNow(), { ...claims, t: 1 })}/${TRICKPLAY_DIR}/${TRICKPLAY_INDEX}`;
  }

  /** The trickplay index for the admin's marker panel: no viewer, no screen, for an hour. */
  adminThumbnailsUrl(videoId: string): string {
    return this.thumbnailsUrl({
      v: videoId,
      u: null,
      r: 0,
      e: Math.floor(Date.now() / 1000) + ADMIN_TRICKPLAY_SECONDS,
    });
  }

  /**
   * Whether a paid stream's screen may have its next playlist or segment (issue 20): it holds its slot,
   * or its slot lapsed and one is free again, which it then takes (a film resumed after a long pause).
   * A screen whose slot another screen took meanwhile is refused, within the hold of its last beat.
   */
  async screenHolds(claims: StreamClaims): Promise<boolean> {
    if (claims.s === undefined || claims.u === null) return true;
    return this.screens.take(claims.u, claims.s, claims.m ?? 1, SCREEN_HOLD_SECONDS, claims.v);
  }

  async heartbeat(screen: ScreenRequest): Promise<ScreenBeat> {
    const held = await this.screens.extend(screen.viewerId, screen.screenId, SCREEN_HOLD_SECONDS);
    return { held, pass: await this.pass(screen) };
  }

  /** The viewer's stream pass for this session, for a few minutes from now. */
  private async pass({ viewerId, screenId }: ScreenRequest): Promise<string> {
    const now = Math.floor(Date.now() / 1000);
    return signStreamPass(await this.signingKey(), {
      u: viewerId,
      s: screenId,
      i: now,
      e: now + STREAM_PASS_SECONDS,
    });
  }

  /** The viewer's live screens for the back office, each with the title its video belongs to. Reads only. */
  async screensOf(viewerId: string): Promise<ActiveScreen[]> {
    const screens = await this.screens.list(viewerId);
    return Promise.all(
      screens.map(async (screen) => {
        const video = await this.stored.find(screen.videoId);
        return {
          sessionId: screen.screenId,
          videoId: screen.videoId,
          // A trailer takes no screen (D45); one seen here would be an old grant's: no title named.
          ownerKind: video && !isTrailerKind(video.ownerKind) ? video.ownerKind : null,
          ownerId: video && !isTrailerKind(video.ownerKind) ? video.ownerId : null,
          startedAt: screen.startedAt.toISOString(),
          lastHeartbeatAt: screen.lastBeatAt.toISOString(),
        };
      }),
    );
  }

  async release({ viewerId, screenId }: ScreenRequest): Promise<ScreenHeld> {
    return { held: await this.screens.release(viewerId, screenId) };
  }
}
