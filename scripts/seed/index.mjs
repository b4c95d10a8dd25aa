#!/usr/bin/env node
// The demo catalogue: at least 60 movies in all eight languages and fourteen genres, and shows in the
// three categories (a series with its episodes and standalone episodes per category), each with a
// poster, a banner and a title image drawn here (art.mjs). Pictures go through the media service's
// upload endpoint (so they get its checks and key scheme); titles through the catalog's NATS subjects.
//
//   import { seedDemoCatalogue } from './scripts/seed/index.mjs';
//   await seedDemoCatalogue({ env: process.env, log: console.log }); // idempotent
//
//   node scripts/seed/index.mjs                  load the demo into the running platform (npm start's
//                                                NATS operator from .data/run/nats.url unless NATS_URL)
//   node scripts/seed/index.mjs --videos <dir>   …and make every title playable (sources kept in
//                                                <dir>/demo-videos), returning once they all play
//   node scripts/seed/index.mjs --preview <dir>  only draw the pictures into <dir> (no services needed)
import { existsSync, mkdirSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  bannerSvg,
  CATEGORY_STYLES,
  GENRE_STYLES,
  loadSharp,
  posterSvg,
  render,
  titleSvg,
  variantOf,
} from './art.mjs';
import { MOVIES, SHOWS } from './catalogue.mjs';
import { seedDemoActivity } from './activity.mjs';
import { addDemoDubs, addDemoSubtitles } from './tracks.mjs';
import { catalogueTitles, settleDemoVideos } from './videos.mjs';

/** Titles drawn and saved at a time: enough to keep both cores busy while uploads and saves wait. */
const IN_FLIGHT = 4;
const FORMATS = { poster: 'webp', banner: 'jpeg', title: 'png' };

/** A demo movie with the style of its first genre, as the pictures need it. */
function movieArt(movie) {
  return {
    title: movie.title,
    latin: movie.latin,
    cast: movie.cast,
    language: movie.language,
    year: movie.year,
    rating: movie.rating,
    tagline: movie.tagline,
    style: variantOf(
      GENRE_STYLES[movie.genre.find((g) => g !== 'Trending' && g !== 'Featured') ?? movie.genre[0]],
      movie.title,
    ),
  };
}

function showArt(title, category, cast = []) {
  const style = variantOf(CATEGORY_STYLES[category], title, 45);
  return { title, cast, style, figures: style.scene !== 'crowd' && style.scene !== 'podium' };
}

