import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ErrorCode, Subjects, type MarkerSpan, type VideoMarkersAnswer } from '@chitram/contracts';
import { connectNats, RpcClient } from '@chitram/nest-kit';
import {
  isolatedEnv,
  startTestService,
  testInfrastructure,
  testObjectStorage,
  waitFor,
  type TestObjectStorage,
  type TestService,
} from '@chitram/test-helpers';
import type { NatsConnection } from 'nats';
import { mediaService } from '../service';
import { ObjectStorage } from '../storage/object-storage';
import { makeEpisodeVideo } from '../transcoding/test-sources';
import { newSourceKey, VideosService } from './videos.service';

// D42's suggested intros: episodes of one series whose first 8 s are the same melody are each offered
// that span as their intro once transcoded (by their audio fingerprints), until an admin confirms or
// dismisses it; another series' episode, and one whose intro an admin set, are offered nothing.

const INTRO_SECONDS = 8;

describe('suggested intros (D42)', () => {
  const isolation = isolatedEnv();
  let s3: TestObjectStorage;
  let work: string;
  let nats: NatsConnection;
  let rpc: RpcClient;
  let media: TestService;

  beforeAll(async () => {
    s3 = await testObjectStorage();
    work = await mkdtemp(path.join(tmpdir(), 'chitram-intros-'));
    nats = await connectNats(testInfrastructure().NATS_URL, 'intros-test');
    rpc = new RpcClient(nats, 5000);
    media = await startTestService(mediaService, {
      env: { ...s3.env, ...isolation.env, MEDIA_HTTP_PORT: '0', TRANSCODE_ACK_WAIT_SECONDS: '30' },
    });
  });

  afterAll(async () => {
    await media?.destroy();
    await nats?.close();
    await rm(work, { recursive: true, force: true });
    await s3?.destroy();
    await isolation.cleanUp();
  });

  const markers = (videoId: string) => rpc.call(Subjects.media.videos.markers, { videoId });

  /** An episode's video (its series carried as the gateway carries it), its source stored and queued. */
  async function episode(seriesId: string, variant: number): Promise<string> {
    const { videoId } = await rpc.call(Subjects.media.videos.create, {
      ownerKind: 'episode',
      ownerId: randomUUID(),
      seriesId,
    });
    const file = path.join(work, `${videoId}.mp4`);
    await makeEpisodeVideo(file, { introSeconds: INTRO_SECONDS, restSeconds: 10, variant });
    const key = newSourceKey('mp4');
    await media.app.get(ObjectStorage).put(key, createReadStream(file), 'video/mp4');
    await media.app.get(VideosService).sourceStored(videoId, key);
    return videoId;
  }

  /** Ready, and fingerprinted (which follows the ready announcement). */
  const fingerprinted = (videoId: string) =>
    waitFor(
      async () => {
        const rows: unknown[] = await media.dataSource.query(
          `SELECT 1 FROM "video" WHERE "id" = $1 AND "state" = 'ready' AND "audio_fingerprint" IS NOT NULL`,
          [videoId],
        );
        return rows.length > 0 || undefined;
      },
      180_000,
      500,
    );

  const expectIntroNearStart = (span: MarkerSpan | null) => {
    expect(span).not.toBeNull();
    expect(span!.startSeconds).toBeGreaterThanOrEqual(0);
    expect(span!.startSeconds).toBeLessThanOrEqual(1);
    expect(Math.abs(span!.endSeconds - INTRO_SECONDS)).toBeLessThanOrEqual(1);
  };

  it('offers the span a series’ episodes share, to episodes without an intro of an admin’s; confirming makes it a marker', async () => {
    const series = randomUUID();
    const otherSeries = randomUUID();

    // An episode whose intro an admin set (a different span from the shared sound's).
    const marked = await episode(series, 4);
    await fingerprinted(marked);
    const adminsIntro = { startSeconds: 0, endSeconds: 3 };
    await rpc.call(Subjects.media.videos.setMarkers, { videoId: marked, markers: { intro: adminsIntro } });

    const [first, second, elsewhere] = [
      await episode(series, 1),
      await episode(series, 2),
      await episode(otherSeries, 3),
    ];
    await Promise.all([first, second, elsewhere].map(fingerprinted));
    const [firstSuggested, secondSuggested] = await Promise.all(
      [first, second].map((videoId) =>
        waitFor(async () => (await markers(videoId)).suggestedIntro ?? undefined, 60_000, 500),
      ),
    );
    expectIntroNearStart(firstSuggested);
    expectIntroNearStart(secondSuggested);

    // Another series' episode shares the sound but not the series; the admin's intro stands.
    expect((await markers(elsewhere)).suggestedIntro).toBeNull();
    const markedNow = await markers(marked);
    expect(markedNow).toMatchObject({ markers: { intro: adminsIntro }, suggestedIntro: null });
    const [{ suggested_intro }] = await media.dataSource.query(
      `SELECT "suggested_intro" FROM "video" WHERE "id" = $1`,
      [marked],
    );
    expect(suggested_intro).toBeNull();

    // The player never hears of a suggestion: the video's markers are the admin's only.
    expect((await rpc.call(Subjects.media.videos.get, { videoId: first })).markers).toEqual({});

    // Confirming is setting the intro to it: a marker like any other, and no longer a suggestion.
    const confirmed: VideoMarkersAnswer = await rpc.call(Subjects.media.videos.setMarkers, {
      videoId: first,
      markers: { intro: firstSuggested },
    });
    expect(confirmed).toMatchObject({ markers: { intro: firstSuggested }, suggestedIntro: null });
    expect((await rpc.call(Subjects.media.videos.get, { videoId: first })).markers).toEqual({
      intro: firstSuggested,
    });

    // Dismissing forgets it for good; a second dismissal has nothing to dismiss.
    expect(await rpc.call(Subjects.media.videos.dismissSuggestedIntro, { videoId: second })).toMatchObject({
      markers: {},
      suggestedIntro: null,
    });
    await expect(
      rpc.call(Subjects.media.videos.dismissSuggestedIntro, { videoId: second }),
    ).rejects.toMatchObject({ code: ErrorCode.NOT_FOUND });
    expect((await markers(second)).suggestedIntro).toBeNull();
  }, 420_000);
});
