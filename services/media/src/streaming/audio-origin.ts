import { STREAM_PATH } from '@chitram/contracts';
import { audioTrackName } from '../audio/audio-tracks.service';
import { AUDIO_PLAYLIST } from '../transcoding/audio-rendition';
import type { PlayableVideo } from './ready-videos';
import { signStreamToken, type StreamClaims } from './stream-tokens';

/** Where an audio rendition is served under its token: `audio/<id>/index.m3u8`, `audio/<id>/segment_0000.ts`. */
export const AUDIO_DIR = 'audio';
/** The one group of audio renditions every STREAM-INF names (D44). */
export const AUDIO_GROUP = 'aud';

/**
 * The master playlist's EXT-X-MEDIA line of each of the video's audio renditions (D44), each URI under
 * a token of its own (the master's claims with `a`, the track, valid as long as a rendition's): the
 * original is the default (else the first), every track may be chosen by language, all stereo.
 */
export function audioMediaLines(
  secret: Buffer,
  claims: StreamClaims,
  video: PlayableVideo,
  expires: number,
): string[] {
  const defaultId = (video.audio.find((t) => t.original) ?? video.audio[0])?.id;
  return video.audio.map((track) => {
    const token = signStreamToken(secret, { ...claims, h: undefined, a: track.id, e: expires });
    const attributes = [
      'TYPE=AUDIO',
      `GROUP-ID="${AUDIO_GROUP}"`,
      ...(track.language ? [`LANGUAGE="${track.language}"`] : []),
      `NAME="${audioTrackName(track)}"`,
      `DEFAULT=${track.id === defaultId ? 'YES' : 'NO'}`,
      'AUTOSELECT=YES',
      'CHANNELS="2"',
      `URI="${STREAM_PATH}${token}/${AUDIO_DIR}/${track.id}/${AUDIO_PLAYLIST}"`,
    ];
    return `#EXT-X-MEDIA:${attributes.join(',')}`;
  });
}

/** What STREAM-INF adds when the video has audio renditions. */
export function audioGroupAttribute(video: PlayableVideo): string {
  return video.audio.length ? `,AUDIO="${AUDIO_GROUP}"` : '';
}

/**
 * The stored folder and the address folder of what an audio token (`a`) opens: its own track's
 * playlist and segments and nothing else (undefined: the caller answers 403).
 */
export function audioFolderOf(
  claims: StreamClaims,
  video: PlayableVideo,
  path: string,
): { stored: string; served: string; file: string } | undefined {
  const [folder, id, file, ...rest] = path.split('/');
  const track = video.audio.find((t) => t.id === claims.a);
  if (folder !== AUDIO_DIR || id !== claims.a || !track || !file || rest.length || claims.h !== undefined)
    return undefined;
  return { stored: track.prefix, served: `${AUDIO_DIR}/${id}`, file };
}