/** Runs `work` over `items`, `limit` at a time, in order of start; the first failure stops the rest. */
async function eachLimited(items, limit, work) {
  const results = new Array(items.length);
  let next = 0;
  let failed;
  const worker = async () => {
    while (next < items.length && !failed) {
      const index = next++;
      try {
        results[index] = await work(items[index], index);
      } catch (error) {
        failed ??= error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  if (failed) throw failed;
  return results;
}

/** The media service's upload endpoint (MEDIA_URL), the same one the gateway streams admin uploads to. */
function mediaUploader(mediaUrl, mediaHeaders) {
  return async (bytes, purpose, field) => {
    const res = await fetch(new URL(`/uploads/${purpose}?field=${field}`, mediaUrl), {
      method: 'POST',
      headers: { ...mediaHeaders, 'content-type': 'application/octet-stream' },
      body: bytes,
    });
    const body = await res.json().catch(() => undefined);
    if (res.status !== 201) throw new Error(`media refused ${field}: ${res.status} ${body?.message ?? ''}`);
    return body.key;
  };
}

/** The NATS client and the media uploader the loader talks to. */
async function connect(env) {
  // The workspace libraries are CommonJS builds; require reads their exports whatever compiled them.
  const require = createRequire(import.meta.url);
  const { connectNats, internalToken, MEDIA_TOKEN_HEADER, RpcClient } = require('@chitram/nest-kit');
  const { Subjects } = require('@chitram/contracts');
  const nats = await connectNats(env.NATS_URL ?? 'nats://127.0.0.1:4222', 'chitram-demo-seed');
  const rpc = new RpcClient(nats, Number(env.RPC_TIMEOUT_MS ?? 10_000));
  // Media's internal server answers the holders of its token only (the development one by default).
  const mediaHeaders = { [MEDIA_TOKEN_HEADER]: internalToken(env.MEDIA_INTERNAL_TOKEN ?? '') };
  return {
    Subjects,
    rpc,
    mediaUrl: env.MEDIA_URL ?? 'http://127.0.0.1:4104',
    mediaHeaders,
    upload: mediaUploader(env.MEDIA_URL ?? 'http://127.0.0.1:4104', mediaHeaders),
    close: () => nats.drain(),
  };
}

/** The demo title of that name in a list the catalogue answers for a search, if there is one. */
async function find(rpc, subject, title, listOf) {
  const answer = await rpc.call(subject, { search: title });
  return listOf(answer).find((item) => item.title === title);
}

const IMAGE_PATH = '/api/media/images/';

/** Whether the title's pictures are still in object storage (a wiped store leaves rows without them). */
async function picturesStored(mediaUrl, item, mediaHeaders) {
  const url = item.thumbnailUrl || item.titlePngUrl || item.bannerUrl;
  if (!url?.startsWith(IMAGE_PATH)) return true;
  const res = await fetch(`${mediaUrl}/objects/${url.slice(IMAGE_PATH.length)}`, {
    method: 'HEAD',
    headers: mediaHeaders,
  });
  return res.ok;
}

/**
 * Whether a demo title is loaded whole. One whose pictures were lost (object storage wiped while the
 * database was kept) is removed so that it is drawn and loaded again.
 */
async function present(services, subjects, title, listOf) {
  const item = await find(services.rpc, subjects.page, title, listOf);
  if (!item) return false;
  if (await picturesStored(services.mediaUrl, item, services.mediaHeaders)) return true;
  await services.rpc.call(subjects.delete, { id: item._id });
  return false;
}

/** A demo movie's pictures, each as media's upload takes it. */
async function drawMovie(movie) {
  const art = movieArt(movie);
  const [poster, banner, title] = await Promise.all([
    render(await posterSvg(art), FORMATS.poster),
    render(bannerSvg(art), FORMATS.banner),
    render(await titleSvg(art), FORMATS.title),
  ]);
  return {
    thumbnail: { bytes: poster, purpose: 'image', field: 'thumbnail' },
    banner: { bytes: banner, purpose: 'banner', field: 'banner' },
    titleImage: { bytes: title, purpose: 'image', field: 'titleImage' },
  };
}

/** A demo series' title picture and its episodes' banners (`episode0`, `episode1`, …). */
async function drawSeries(category, series) {
  const banners = await eachLimited(series.episodes, IN_FLIGHT, (episode) =>
    render(bannerSvg(showArt(episode.title, category, series.cast)), FORMATS.banner),
  );
  const title = await render(await titleSvg(showArt(series.title, category)), FORMATS.title);
  const pictures = { titleImage: { bytes: title, purpose: 'image', field: 'titleImage' } };
  banners.forEach((banner, i) => {
    pictures[`episode${i}`] = { bytes: banner, purpose: 'image', field: `episodes[${i}][banner]` };
  });
  return pictures;
}

/** A standalone episode's banner and title picture. */
async function drawShow({ category, episode }) {
  const art = showArt(episode.title, category, episode.cast);
  const [banner, title] = await Promise.all([
    render(bannerSvg(art), FORMATS.banner),
    render(await titleSvg(art), FORMATS.title),
  ]);
  return {
    banner: { bytes: banner, purpose: 'image', field: 'banner' },
    titleImage: { bytes: title, purpose: 'image', field: 'titleImage' },
  };
}

/**
 * The demo's pictures, each drawn once: what the loader asks for, or all of them ahead of it
 * (`drawAll`), while the platform is still starting. `npm start` draws ahead when the catalogue's
 * database is new, so the pictures are ready by the time the services are up to take them.
 */
export function demoPictures() {
  /** @type {Map<string, Promise<Record<string, { bytes: Buffer, purpose: string, field: string }>>>} */
  const drawn = new Map();
  const once = (key, draw) => {
    if (!drawn.has(key)) {
      const pictures = loadSharp().then(draw);
      pictures.catch(() => {}); // answered to whoever asks for it
      drawn.set(key, pictures);
    }
    return /** @type {ReturnType<typeof draw>} */ (drawn.get(key));
  };
  const shows = Object.entries(SHOWS);
  const pictures = {
    movie: (movie) => once(`movie:${movie.title}`, () => drawMovie(movie)),
    series: (category, series) => once(`series:${series.title}`, () => drawSeries(category, series)),
    show: (item) => once(`show:${item.episode.title}`, () => drawShow(item)),
    /** Draws every picture, IN_FLIGHT titles at a time; resolves when all are drawn (or failed). */
    drawAll: () =>
      eachLimited(
        [
          ...MOVIES.map((movie) => () => pictures.movie(movie)),
          ...shows.map(
            ([category, show]) =>
              () =>
                pictures.series(category, show.series),
          ),
          ...shows.flatMap(([category, show]) =>
            show.standalone.map((episode) => () => pictures.show({ category, episode })),
          ),
        ],
        IN_FLIGHT,
        (draw) => draw().catch(() => undefined),
      ).then(() => undefined),
  };
  return pictures;
}

/**
 * Loads the demo catalogue into the running platform. Idempotent: it looks each demo title up first
 * and creates only those the catalogue lacks, so a second run does nothing and a run after a partial
 * one completes it. Answers what it created. The titles' videos come after (seedDemoVideos).
 * `pictures`: demoPictures() that may have drawn them already.
 * @param {{ env?: NodeJS.ProcessEnv, log?: (line: string) => void, pictures?: ReturnType<typeof demoPictures> }} [options]
 */
export async function seedDemoCatalogue({
  env = process.env,
  log = (line) => console.log(line),
  pictures = demoPictures(),
} = {}) {
  const started = Date.now();
  const services = await connect(env);
  const { rpc, Subjects, upload } = services;
  try {
    const shows = Object.entries(SHOWS);
    const [missingMovies, missingSeries, missingEpisodes] = await Promise.all([
      eachLimited(MOVIES, 8, async (movie) =>
        (await present(services, Subjects.catalog.movies, movie.title, (a) => a.movies)) ? undefined : movie,
      ),
      eachLimited(shows, 3, async ([category, show]) =>
        (await present(
          services,
          { page: Subjects.catalog.series.list, delete: Subjects.catalog.series.delete },
          show.series.title,
          (a) => a.series,
        ))
          ? undefined
          : { category, series: show.series },
      ),
      eachLimited(
        shows.flatMap(([category, show]) => show.standalone.map((episode) => ({ category, episode }))),
        8,
        async (item) =>
          (await present(services, Subjects.catalog.episodes, item.episode.title, (a) => a.paginatedEpisodes))
            ? undefined
            : item,
      ),
    ]).then((lists) => lists.map((list) => list.filter(Boolean)));

    const total = missingMovies.length + missingSeries.length + missingEpisodes.length;
    if (total === 0) {
      log('demo catalogue: already loaded');
      await seedDemoActivity({ rpc, Subjects, env, log });
      return { movies: 0, series: 0, episodes: 0, ms: Date.now() - started };
    }
    log(
      `demo catalogue: drawing and loading ${missingMovies.length} movies, ${missingSeries.length} series and ${missingEpisodes.length} shows…`,
    );
    await loadSharp();

    /** Stores the pictures, then saves; if the save fails, the pictures are removed again. */
    const saveWith = async (pictures, save) => {
      const keys = {};
      try {
        for (const [name, { bytes, purpose, field }] of Object.entries(pictures))
          keys[name] = await upload(bytes, purpose, field);
        return await save(keys);
      } catch (error) {
        const stored = Object.values(keys);
        if (stored.length) await rpc.call(Subjects.media.deleteObjects, { keys: stored }).catch(() => {});
        throw error;
      }
    };

    await eachLimited(missingMovies, IN_FLIGHT, async (movie) => {
      await saveWith(await pictures.movie(movie), (keys) =>
        rpc.call(Subjects.catalog.movies.create, {
          title: movie.title,
          description: movie.description,
          cast: movie.cast,
          genre: movie.genre,
          language: movie.language,
          rating: movie.rating,
          releaseYear: movie.year,
          duration: movie.duration,
          thumbnailUrl: keys.thumbnail,
          bannerUrl: keys.banner,
          titlePngUrl: keys.titleImage,
          isFree: movie.free === true,
          type: 'movie',
        }),
      );
    });

    for (const { category, series } of missingSeries) {
      await saveWith(await pictures.series(category, series), (keys) =>
        rpc.call(Subjects.catalog.series.create, {
          title: series.title,
          description: series.description,
          cast: series.cast,
          language: series.language,
          rating: series.rating,
          tags: series.tags,
          titlePngUrl: keys.titleImage,
          genre: series.genre,
          category,
          episodes: series.episodes.map((episode, i) => ({
            title: episode.title,
            description: episode.description,
            releaseDate: episode.releaseDate,
            duration: episode.duration,
            bannerUrl: keys[`episode${i}`],
          })),
        }),
      );
    }

    await eachLimited(missingEpisodes, IN_FLIGHT, async (item) => {
      const { category, episode } = item;
      await saveWith(await pictures.show(item), (keys) =>
        rpc.call(Subjects.catalog.episodes.create, {
          title: episode.title,
          description: episode.description,
          duration: episode.duration,
          releaseDate: episode.releaseDate,
          cast: episode.cast,
          rating: 'U',
          category,
          bannerUrl: keys.banner,
          titlePngUrl: keys.titleImage,
        }),
      );
    });

    await seedDemoActivity({ rpc, Subjects, env, log });
    const episodes = missingSeries.reduce((n, s) => n + s.series.episodes.length, 0) + missingEpisodes.length;
    const ms = Date.now() - started;
    log(
      `demo catalogue: loaded ${missingMovies.length} movies, ${missingSeries.length} series and ${episodes} episodes in ${(ms / 1000).toFixed(1)} s`,
    );
    return { movies: missingMovies.length, series: missingSeries.length, episodes, ms };
  } finally {
    await services.close();
  }
}

/**
 * Makes every demo title playable (videos.mjs): a few sources made in `dataDir`/demo-videos, uploaded
 * and transcoded, and copies of them for the other titles. Resolves once every title plays (or its
 * source failed for good); `npm start` runs it in the background, after it says it is up. `demos`: only
 * these of DEMO_VIDEOS are transcoded (the compose smoke test's one).
 * @param {{ env?: NodeJS.ProcessEnv, log?: (line: string) => void, dataDir: string, signal?: AbortSignal, demos?: typeof import('./videos.mjs').DEMO_VIDEOS }} options
 */
export async function seedDemoVideos({
  env = process.env,
  log = (line) => console.log(line),
  dataDir,
  signal,
  demos,
}) {
  const services = await connect(env);
  try {
    const settled = await settleDemoVideos({
      demos,
      rpc: services.rpc,
      Subjects: services.Subjects,
      mediaUrl: services.mediaUrl,
      mediaHeaders: services.mediaHeaders,
      dataDir,
      log,
      signal,
    });
    // D44: subtitles for two demo films, once their videos play (no transcoding: text only), and a
    // Hindi and a Telugu dub (their audio alone is made, never the picture again).
    const tracks = {
      rpc: services.rpc,
      Subjects: services.Subjects,
      mediaUrl: services.mediaUrl,
      mediaHeaders: services.mediaHeaders,
      titles: await catalogueTitles(services.rpc, services.Subjects),
      log,
    };
    await addDemoSubtitles(tracks);
    await addDemoDubs({ ...tracks, dataDir });
    return settled;
  } finally {
    await services.close();
  }
}

/** Draws every demo picture into `dir` (poster, banner, title per title), for a look without services. */
export async function previewDemoPictures(dir, log = (line) => console.log(line)) {
  const started = Date.now();
  mkdirSync(dir, { recursive: true });
  await loadSharp();
  const jobs = [
    ...MOVIES.map((movie, i) => ({
      name: `movie-${String(i).padStart(2, '0')}`,
      art: movieArt(movie),
      poster: true,
    })),
    ...Object.entries(SHOWS).flatMap(([category, show]) => [
      { name: `series-${category}`, art: showArt(show.series.title, category), bannerless: true },
      ...show.series.episodes.map((e, i) => ({
        name: `series-${category}-${i}`,
        art: showArt(e.title, category, show.series.cast),
        titleless: true,
      })),
      ...show.standalone.map((e, i) => ({
        name: `show-${category}-${i}`,
        art: showArt(e.title, category, e.cast),
      })),
    ]),
  ];
  let pictures = 0;
  await eachLimited(jobs, IN_FLIGHT, async (job) => {
    const out = [];
    if (job.poster) out.push(['poster', render(await posterSvg(job.art), FORMATS.poster)]);
    if (!job.bannerless) out.push(['banner', render(bannerSvg(job.art), FORMATS.banner)]);
    if (!job.titleless) out.push(['title', render(await titleSvg(job.art), FORMATS.title)]);
    for (const [kind, bytes] of out) {
      writeFileSync(
        join(dir, `${job.name}-${kind}.${FORMATS[kind] === 'jpeg' ? 'jpg' : FORMATS[kind]}`),
        await bytes,
      );
      pictures++;
    }
  });
  const ms = Date.now() - started;
  log(`drew ${pictures} pictures into ${dir} in ${(ms / 1000).toFixed(1)} s`);
  return { pictures, ms };
}

/** The operator's NATS_URL that `npm start` wrote for tools like this one, if it is running. */
function runningNats(file) {
  return existsSync(file) ? { NATS_URL: readFileSync(file, 'utf8').trim() } : {};
}

if (process.argv[1] && realpathSync(process.argv[1]) === realpathSync(fileURLToPath(import.meta.url))) {
  const args = process.argv.slice(2);
  const preview = args.indexOf('--preview');
  const videos = args.indexOf('--videos');
  const env = { ...runningNats('.data/run/nats.url'), ...process.env };
  const run =
    preview >= 0
      ? previewDemoPictures(args[preview + 1] ?? '.data/demo-preview')
      : seedDemoCatalogue({ env }).then(() =>
          videos >= 0 ? seedDemoVideos({ env, dataDir: args[videos + 1] ?? '.data' }) : undefined,
        );
  run.then(
    () => process.exit(0),
    (error) => {
      console.error(`demo catalogue: ${error.message}`);
      process.exit(1);
    },
  );
}
