import { Inject, Injectable } from '@nestjs/common';
import {
  DomainError,
  ErrorCode,
  STREAM_PASS_HEADER,
  STREAM_PATH,
  STREAM_VIEWER_HEADER,
  StreamMessages,
} from '@chitram/contracts';
import { LOGGER, type Logger } from '@chitram/nest-kit';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { serveObject } from '../http/serve-object';
import { isMissingObject, ObjectStorage } from '../storage/object-storage';
import { bandwidthOf, ladderFor } from '../transcoding/ladder';
import { ReadyVideos, type PlayableVideo } from './ready-videos';
import { signStreamToken, verifyStreamPass, verifyStreamToken, type StreamClaims } from './stream-tokens';
import { RENDITION_TOKEN_MARGIN_SECONDS, StreamsService } from './streams.service';
import { TRICKPLAY_DIR, TRICKPLAY_INDEX, TRICKPLAY_SHEET } from '../transcoding/trickplay';
import { decryptSegment, KEY_PATH, periodIn } from '../transcoding/segment-keys';
import { audioFolderOf, audioGroupAttribute, audioMediaLines } from './audio-origin';
import { serveSubtitles, subtitleGroupAttribute, subtitleMediaLines } from './subtitle-origin';

/**
 * Segments never change under their URL. A free title's may be kept by browsers and a CDN alike; a paid
 * stream's URL is one viewer's (its token names them, and the origin checks who asks), so only that
 * viewer's browser keeps them: a shared cache would hand them to anyone with the URL, unchecked.
 */
const FREE_SEGMENT_CACHE = 'public, max-age=31536000, immutable';
const PAID_SEGMENT_CACHE = 'private, max-age=31536000, immutable';
/** Playlists carry the viewer's tokens: kept by that browser only, briefly. */
const PLAYLIST_CACHE = 'private, max-age=60';
/** A segment key (D35) is the viewer's, fetched anew on each play: never kept by anyone. */
const KEY_CACHE = 'private, no-store';
const SEGMENT = /^segment_(\d{4,6})\.ts$/;
const KEY_LINE = /^#EXT-X-KEY:.*URI="(key\/\d{4,6})"/;
const M3U8 = 'application/vnd.apple.mpegurl';

/** A paid stream: bound to a viewer and a screen of their plan's (D24); only these get segment keys. */
const paid = (claims: StreamClaims) => claims.u !== null && claims.s !== undefined;

function forbidden(): DomainError {
  return new DomainError(
    ErrorCode.STREAM_FORBIDDEN,
    'This stream address is not valid (expired, changed or not yours).',
  );
}

/**
 * The stream origin (DECISIONS D21, D23): every playlist and segment request carries a signed token in
 * its path, checked here. The master playlist lists only the renditions the token allows; each
 * rendition's playlist and segments need a token for that very rendition and video, so a higher
 * rendition, another title or an altered or expired token gets 403. A paid stream's screen must hold
 * its slot for each of them (else 429 STREAM_LIMIT_REACHED). Raw storage addresses never leave.
 * D35: an encrypted video's rendition playlist names its keys under a key token (the rendition token's
 * claims with `k: 1`) for a paid stream, whose keys are answered with the same checks; a free stream's
 * playlist names none, and its segments are decrypted here on the way out.
 */
