// Demo videos (issue 8): a few demo titles become really playable with no download. Each source is made
// on this machine by ffmpeg (a test pattern and a tone), then goes through the real pipeline: a video
// record, a resumable (tus) upload into the media service, and transcoding by its workers. It does not
// wait for the transcoding: the titles turn playable within a minute or so of start-up.
import { existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

/**
 * Which demo titles get a video: one free film (D22), paid films whose ladders differ by plan (D21), and
 * the first two episodes of the political series (the end of one offers the next).
 */
export const DEMO_VIDEOS = [
  { kind: 'movie', title: 'Palleturi Cricket', seconds: 30, height: 720, pattern: 'testsrc2', tone: 440 },
  { kind: 'movie', title: 'Godavari Express', seconds: 24, height: 1080, pattern: 'smptehdbars', tone: 523 },
  { kind: 'movie', title: 'Chhota Jasoos', seconds: 20, height: 480, pattern: 'rgbtestsrc', tone: 659 },
  {
    kind: 'episode',
    title: 'Water for Marathwada',
    seconds: 12,
    height: 360,
    pattern: 'testsrc2',
    tone: 330,
  },
  {
    kind: 'episode',
    title: 'Jobs in Jamshedpur',
    seconds: 12,
    height: 360,
    pattern: 'rgbtestsrc',
    tone: 392,
  },
];

/** The demo title's catalogue entry (with its video, if any). */
async function findTitle(rpc, Subjects, demo) {
  if (demo.kind === 'movie') {
    const page = await rpc.request(Subjects.catalog.movies.page, { search: demo.title });
    return page.movies.find((m) => m.title === demo.title);
  }
  const page = await rpc.request(Subjects.catalog.episodes.page, { search: demo.title });
  return page.paginatedEpisodes.find((e) => e.title === demo.title);
}

/** A tus 1.0 upload of a whole file in one PATCH (the media service's internal endpoint). */
async function tusUpload(mediaUrl, mediaHeaders, videoId, bytes) {
  const headers = { ...mediaHeaders, 'Tus-Resumable': '1.0.0' };
  const created = await fetch(new URL(`/uploads/videos/${videoId}`, mediaUrl), {
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
 * are left alone, a failed one is retried. Answers how many uploads it started.
 */
export async function seedDemoVideos({ rpc, Subjects, mediaUrl, mediaHeaders, dataDir, log }) {
  const require = createRequire(import.meta.url);
  const { makeTestVideo } = require('../../services/media/dist/transcoding/test-sources.js');
  const folder = join(dataDir, 'demo-videos');
  mkdirSync(folder, { recursive: true });
  let started = 0;
  for (const demo of DEMO_VIDEOS) {
    const title = await findTitle(rpc, Subjects, demo);
    if (!title) continue;
    const video = title.video;
    if (video && video.state !== 'failed' && video.state !== 'uploading') continue;
    if (video?.state === 'failed') {
      await rpc.call(Subjects.media.videos.retry, { videoId: video.videoId });
      log(`demo video: retrying ${demo.title}`);
      continue;
    }
    const file = join(folder, `${demo.pattern}-${demo.height}p-${demo.seconds}s-${demo.tone}.mp4`);
    if (!existsSync(file) || statSync(file).size === 0) await makeTestVideo(file, demo);
    const videoId =
      video?.videoId ??
      (await rpc.call(Subjects.media.videos.create, { ownerKind: demo.kind, ownerId: title._id })).videoId;
    await tusUpload(mediaUrl, mediaHeaders, videoId, readFileSync(file));
    started++;
  }
  if (started) log(`demo videos: ${started} uploaded; they are transcoding and play once ready`);
  return started;
}
