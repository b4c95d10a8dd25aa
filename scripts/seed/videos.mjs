// Demo videos (issues 8 and 19): every demo film and episode plays, with no download. A handful of short
// sources are made on this machine by ffmpeg (test patterns and tones, of different heights up to 2160p)
// and go through the real pipeline: a video record, a resumable (tus) upload into the media service, and
// transcoding by its workers. Every other title then gets a ready copy of one of them
// (Subjects.media.videos.copy): it plays the same renditions, shared in object storage, with grants and
// streams of its own. `npm start` runs this in the background once the platform is up.
import { existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';

/**
 * The demo titles whose videos are transcoded: one free film (D22), paid films whose ladders differ by
 * plan (D21: 1440p for Premium, 2160p for Gold), and the first two episodes of the political series (the
 * end of one offers the next). They are short, the highest the shortest and still pictures (bars), so
 * that two cores make and transcode them all within a few minutes of start-up (a second of a 2160p ladder
 * costs some sixty of a 360p one). The workers take them in this order: the free film and the episodes
 * first, the costliest last.
 */
export const DEMO_VIDEOS = [
  { kind: 'movie', title: 'Palleturi Cricket', seconds: 12, height: 720, pattern: 'testsrc2', tone: 440 },
  {
    kind: 'episode',
    title: 'Water for Marathwada',
    seconds: 12,
    height: 360,
    pattern: 'testsrc2',
    tone: 330,
    // D42: the series' two transcoded episodes open with the same 8-second melody, so media offers it
    // to admins as their suggested intro (the rest of each is a melody of its own).
    intro: { seconds: 8, variant: 1 },
  },
  {
    kind: 'episode',
    title: 'Jobs in Jamshedpur',
    seconds: 12,
    height: 360,
    pattern: 'rgbtestsrc',
    tone: 392,
    intro: { seconds: 8, variant: 2 },
  },
  { kind: 'movie', title: 'Godavari Express', seconds: 12, height: 1080, pattern: 'smptehdbars', tone: 523 },
  { kind: 'movie', title: 'Chhota Jasoos', seconds: 10, height: 480, pattern: 'rgbtestsrc', tone: 659 },
  {
    kind: 'movie',
    title: 'Operation Shaurya',
    seconds: 6,
    height: 1440,
    pattern: 'rgbtestsrc',
    tone: 587,
  },
  { kind: 'movie', title: 'Sitaron Se Aage', seconds: 4, height: 2160, pattern: 'smptehdbars', tone: 784 },
];

/**
 * D45: demo films with a trailer, and the demo source it is a copy of (its 12-second 720p clip: a
 * trailer plays at up to 720p anyway). Copies are made once the source is ready: nothing is transcoded
 * again, and `npm start` never waits for them.
 */
export const DEMO_TRAILERS = {
  source: 'Palleturi Cricket',
  films: ['Palleturi Cricket', 'Godavari Express', 'Chhota Jasoos'],
};

/**
 * Gives each film of DEMO_TRAILERS a trailer, a ready copy of its source's video, unless it has one
 * (or one on its way). Answers how many it gave; none while the source is not ready.
 */
export async function settleDemoTrailers({ rpc, Subjects, titles, log }) {
  const source = titles.find((t) => t.kind === 'movie' && t.title === DEMO_TRAILERS.source);
  if (!source?.video) return 0;
  // Asked of media: the catalogue's copy of the state may lag a moment behind.
  const video = await rpc.call(Subjects.media.videos.get, { videoId: source.video.videoId });
  if (video.state !== 'ready') return 0;
  let given = 0;
  for (const name of DEMO_TRAILERS.films) {
    const film = titles.find((t) => t.kind === 'movie' && t.title === name);
    if (!film) continue;
    const trailer = await rpc.call(Subjects.media.trailers.current, {
      titleKind: 'movie',
      titleId: film._id,
    });
    if (trailer.video && trailer.video.state !== 'failed' && trailer.video.state !== 'cancelled') continue;
    await rpc.call(Subjects.media.videos.copy, {
      fromVideoId: video.videoId,
      ownerKind: 'movie-trailer',
      ownerId: film._id,
    });
    given++;
  }
  if (given) log(`demo trailers: ${given} films have a trailer`);
  return given;
}

/** Every film and episode of the catalogue, with its video (if any), as the admin lists answer them. */
export async function catalogueTitles(rpc, Subjects) {
  const all = async (subject, listOf, kind) => {
    const titles = [];
    for (let page = 1; ; page++) {
      const answer = await rpc.call(subject, { page });
      titles.push(
        ...listOf(answer).map((t) => ({
          kind,
          _id: t._id,
          title: t.title,
          // A film's language (D44: its original audio's); an episode's is its series'.
          ...(t.language ? { language: t.language } : {}),
          video: t.video ?? null,
          // An episode's series, carried to media as the gateway carries it (D42, suggested intros).
          ...(t.seriesId ? { seriesId: t.seriesId } : {}),
        })),
      );
      if (page >= answer.totalPages) return titles;
    }
  };
  const [movies, episodes] = await Promise.all([
    all(Subjects.catalog.movies.page, (a) => a.movies, 'movie'),
    all(Subjects.catalog.episodes.page, (a) => a.paginatedEpisodes, 'episode'),
  ]);
  return [...movies, ...episodes];
}

/** A tus 1.0 upload of a whole file in one PATCH (the media service's internal endpoint). */
export async function tusUpload(mediaUrl, mediaHeaders, creationPath, bytes) {
  const headers = { ...mediaHeaders, 'Tus-Resumable': '1.0.0' };
  const created = await fetch(new URL(creationPath, mediaUrl), {
    method: 'POST',
    headers: { ...headers, 'Upload-Length': String(bytes.length) },
  });
  const location = created.headers.get('location');
  if (created.status !== 201 || !location) throw new Error(`tus creation answered ${created.status}`);
  const patched = await fetch(new URL(location, mediaUrl), {
    method: 'PATCH',
    headers: { ...headers, 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' },
    body: bytes,
  });
  if (patched.status !== 204)
    throw new Error(`tus upload answered ${patched.status}: ${await patched.text()}`);
}

/**
 * Gives each title of DEMO_VIDEOS a transcoded video, once: titles whose video is there (or on its way)
 * are left alone, a failed one is retried. Tells `onSource` of each source title's video as soon as it
 * is on its way (so that its copies need not wait for the other uploads).
 */
export async function uploadDemoSources({
  rpc,
  Subjects,
  mediaUrl,
  mediaHeaders,
  dataDir,
  log,
  sources,
  onSource = () => {},
}) {
  const require = createRequire(import.meta.url);
  const {
    makeEpisodeVideo,
    makeTestVideo,
  } = require('../../services/media/dist/transcoding/test-sources.js');
  const folder = join(dataDir, 'demo-videos');
  mkdirSync(folder, { recursive: true });
  let started = 0;
  for (const { demo, title } of sources) {
    const video = title.video;
    if (video && video.state !== 'failed' && video.state !== 'uploading' && video.state !== 'cancelled') {
      onSource(title, video.videoId);
      continue;
    }
    if (video?.state === 'failed') {
      await rpc.call(Subjects.media.videos.retry, { videoId: video.videoId });
      log(`demo video: retrying ${demo.title}`);
      onSource(title, video.videoId);
      continue;
    }
    const file = join(
      folder,
      demo.intro
        ? `${demo.pattern}-${demo.height}p-${demo.seconds}s-intro-${demo.intro.variant}.mp4`
        : `${demo.pattern}-${demo.height}p-${demo.seconds}s-${demo.tone}.mp4`,
    );
    if (!existsSync(file) || statSync(file).size === 0)
      await (demo.intro
        ? makeEpisodeVideo(file, {
            introSeconds: demo.intro.seconds,
            restSeconds: demo.seconds - demo.intro.seconds,
            variant: demo.intro.variant,
            pattern: demo.pattern,
          })
        : makeTestVideo(file, demo));
    const videoId =
      video?.state === 'uploading'
        ? video.videoId
        : (
            await rpc.call(Subjects.media.videos.create, {
              ownerKind: demo.kind,
              ownerId: title._id,
              ...(title.seriesId ? { seriesId: title.seriesId } : {}),
            })
          ).videoId;
    await tusUpload(mediaUrl, mediaHeaders, `/uploads/videos/${videoId}`, readFileSync(file));
    onSource(title, videoId);
    started++;
  }
  if (started) log(`demo videos: ${started} sources uploaded; they are transcoding`);
  return started;
}

/**
 * The demo's sources (the titles of `demos`, all of DEMO_VIDEOS by default, in the catalogue) and which
 * titles copy each: every other title without a video (or whose upload failed or was cancelled) takes
 * the sources in turn. A title with a video of its own, or one on its way, keeps it.
 */
export function copyPlan(titles, demos = DEMO_VIDEOS) {
  const sources = demos.flatMap((demo) => {
    const title = titles.find((t) => t.kind === demo.kind && t.title === demo.title);
    return title ? [{ demo, title }] : [];
  });
  const copies = new Map(sources.map(({ title }) => [title._id, []]));
  if (sources.length === 0) return { sources, copies };
  const wanting = titles.filter(
    (t) => !copies.has(t._id) && (!t.video || t.video.state === 'failed' || t.video.state === 'cancelled'),
  );
  wanting.forEach((title, i) => copies.get(sources[i % sources.length].title._id).push(title));
  return { sources, copies };
}

/**
 * Makes every demo title playable: uploads the sources (uploadDemoSources; `demos`, a part of
 * DEMO_VIDEOS, transcodes only those) and, as each source turns ready, gives the titles of its turn a
 * copy of it. Waits on the sources' states (asked every `pollMs`),
 * never on time alone; a source that fails for good leaves its titles "Coming soon". Idempotent.
 * Answers how many copies it made, how many titles are left without, and how long it took.
 */
export async function settleDemoVideos({
  rpc,
  Subjects,
  mediaUrl,
  mediaHeaders,
  dataDir,
  log,
  signal,
  pollMs = 1000,
  demos = DEMO_VIDEOS,
}) {
  const started = Date.now();
  const { sources, copies: plan } = copyPlan(await catalogueTitles(rpc, Subjects), demos);
  /** Source videos on their way, with the titles that copy each once it is ready. */
  const waiting = new Map();
  let uploading = true;
  const uploads = uploadDemoSources({
    rpc,
    Subjects,
    mediaUrl,
    mediaHeaders,
    dataDir,
    log,
    sources,
    onSource: (title, videoId) => waiting.set(videoId, plan.get(title._id)),
  }).finally(() => {
    uploading = false;
  });
  uploads.catch(() => {}); // awaited below, once the copies of what did arrive are made
  let copies = 0;
  let failed = 0;
  while (uploading || waiting.size > 0) {
    signal?.throwIfAborted();
    for (const [videoId, todo] of waiting) {
      const source = await rpc.call(Subjects.media.videos.get, { videoId });
      if (source.state === 'failed') {
        log(`demo videos: a source failed (${source.error}); ${todo.length} titles stay "Coming soon"`);
        failed += todo.length + 1;
        waiting.delete(videoId);
      }
      if (source.state !== 'ready') continue;
      for (const title of todo) {
        await rpc.call(Subjects.media.videos.copy, {
          fromVideoId: videoId,
          ownerKind: title.kind,
          ownerId: title._id,
        });
        copies++;
      }
      waiting.delete(videoId);
    }
    if (uploading || waiting.size > 0) await delay(pollMs, undefined, { signal });
  }
  await uploads;
  // The trailers (D45) are copies too; a failure leaves the films without one, and nothing else.
  await settleDemoTrailers({ rpc, Subjects, titles: await catalogueTitles(rpc, Subjects), log }).catch(
    (error) => log(`demo trailers: not given (${error.message})`),
  );
  const ms = Date.now() - started;
  if (copies || failed)
    log(
      `demo videos: ${copies} titles play copies of ${sources.length} transcoded sources${failed ? `, ${failed} do not` : ''} (${(ms / 1000).toFixed(1)} s)`,
    );
  return { sources: sources.length, copies, failed, ms };
}
