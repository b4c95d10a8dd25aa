import type { VideoMarkers } from '@chitram/contracts';
import type { StoredVideo, VideosRepository } from '../videos/videos.repository';
import { PLAYER_EXTRAS_TTL_MS, PlayerExtrasCache } from './player-extras';

/** A repository of one video whose markers the test changes, counting its reads. */
function oneVideo() {
  const video = { id: 'video-1', hasTrickplay: true, markers: {} as VideoMarkers };
  let reads = 0;
  let held: Promise<void> | undefined;
  const repository = {
    find: async (id: string) => {
      reads++;
      const seen = { ...video };
      await held;
      return id === video.id ? (seen as unknown as StoredVideo) : undefined;
    },
  } as unknown as VideosRepository;
  return {
    video,
    repository,
    reads: () => reads,
    /** Reads wait for `release` from now on. */
    hold: () => {
      let release!: () => void;
      held = new Promise((resolve) => (release = resolve));
      return () => {
        held = undefined;
        release();
      };
    },
  };
}

const INTRO = { intro: { startSeconds: 1, endSeconds: 6 } };

describe("the grants' skip markers and trickplay, kept a few seconds (PlayerExtrasCache)", () => {
  afterEach(() => jest.useRealTimers());

  it('reads a video once for many grants, and again after its time', async () => {
    jest.useFakeTimers({ now: 1_000_000 });
    const store = oneVideo();
    const cache = new PlayerExtrasCache(store.repository);
    expect(await cache.of('video-1')).toEqual({ hasTrickplay: true, markers: {} });
    await cache.of('video-1');
    expect(store.reads()).toBe(1);
    store.video.markers = INTRO;
    jest.setSystemTime(1_000_000 + PLAYER_EXTRAS_TTL_MS + 1);
    expect((await cache.of('video-1'))?.markers).toEqual(INTRO);
    expect(store.reads()).toBe(2);
  });

  it('shows markers saved on this instance at the next grant', async () => {
    const store = oneVideo();
    const cache = new PlayerExtrasCache(store.repository);
    await cache.of('video-1');
    store.video.markers = INTRO;
    cache.forget('video-1');
    expect((await cache.of('video-1'))?.markers).toEqual(INTRO);
  });

  it('does not keep a read that was under way when the markers were saved', async () => {
    const store = oneVideo();
    const cache = new PlayerExtrasCache(store.repository);
    const release = store.hold();
    const before = cache.of('video-1');
    store.video.markers = INTRO;
    cache.forget('video-1');
    release();
    expect((await before)?.markers).toEqual({});
    expect((await cache.of('video-1'))?.markers).toEqual(INTRO);
  });

  it('answers nothing for a video that is gone', async () => {
    const cache = new PlayerExtrasCache(oneVideo().repository);
    expect(await cache.of('video-2')).toBeUndefined();
  });
});
