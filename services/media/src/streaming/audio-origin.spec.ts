import { randomBytes } from 'node:crypto';
import type { PlayableVideo } from './ready-videos';
import { audioFolderOf, audioGroupAttribute, audioMediaLines } from './audio-origin';
import { verifyStreamToken } from './stream-tokens';

const video = (audio: PlayableVideo['audio']): PlayableVideo => ({
  id: 'video-1',
  prefix: 'hls/video-1/attempt/',
  renditions: [360, 480],
  width: 854,
  height: 480,
  durationSeconds: 60,
  keys: null,
  subtitles: [],
  audio,
});
const ORIGINAL = { id: 'a00000000001', language: 'ta' as const, original: true, prefix: 'hls/v/audio/a1/' };
const HINDI = { id: 'a00000000002', language: 'hi' as const, original: false, prefix: 'hls/v/audio/a2/' };

describe("the master playlist's audio renditions (D44)", () => {
  const secret = randomBytes(32);
  const claims = { v: 'video-1', u: 'viewer-1', r: 480, s: 'screen-1', m: 2, e: 2_000_000_000 };

  it('lists each track in group aud by its language and own name, the original the default, every URI under a token of its own', () => {
    const lines = audioMediaLines(secret, claims, video([ORIGINAL, HINDI]), 2_000_000_100);
    expect(lines.map((l) => l.replace(/URI="[^"]+"/, 'URI=…'))).toEqual([
      '#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="aud",LANGUAGE="ta",NAME="தமிழ்",DEFAULT=YES,AUTOSELECT=YES,CHANNELS="2",URI=…',
      '#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="aud",LANGUAGE="hi",NAME="हिन्दी",DEFAULT=NO,AUTOSELECT=YES,CHANNELS="2",URI=…',
    ]);
    const [, token, folder, id, file] = /URI="\/api\/stream\/([^/]+)\/([^/]+)\/([^/]+)\/([^"]+)"/.exec(
      lines[1],
    )!;
    expect([folder, id, file]).toEqual(['audio', HINDI.id, 'index.m3u8']);
    // The master's claims (viewer, screen, ceiling) with the track, as long-lived as a rendition's.
    expect(verifyStreamToken(secret, token, 0)).toEqual({ ...claims, a: HINDI.id, e: 2_000_000_100 });
    expect(audioGroupAttribute(video([ORIGINAL, HINDI]))).toBe(',AUDIO="aud"');
  });

  it('names an original of no known language "Original" with no LANGUAGE; without tracks, nothing', () => {
    const lines = audioMediaLines(secret, claims, video([{ ...ORIGINAL, language: null }, HINDI]), 1);
    expect(lines[0]).toMatch(/^#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="aud",NAME="Original",DEFAULT=YES,/);
    expect(audioMediaLines(secret, claims, video([]), 1)).toEqual([]);
    expect(audioGroupAttribute(video([]))).toBe('');
  });

  it("opens only its own track's folder: not another track, a rendition, nor a path deeper or shallower", () => {
    const playable = video([ORIGINAL, HINDI]);
    const own = { ...claims, a: HINDI.id };
    expect(audioFolderOf(own, playable, `audio/${HINDI.id}/segment_0003.ts`)).toEqual({
      stored: HINDI.prefix,
      served: `audio/${HINDI.id}`,
      file: 'segment_0003.ts',
    });
    expect(audioFolderOf(own, playable, `audio/${ORIGINAL.id}/index.m3u8`)).toBeUndefined();
    expect(audioFolderOf(own, playable, '360/index.m3u8')).toBeUndefined();
    expect(audioFolderOf(own, playable, `audio/${HINDI.id}/x/index.m3u8`)).toBeUndefined();
    expect(audioFolderOf(own, playable, `audio/${HINDI.id}`)).toBeUndefined();
    expect(audioFolderOf({ ...own, h: 360 }, playable, `audio/${HINDI.id}/index.m3u8`)).toBeUndefined();
    expect(
      audioFolderOf({ ...own, a: 'gone00000000' }, playable, 'audio/gone00000000/index.m3u8'),
    ).toBeUndefined();
  });
});