@Injectable()
export class StreamOrigin {
  constructor(
    private readonly streams: StreamsService,
    private readonly videos: ReadyVideos,
    private readonly storage: ObjectStorage,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async serve(req: IncomingMessage, res: ServerResponse, token: string, path: string): Promise<void> {
    const secret = await this.streams.signingKey();
    const claims = verifyStreamToken(secret, token);
    // A paid stream's URL is the viewer's own: anyone else presenting it is refused.
    if (!claims || (claims.u !== null && this.caller(req, secret) !== claims.u)) throw forbidden();
    // A paid stream plays only while its screen holds a slot of the plan's (DECISIONS D24, issue 20).
    if (!(await this.streams.screenHolds(claims)))
      throw DomainError.atLimit(
        ErrorCode.STREAM_LIMIT_REACHED,
        StreamMessages.limitReached(claims.m ?? 1),
        claims.m ?? 1,
      );
    const video = await this.playable(claims.v);
    if (claims.t === 1) return this.trickplay(req, res, claims, video, path);
    if (claims.k === 1) return this.key(res, claims, video, path);
    if (claims.x !== undefined) {
      const cache = claims.u === null ? FREE_SEGMENT_CACHE : PAID_SEGMENT_CACHE;
      const send = (out: ServerResponse, body: string) => this.sendPlaylist(out, body);
      if (await serveSubtitles(this.storage, this.logger, req, res, token, claims, video, path, cache, send))
        return;
      throw forbidden();
    }
    if (claims.a !== undefined) {
      // D44: an audio token opens its own track's playlist and segments, like a rendition's own.
      const folder = audioFolderOf(claims, video, path);
      if (!folder) throw forbidden();
      return this.media(req, res, token, claims, video, folder);
    }
    if (path === 'master.m3u8' && claims.h === undefined) return this.master(res, claims, video);
    const [height, file, ...rest] = path.split('/');
    if (
      rest.length ||
      !file ||
      Number(height) !== claims.h ||
      claims.h > claims.r ||
      !video.renditions.includes(claims.h)
    )
      throw forbidden();
    return this.media(req, res, token, claims, video, {
      stored: `${video.prefix}${claims.h}/`,
      served: String(claims.h),
      file,
    });
  }

  /** A rendition's (or an audio track's) playlist or segment: `stored` in storage, `served` in its address. */
  private async media(
    req: IncomingMessage,
    res: ServerResponse,
    token: string,
    claims: StreamClaims,
    video: PlayableVideo,
    { stored, served, file }: { stored: string; served: string; file: string },
  ): Promise<void> {
    if (file === 'index.m3u8') return this.rendition(res, token, claims, stored, served);
    const segment = SEGMENT.exec(file);
    if (!segment) throw forbidden();
    if (video.keys && !paid(claims))
      return this.clearSegment(req, res, video, `${stored}${file}`, Number(segment[1]));
    await serveObject(
      this.storage,
      this.logger,
      req,
      res,
      `${stored}${file}`,
      claims.u === null ? FREE_SEGMENT_CACHE : PAID_SEGMENT_CACHE,
    );
  }

  /** D42: a trickplay token opens the index and sheets of its video's trickplay folder, nothing else. */
  private async trickplay(
    req: IncomingMessage,
    res: ServerResponse,
    claims: StreamClaims,
    video: PlayableVideo,
    path: string,
  ): Promise<void> {
    const [folder, file, ...rest] = path.split('/');
    if (
      folder !== TRICKPLAY_DIR ||
      rest.length ||
      !(file === TRICKPLAY_INDEX || TRICKPLAY_SHEET.test(file ?? ''))
    )
      throw forbidden();
    await serveObject(
      this.storage,
      this.logger,
      req,
      res,
      `${video.prefix}${TRICKPLAY_DIR}/${file}`,
      claims.u === null ? FREE_SEGMENT_CACHE : PAID_SEGMENT_CACHE,
    );
  }

  /**
   * D35: one key of an encrypted video, to the paid stream's viewer on a screen that holds its slot (both
   * checked before this, like a segment's), for that viewer's browser alone and for no longer than now.
   */
  private key(res: ServerResponse, claims: StreamClaims, video: PlayableVideo, path: string): void {
    const period = KEY_PATH.exec(path);
    const key = period && video.keys?.keys[Number(period[1])];
    if (!paid(claims) || !key) throw forbidden();
    res.writeHead(200, {
      'content-type': 'application/octet-stream',
      'content-length': key.length,
      'cache-control': KEY_CACHE,
      'x-content-type-options': 'nosniff',
    });
    res.end(key);
  }

  /**
   * D35: a free stream's segment of an encrypted video, decrypted on the way out (a few MB at most, at
   * memory speed), answered whole. ffmpeg numbers a VOD rendition's segment files by media sequence.
   */
  private async clearSegment(
    req: IncomingMessage,
    res: ServerResponse,
    video: PlayableVideo,
    key: string,
    sequence: number,
  ): Promise<void> {
    const { keys, segmentsPerKey } = video.keys!;
    const chunks: Buffer[] = [];
    try {
      for await (const chunk of await this.storage.read(key)) chunks.push(chunk as Buffer);
    } catch (error) {
      if (isMissingObject(error))
        throw new DomainError(ErrorCode.NOT_FOUND, 'There is nothing at this address.');
      throw error;
    }
    const body = decryptSegment(
      Buffer.concat(chunks),
      keys[periodIn(sequence, segmentsPerKey, keys.length)],
      sequence,
    );
    res.writeHead(200, {
      'content-type': 'video/mp2t',
      'content-length': body.length,
      'cache-control': FREE_SEGMENT_CACHE,
      'x-content-type-options': 'nosniff',
    });
    res.end(req.method === 'HEAD' ? undefined : body);
  }

  /**
   * Who is asking, as the gateway verified it: the bearer token's viewer, or else the viewer of a valid
   * stream pass (the cookie of a player that cannot send the token, Safari's own HLS).
   */
  private caller(req: IncomingMessage, secret: Buffer): string | undefined {
    const viewer = req.headers[STREAM_VIEWER_HEADER];
    if (typeof viewer === 'string') return viewer;
    const pass = req.headers[STREAM_PASS_HEADER];
    return typeof pass === 'string' ? verifyStreamPass(secret, pass)?.u : undefined;
  }

  private master(res: ServerResponse, claims: StreamClaims, video: PlayableVideo): void {
    const secret = this.streams.signingKeyNow();
    const expires = Math.floor(Date.now() / 1000 + video.durationSeconds + RENDITION_TOKEN_MARGIN_SECONDS);
    const lines = ['#EXTM3U', '#EXT-X-VERSION:6', '#EXT-X-INDEPENDENT-SEGMENTS'];
    lines.push(...audioMediaLines(secret, claims, video, expires));
    lines.push(...subtitleMediaLines(secret, claims, video, expires));
    for (const rung of ladderFor(video.height).filter(
      (r) => r.height <= claims.r && video.renditions.includes(r.height),
    )) {
      const rendition = signStreamToken(secret, { ...claims, h: rung.height, e: expires });
      const width = Math.round((video.width * rung.height) / video.height / 2) * 2;
      lines.push(
        `#EXT-X-STREAM-INF:BANDWIDTH=${bandwidthOf(rung)},RESOLUTION=${width}x${rung.height},CODECS="avc1.640028,mp4a.40.2"${audioGroupAttribute(video)}${subtitleGroupAttribute(video)}`,
        `${STREAM_PATH}${rendition}/${rung.height}/index.m3u8`,
      );
    }
    this.sendPlaylist(res, `${lines.join('\n')}\n`);
  }

  private async rendition(
    res: ServerResponse,
    token: string,
    claims: StreamClaims,
    stored: string,
    served: string,
  ): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of await this.storage.read(`${stored}index.m3u8`)) chunks.push(chunk as Buffer);
    // D35: a paid stream's keys under a key token as long-lived as the rendition's (the player reads a
    // VOD playlist once, and fetches a later period's key when it gets there); a free stream's, none.
    // An audio track's segments (D44) are encrypted with the video's keys, under the same key token.
    const keyToken = paid(claims)
      ? signStreamToken(this.streams.signingKeyNow(), { ...claims, h: undefined, a: undefined, k: 1 })
      : undefined;
    const playlist = Buffer.concat(chunks)
      .toString('utf8')
      .split('\n')
      .flatMap((line) => {
        const keyLine = KEY_LINE.exec(line);
        if (keyLine)
          return keyToken ? [line.replace(keyLine[1], `${STREAM_PATH}${keyToken}/${keyLine[1]}`)] : [];
        return [SEGMENT.test(line.trim()) ? `${STREAM_PATH}${token}/${served}/${line.trim()}` : line];
      })
      .join('\n');
    this.sendPlaylist(res, playlist);
  }

  private sendPlaylist(res: ServerResponse, body: string): void {
    res.writeHead(200, {
      'content-type': M3U8,
      'content-length': Buffer.byteLength(body),
      'cache-control': PLAYLIST_CACHE,
      'x-content-type-options': 'nosniff',
    });
    res.end(body);
  }

  /** The ready video behind a token. */
  private async playable(videoId: string): Promise<PlayableVideo> {
    const video = await this.videos.find(videoId);
    if (!video) throw forbidden();
    return video;
  }
}
