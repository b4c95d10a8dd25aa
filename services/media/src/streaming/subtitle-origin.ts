import { STREAM_PATH } from '@chitram/contracts';
import type { Logger } from '@chitram/nest-kit';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { serveObject } from '../http/serve-object';
import type { ObjectStorage } from '../storage/object-storage';
import { subtitleName } from '../subtitles/subtitles.service';
import { SUBTITLE_PLAYLIST, SUBTITLE_SEGMENT } from '../subtitles/webvtt';
import type { PlayableVideo } from './ready-videos';
import { signStreamToken, type StreamClaims } from './stream-tokens';

/** Where a subtitle track is served under its token: `subtitles/<id>/index.m3u8`, `subtitles/<id>/seg_0000.vtt`. */
export const SUBTITLES_DIR = 'subtitles';
/** The one group of subtitle renditions every STREAM-INF names (D44). */
export const SUBTITLE_GROUP = 'subs';

/**
 * The master playlist's EXT-X-MEDIA line of each of the video's subtitle tracks, each URI under a token
 * of its own (the master's claims with `x`, the track, valid as long as a rendition's): none is on by
 * default (the player chooses, D44), each may be chosen by language; a forced track says so, an SDH
 * track carries Apple's accessibility characteristics.
 */
export function subtitleMediaLines(
  secret: Buffer,
  claims: StreamClaims,
  video: PlayableVideo,
  expires: number,
): string[] {
  return video.subtitles.map((track) => {
    const token = signStreamToken(secret, { ...claims, h: undefined, x: track.id, e: expires });
    const attributes = [
      'TYPE=SUBTITLES',
      `GROUP-ID="${SUBTITLE_GROUP}"`,
      `LANGUAGE="${track.language}"`,
      `NAME="${subtitleName(track)}"`,
      'DEFAULT=NO',
      'AUTOSELECT=YES',
      `FORCED=${track.forced ? 'YES' : 'NO'}`,
      ...(track.sdh
        ? [
            'CHARACTERISTICS="public.accessibility.transcribes-spoken-dialog,public.accessibility.describes-music-and-sound"',
          ]
        : []),
      `URI="${STREAM_PATH}${token}/${SUBTITLES_DIR}/${track.id}/${SUBTITLE_PLAYLIST}"`,
    ];
    return `#EXT-X-MEDIA:${attributes.join(',')}`;
  });
}

/** What STREAM-INF adds when the video has subtitles. */
export function subtitleGroupAttribute(video: PlayableVideo): string {
  return video.subtitles.length ? `,SUBTITLES="${SUBTITLE_GROUP}"` : '';
}

/**
 * A subtitle token (`x`) opens its own track's playlist and segments and nothing else: another track,
 * a rendition, the master or the trickplay sheets are refused (`false`: the caller answers 403).
 */
export async function serveSubtitles(
  storage: ObjectStorage,
  logger: Logger,
  req: IncomingMessage,
  res: ServerResponse,
  token: string,
  claims: StreamClaims,
  video: PlayableVideo,
  path: string,
  segmentCache: string,
  sendPlaylist: (res: ServerResponse, body: string) => void,
): Promise<boolean> {
  const [folder, id, file, ...rest] = path.split('/');
  const track = video.subtitles.find((t) => t.id === claims.x);
  if (folder !== SUBTITLES_DIR || id !== claims.x || !track || rest.length || claims.h !== undefined)
    return false;
  if (file === SUBTITLE_PLAYLIST) {
    const chunks: Buffer[] = [];
    for await (const chunk of await storage.read(`${track.prefix}${SUBTITLE_PLAYLIST}`))
      chunks.push(chunk as Buffer);
    const playlist = Buffer.concat(chunks)
      .toString('utf8')
      .split('\n')
      .map((line) =>
        SUBTITLE_SEGMENT.test(line.trim())
          ? `${STREAM_PATH}${token}/${SUBTITLES_DIR}/${id}/${line.trim()}`
          : line,
      )
      .join('\n');
    sendPlaylist(res, playlist);
    return true;
  }
  if (!SUBTITLE_SEGMENT.test(file ?? '')) return false;
  await serveObject(storage, logger, req, res, `${track.prefix}${file}`, segmentCache);
  return true;
}
