// Demo subtitles and dubs (D44, issue 23): two demo films get subtitle tracks in two scripts and more,
// made here as text, and a Hindi and a Telugu dub, each a tone of its own made here by ffmpeg (no
// download), so the player's Subtitles and Audio menus have something to offer. Runs after the demo
// videos are settled (videos.mjs), in the background of `npm start`; idempotent (a language a video
// already has is left alone).
import { existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { URLSearchParams } from 'node:url';
import { tusUpload } from './videos.mjs';

/** The films, and the lines each language's cues cycle through ({n}: the cue's number). */
export const DEMO_SUBTITLED = ['Chennai Central', 'Marina Match'];

export const DEMO_SUBTITLES = [
  { language: 'ta', lines: ['வணக்கம், சென்னை! ({n})', 'ரயில் புறப்படுகிறது ({n})', 'நேரம் இல்லை ({n})'] },
  { language: 'hi', lines: ['नमस्ते, चेन्नई! ({n})', 'ट्रेन चल पड़ी है ({n})', 'समय नहीं है ({n})'] },
  {
    language: 'en',
    sdh: true,
    lines: [
      '[Train horn] Hello, Chennai! ({n})',
      '[Crowd murmurs] The train is leaving ({n})',
      'No time left ({n})',
    ],
  },
];

/** How long the cues run: longer than any demo source (they are cut at the video's end). */
const CUE_SECONDS = 1.5;
const CUES_FOR_SECONDS = 60;

const stamp = (seconds) => {
  const ms = Math.round(seconds * 1000);
  const two = (n) => String(n).padStart(2, '0');
  return `${two(Math.floor(ms / 3_600_000))}:${two(Math.floor(ms / 60_000) % 60)}:${two(Math.floor(ms / 1000) % 60)},${String(ms % 1000).padStart(3, '0')}`;
};

/** An SRT file of one cue every 1.5 s (the upload path converts it to WebVTT, as an admin's would be). */
export function demoSrt(lines) {
  const cues = [];
  for (let n = 1; n * CUE_SECONDS <= CUES_FOR_SECONDS; n++) {
    const start = (n - 1) * CUE_SECONDS;
    const text = lines[(n - 1) % lines.length].replace('{n}', String(n));
    cues.push(`${n}\n${stamp(start)} --> ${stamp(start + CUE_SECONDS - 0.1)}\n${text}\n`);
  }
  return cues.join('\n');
}

/** The films of DEMO_SUBTITLED whose videos are ready: each with its title and video. */
async function readyDemoFilms(rpc, Subjects, titles) {
  const ready = [];
  for (const name of DEMO_SUBTITLED) {
    const title = titles.find((t) => t.kind === 'movie' && t.title === name);
    const videoId = title?.video?.videoId;
    if (!videoId) continue;
    const video = await rpc.call(Subjects.media.videos.get, { videoId });
    if (video.state === 'ready') ready.push({ name, title, videoId, video });
  }
  return ready;
}

/**
 * Adds the demo subtitles to the videos of DEMO_SUBTITLED that are ready (through media's internal
 * upload, as the admin's route does). Answers how many tracks it added.
 */
export async function addDemoSubtitles({ rpc, Subjects, mediaUrl, mediaHeaders, titles, log }) {
  let added = 0;
  for (const { name, videoId } of await readyDemoFilms(rpc, Subjects, titles)) {
    const { subtitles } = await rpc.call(Subjects.media.videos.subtitles, { videoId });
    for (const track of DEMO_SUBTITLES) {
      if (subtitles.some((s) => s.language === track.language)) continue;
      const query = new URLSearchParams({ language: track.language, sdh: String(Boolean(track.sdh)) });
      const answer = await fetch(new URL(`/uploads/subtitles/${videoId}?${query}`, mediaUrl), {
        method: 'POST',
        headers: { ...mediaHeaders, 'content-type': 'application/x-subrip' },
        body: demoSrt(track.lines),
      });
      if (answer.status !== 201)
        throw new Error(`demo subtitles for ${name}: media answered ${answer.status}`);
      added++;
    }
  }
  if (added) log(`demo subtitles: ${added} tracks added to ${DEMO_SUBTITLED.join(' and ')}`);
  return added;
}

/** The dubs of the same films: a tone each, unlike the films' own (440 Hz) and each other's. */
export const DEMO_DUBS = [
  { language: 'hi', tone: 660 },
  { language: 'te', tone: 880 },
];

/**
 * Adds the demo dubs to the videos of DEMO_SUBTITLED that are ready: a WAV tone as long as the video,
 * made once in `dataDir`/demo-videos, uploaded over media's internal tus endpoint as the admin's route
 * does; media's audio job makes each a rendition (and the film's own sound one too). Answers how many
 * tracks it added.
 */
export async function addDemoDubs({ rpc, Subjects, mediaUrl, mediaHeaders, titles, dataDir, log }) {
  const require = createRequire(import.meta.url);
  const { makeToneAudio } = require('../../services/media/dist/transcoding/test-sources.js');
  const { languageCodeOf } = require('@chitram/contracts');
  const folder = join(dataDir, 'demo-videos');
  mkdirSync(folder, { recursive: true });
  let added = 0;
  for (const { title, videoId, video } of await readyDemoFilms(rpc, Subjects, titles)) {
    const { tracks } = await rpc.call(Subjects.media.videos.audioTracks, { videoId });
    const seconds = Math.ceil(video.durationSeconds ?? 60);
    for (const dub of DEMO_DUBS) {
      if (tracks.some((t) => t.language === dub.language)) continue;
      const file = join(folder, `dub-${dub.tone}hz-${seconds}s.wav`);
      if (!existsSync(file) || statSync(file).size === 0)
        await makeToneAudio(file, { seconds, tone: dub.tone });
      const query = new URLSearchParams({ language: dub.language });
      // The title's own language: the original audio's LANGUAGE, as the admin's route says it.
      const original = languageCodeOf(title.language);
      if (original) query.set('originalLanguage', original);
      await tusUpload(mediaUrl, mediaHeaders, `/uploads/audio/${videoId}?${query}`, readFileSync(file));
      added++;
    }
  }
  if (added) log(`demo dubs: ${added} audio tracks added to ${DEMO_SUBTITLED.join(' and ')}`);
  return added;
}
