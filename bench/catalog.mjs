// npm run bench:catalog: the catalogue under load, over 100,000 titles of its own.
//
// 1. Seeds `chitram_bench_catalog` (once; a later run finds it seeded and skips this) with a realistic,
//    deterministic catalogue: a Zipf-shaped vocabulary of English and Indian title words, a fifth of
//    the Indian-language titles in their own script, casts drawn from ~30,000 actors with Zipf-shaped
//    popularity, templated descriptions, all eight languages and fourteen genres; beside them 2,000
//    series of 10 episodes each from the same words, which search indexes too (issue 19). Multi-row
//    inserts.
// 2. Starts the built catalog service and gateway on free ports, on a private NATS server, and bumps
//    the catalogue version so nothing an earlier run cached is used.
// 3. Home content (`GET /api/home/content?language=Telugu`) through the gateway against a bare node:http
//    server answering the same bytes, in the same run, at 50 connections (target: 40% or better).
// 4. Search (`GET /api/home/search?q=`, terms of 3+ characters: exact and misspelt title words, actors,
//    two-word titles, words in Indian scripts and their beginnings, description words) at 50
//    connections (target: p95 under 30 ms), four ways: the 500 most popular terms once cached; a
//    realistic mix of 20,000 terms with Zipf-shaped popularity (s = 1, long tail included), 10 s after
//    the caches were emptied; cold, every term new; and cold at one connection (a search's own cost).
//
// Settings (environment): BENCH_CONNECTIONS (50), BENCH_WARMUP_SECONDS (3), BENCH_SECONDS (10),
// BENCH_ROUNDS (2), BENCH_SEARCH_WARMUP_SECONDS (10), BENCH_NATS = auto | private | shared (as
// bench:gateway), BENCH_CPU_PROF (as bench:gateway), DATABASE_URL, REDIS_URL. Exits 0 whether or not
// the targets are met; 1 when something broke; 130 on Ctrl-C. Figures are also written to
// .data/bench/catalog.json. Search's CPU per request also counts the catalog's Postgres backends, Redis
// (the local server behind REDIS_URL, when `ss` finds it) and the load generator itself (autocannon).
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import path from 'node:path';
import autocannon from 'autocannon';
import Redis from 'ioredis';
import pg from 'pg';
import {
  ensureBuilt,
  infrastructureEnv,
  natsServerBinary,
  profilingArgs,
  ROOT,
  startGateway,
  startPrivateNats,
  startService,
} from './lib/apps.mjs';
import { captureResponse, startBareServer } from './lib/bare-server.mjs';
import { alternateRounds } from './lib/load.mjs';
import { cpuSeconds, Supervisor, waitUntil } from './lib/processes.mjs';
import { formatTable, oneDecimal, writeJson } from './lib/report.mjs';
import { benchSettings, fetchStatus } from './lib/settings.mjs';

const DATABASE_NAME = 'chitram_bench_catalog';
const TITLES = 100_000;
/** Series seeded beside the films, each with EPISODES_PER_SERIES episodes (issue 19: search covers them). */
const SERIES = 2000;
const EPISODES_PER_SERIES = 10;
const CATEGORIES = ['political', 'health', 'education'];
/** Marks the rows this benchmark seeded; a run finds TITLES of them and seeds nothing. */
const SEED_VENDOR = 'bench-seed-v1';
const HOME_ROUTE = '/api/home/content?language=Telugu';
const REDIS_KEY_PREFIX = 'chitram-bench-catalog:';
const OUTPUT = path.join(ROOT, '.data/bench/catalog.json');
const TARGETS = { minHomePercent: 40, maxSearchP95Ms: 30 };
/** Distinct terms of the realistic mix, asked with Zipf-shaped popularity (s = 1). */
const SEARCH_POOL = 20_000;
const POPULAR_TERMS = 500;
/**
 * New terms of the cold run: about three seconds of it, so that its p95 is the steady state's and not
 * whether one collector pause fell in a second or two (3,000 gave 22.8-32.4 ms on one quiet machine).
 */
const COLD_SEARCHES = 8000;
const ALONE_SEARCHES = 300;

const { fail, wholeNumber } = benchSettings('catalog');
const settings = {
  connections: wholeNumber('BENCH_CONNECTIONS', 50, 1),
  warmupSeconds: wholeNumber('BENCH_WARMUP_SECONDS', 3, 0),
  durationSeconds: wholeNumber('BENCH_SECONDS', 10, 1),
  rounds: wholeNumber('BENCH_ROUNDS', 2, 1),
  searchWarmupSeconds: wholeNumber('BENCH_SEARCH_WARMUP_SECONDS', 10, 0),
  nats: process.env.BENCH_NATS || 'auto',
};
if (!['auto', 'shared', 'private'].includes(settings.nats)) {
  fail(`BENCH_NATS must be auto, private or shared (got ${JSON.stringify(settings.nats)})`);
}

// Seeding takes about a minute on two cores; start-up well under one; then the load runs.
const STARTUP_BUDGET_SECONDS = 300;
const deadlineSeconds =
  STARTUP_BUDGET_SECONDS +
  settings.searchWarmupSeconds +
  (settings.rounds * 2 + 2) * (settings.warmupSeconds + settings.durationSeconds + 5) +
  120;

const log = (/** @type {string} */ line) => console.log(line);
const supervisor = new Supervisor();
const load = new AbortController();
let stopping = false;

async function shutdown(/** @type {number} */ code) {
  if (stopping) return;
  stopping = true;
  load.abort(new Error('stopping'));
  await supervisor.stopAll();
  process.exit(code);
}

process.on('SIGINT', () => {
  if (stopping) process.exit(130);
  log('\ninterrupted: stopping the apps');
  void shutdown(130);
});
process.on('SIGTERM', () => void shutdown(143));
setTimeout(() => {
  console.error(`bench:catalog: gave up after ${deadlineSeconds} s`);
  void shutdown(1);
}, deadlineSeconds * 1000).unref();

// ---------------------------------------------------------------------------------------------
// A realistic catalogue, the same on every run.
// ---------------------------------------------------------------------------------------------

const LANGUAGES = ['English', 'Hindi', 'Tamil', 'Telugu', 'Malayalam', 'Bhojpuri', 'Kannada', 'Bengali'];
const GENRES = [
  'Action',
  'Drama',
  'Thriller',
  'Romance',
  'Sci-Fi',
  'Horror',
  'Trending',
  'Featured',
  'Comedy',
  'Classic',
  'Kids',
  'Devotional',
  'South Favourites',
  'Sports',
];
const RATINGS = ['U', 'U/A', 'A'];
const ENGLISH_WORDS = [
  ...new Set(
    (
      'love story return night kingdom warrior shadow river city dream fire storm legend hero journey secret empire ' +
      'blood honour village monsoon thunder silence destiny revenge queen king brother sister family wedding school ' +
      'cricket champion tiger lion eagle moon sun star ocean mountain desert train road home heart soul game mission ' +
      'last first lost found broken golden silver dark light red black white blue wild hidden forgotten eternal ' +
      'sacred little big great final dangerous beautiful wicked brave honest crazy lucky happy sweet bitter rising ' +
      'falling running burning flying singing dancing girl boy man woman child father mother son daughter friend ' +
      'enemy stranger teacher doctor soldier police thief prince princess saint devil angel ghost spirit god temple ' +
      'palace fort house street market station bridge island forest jungle garden field sky rain wind snow winter ' +
      'summer spring autumn morning evening midnight dawn dusk day week year time memory promise truth lie justice ' +
      'freedom power money gold diamond treasure crown sword arrow gun bullet fight battle war peace escape chase ' +
      'hunt trap match goal wish hope fear rage fury glory pride courage faith'
    ).split(' '),
  ),
];
const FIRST_NAMES = (
  'Aarav Abhishek Aditi Aditya Aishwarya Ajay Akash Akshay Alia Allu Amala Amit Amitabh Amrita Anand Ananya Anil ' +
  'Anjali Ankita Anupam Anushka Aparna Arjun Arvind Asha Ashok Ayesha Ayushmann Balakrishna Bhumi Chiranjeevi Deepa ' +
  'Deepika Dev Dhanush Dileep Dilip Divya Dulquer Fahadh Farhan Gautam Geetha Girish Gopi Govinda Hema Hrithik ' +
  'Indrajith Irrfan Jaya Jayaram Jeeva Jyothika Kajal Kajol Kamal Kangana Karan Kareena Karthi Kartik Katrina Keerthy ' +
  'Khesari Kiara Kishore Kriti Kunal Lakshmi Madhavan Madhuri Mahesh Mammootty Manju Manoj Meena Mohanlal Mrunal ' +
  'Nagarjuna Nani Naseeruddin Nayanthara Nazriya Neha Nithya Nivin Pankaj Parvathy Pawan Pooja Prabhas Prakash ' +
  'Pranav Prasenjit Priyamani Priyanka Prithviraj Radhika Rahul Rajinikanth Rajkummar Rakul Ram Rana Ranbir Rani ' +
  'Ranveer Rashmika Ravi Revathi Rishi Ritesh Sai Saif Samantha Sanjay Sara Shabana Shahid Shilpa Shraddha Shruti ' +
  'Siddharth Simran Sivakarthikeyan Smita Sonam Soumitra Sridevi Srinidhi Sudeep Sunil Suriya Sushant Swara Tabu ' +
  'Taapsee Tamannaah Tiger Tovino Trisha Upendra Urvashi Varun Venkatesh Vicky Vidya Vijay Vikram Vinayakan Vishal ' +
  'Yash Zeenat'
).split(' ');
const LAST_NAMES = (
  'Acharya Agarwal Ahuja Arora Babu Bachchan Banerjee Basu Bhat Bhatt Bose Chakraborty Chatterjee Chopra Das Deol ' +
  'Desai Deshmukh Devgn Dixit Dutt Dutta Ganguly Ghosh Gowda Hegde Iyer Jain Joseph Joshi Kapoor Kaur Khan Khanna ' +
  'Kher Krishnan Kumar Kurian Malhotra Mathew Menon Mishra Mukherjee Murthy Nair Naidu Narayan Pandey Panicker Patel ' +
  'Patil Pillai Prabhu Prakash Rai Raj Rajan Raman Rao Rathore Reddy Roy Saxena Sen Seth Shah Sharma Shetty Shinde ' +
  'Shroff Singh Sinha Sivan Subramaniam Sundaram Thakur Thomas Tiwari Varghese Varma Verma Vijayan Yadav'
).split(' ');
/** Consonant and vowel-sign sets for made-up words in each language's own script. */
const SCRIPTS = {
  Hindi: { consonants: [...'कखगचजटडतदनपबमयरलवशसह'], signs: ['', 'ा', 'ि', 'ी', 'ु', 'े', 'ो', 'ं'] },
  Bhojpuri: { consonants: [...'कखगचजटडतदनपबमयरलवशसह'], signs: ['', 'ा', 'ि', 'ी', 'ु', 'े', 'ो'] },
  Telugu: { consonants: [...'కగచజటడతదనపబమయరలవశసహ'], signs: ['', 'ా', 'ి', 'ీ', 'ు', 'ె', 'ో', 'ం'] },
  Tamil: { consonants: [...'கசடதநபமயரலவழளறன'], signs: ['', 'ா', 'ி', 'ீ', 'ு', 'ெ', 'ோ', '்'] },
  Malayalam: { consonants: [...'കഗചജടഡതദനപബമയരലവശസഹ'], signs: ['', 'ാ', 'ി', 'ീ', 'ു', 'െ', 'ോ', 'ം'] },
  Kannada: { consonants: [...'ಕಗಚಜಟಡತದನಪಬಮಯರಲವಶಸಹ'], signs: ['', 'ಾ', 'ಿ', 'ೀ', 'ು', 'ೆ', 'ೋ', 'ಂ'] },
  Bengali: { consonants: [...'কগচজটডতদনপবমযরলশসহ'], signs: ['', 'া', 'ি', 'ী', 'ু', 'ে', 'ো', 'ং'] },
};
const ONSETS = [
  '',
  'k',
  'g',
  'ch',
  'j',
  't',
  'd',
  'dh',
  'n',
  'p',
  'b',
  'bh',
  'm',
  'y',
  'r',
  'l',
  'v',
  'sh',
  's',
  'h',
];
const VOWELS = ['a', 'a', 'aa', 'i', 'ee', 'u', 'e', 'o', 'an', 'ar'];
const CODAS = ['', '', '', '', 'n', 'm', 'r', 'l', 'ya', 'ka', 'ra', 'na'];
const PLOTS = [
  'A gripping tale of',
  'An unforgettable journey through the life of',
  'The story of',
  'A heartwarming drama about',
  'A pulse-pounding thriller about',
  'A comedy of errors about',
  'A devotional epic about',
  'A coming-of-age story about',
  'A love story between',
];
const HEROES = [
  'a young farmer',
  'two estranged brothers',
  'a fearless police officer',
  'a small-town teacher',
  'a cricket prodigy',
  'a runaway bride',
  'an ageing boxer',
  'a family of musicians',
  'a village on the river',
  'a detective in Mumbai',
  'a tea-stall owner',
  'a scientist in Bengaluru',
  'a fisherman in Kerala',
  'a dancer from Kolkata',
  'a soldier returning home',
  'a schoolgirl in Madurai',
  'a truck driver from Punjab',
  'a temple priest in Varanasi',
  'a journalist in Hyderabad',
  'a chess champion from Chennai',
];
const STAKES = [
  'who must choose between love and duty.',
  'fighting to save their home.',
  'in search of a lost treasure.',
  'as the monsoon floods the city.',
  'on the eve of an election.',
  'against a powerful landlord.',
  'while a secret from the past returns.',
  'chasing a dream against all odds.',
  'caught between two families.',
  'on a journey across the Western Ghats.',
];
const DESCRIPTION_TERMS = [
  'farmer',
  'kerala',
  'detective',
  'monsoon',
  'cricket',
  'landlord',
  'treasure',
  'varanasi',
];

/** mulberry32: a small seeded generator, so every run builds the same catalogue and the same terms. */
function random(seed) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Draws indexes 0..n-1 with probability ∝ 1/(k+1)^s: a few very common, a long tail of rare ones. */
function zipf(n, s) {
  const cdf = new Float64Array(n);
  let sum = 0;
  for (let k = 0; k < n; k++) cdf[k] = sum += 1 / Math.pow(k + 1, s);
  return (/** @type {() => number} */ r) => {
    const x = r() * sum;
    let lo = 0;
    let hi = n - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cdf[mid] < x) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
}

const capitalise = (/** @type {string} */ word) => word[0].toUpperCase() + word.slice(1);

function vocabulary() {
  const r = random(7);
  const pick = (/** @type {string[]} */ list) => list[Math.floor(r() * list.length)];
  const madeUp = () => {
    let word = '';
    for (let i = 2 + Math.floor(r() * 2); i > 0; i--) word += pick(ONSETS) + pick(VOWELS);
    return word + pick(CODAS);
  };
  const inScript = (/** @type {{ consonants: string[], signs: string[] }} */ script) => {
    let word = '';
    for (let i = 2 + Math.floor(r() * 3); i > 0; i--) word += pick(script.consonants) + pick(script.signs);
    return word;
  };
  const distinct = (/** @type {() => string} */ make, /** @type {number} */ count) => {
    const words = new Set();
    for (let tries = 0; words.size < count && tries < count * 3; tries++) {
      const word = make();
      if (word.length >= 3) words.add(word);
    }
    return [...words];
  };
  const indian = distinct(madeUp, 8000);
  const scripted = Object.fromEntries(
    Object.entries(SCRIPTS).map(([language, script]) => [language, distinct(() => inScript(script), 600)]),
  );
  const actors = distinct(() => `${pick(FIRST_NAMES)} ${pick(LAST_NAMES)}`, 30_000);
  return { indian, scripted, actors };
}

function catalogue() {
  const words = vocabulary();
  const r = random(42);
  const pick = (/** @type {string[]} */ list) => list[Math.floor(r() * list.length)];
  const englishRank = zipf(ENGLISH_WORDS.length, 0.6);
  const indianRank = zipf(words.indian.length, 0.7);
  const scriptRank = zipf(600, 0.8);
  const actorRank = zipf(words.actors.length, 0.5);
  const now = Date.now();
  /** @param {number} i */
  const movie = (i) => {
    const language = LANGUAGES[i % LANGUAGES.length];
    const scripted = language !== 'English' && r() < 0.2;
    const titleWords = new Set();
    for (let n = 1 + Math.floor(r() * 3); titleWords.size < n;) {
      if (scripted) {
        const list = words.scripted[language];
        titleWords.add(list[scriptRank(r) % list.length]);
      } else {
        const english = r() < (language === 'English' ? 0.8 : 0.35);
        titleWords.add(capitalise(english ? ENGLISH_WORDS[englishRank(r)] : words.indian[indianRank(r)]));
      }
    }
    let title = [...titleWords].join(' ');
    if (r() < 0.05) title += ` ${2 + Math.floor(r() * 3)}`;
    const cast = [
      ...new Set(Array.from({ length: 3 + Math.floor(r() * 4) }, () => words.actors[actorRank(r)])),
    ];
    const genre = [...new Set(Array.from({ length: 1 + Math.floor(r() * 3) }, () => pick(GENRES)))];
    const hours = 1 + Math.floor(r() * 2);
    const minutes = Math.floor(r() * 60);
    const slug = `${title
      .toLowerCase()
      .replace(/[^\p{L}\p{M}\p{N}]+/gu, '-')
      .replace(/^-|-$/g, '')}-${i + 1}`;
    return {
      slug,
      title,
      description: `${pick(PLOTS)} ${pick(HEROES)} ${pick(STAKES)} Starring ${cast.join(' and ')}.`,
      cast,
      genre,
      language,
      rating: pick(RATINGS),
      release_year: 1950 + Math.floor(r() * 77),
      duration: minutes ? `${hours}hr ${minutes}min` : `${hours}hr`,
      thumbnail: `images/bench-thumbnail-${i % 500}.webp`,
      banner: `images/bench-banner-${i % 500}.webp`,
      title_image: `images/bench-title-${i % 500}.webp`,
      trailer_url: null,
      movie_url: `https://cdn.example.com/bench/${i + 1}.m3u8`,
      is_free: r() < 0.1,
      type: 'movie',
      vendor: SEED_VENDOR,
      // One a minute, so newest-first orders are stable and the newest titles are the last seeded.
      created_at: new Date(now - (TITLES - i) * 60_000).toISOString(),
    };
  };
  const showRandom = random(43);
  const showPick = (/** @type {string[]} */ list) => list[Math.floor(showRandom() * list.length)];
  const showWord = () =>
    capitalise(
      showRandom() < 0.5 ? ENGLISH_WORDS[englishRank(showRandom)] : words.indian[indianRank(showRandom)],
    );
  /** A series and its episodes, as rows of each table (episodes name their series by its id). */
  const show = (/** @type {number} */ i) => {
    const id = seriesId(i);
    const language = LANGUAGES[i % LANGUAGES.length];
    const title = [...new Set(Array.from({ length: 1 + Math.floor(showRandom() * 3) }, showWord))].join(' ');
    const cast = [
      ...new Set(
        Array.from({ length: 2 + Math.floor(showRandom() * 3) }, () => words.actors[actorRank(showRandom)]),
      ),
    ];
    const category = CATEGORIES[i % CATEGORIES.length];
    const rating = showPick(RATINGS);
    const created = now - (SERIES - i) * 600_000;
    const series = {
      id,
      title,
      description: `${showPick(PLOTS)} ${showPick(HEROES)} ${showPick(STAKES)}`,
      cast,
      language,
      rating,
      tags: [showWord().toLowerCase()],
      title_image: `images/bench-title-${i % 500}.webp`,
      genre: [showPick(GENRES)],
      category,
      created_at: new Date(created).toISOString(),
    };
    const episodes = Array.from({ length: EPISODES_PER_SERIES }, (_, n) => ({
      series_id: id,
      title: [...new Set(Array.from({ length: 1 + Math.floor(showRandom() * 3) }, showWord))].join(' '),
      description: `${showPick(PLOTS)} ${showPick(STAKES)}`,
      video_url: `https://cdn.example.com/bench/shows/${i + 1}/${n + 1}.m3u8`,
      duration: `${20 + Math.floor(showRandom() * 30)}min`,
      release_date: new Date(created).toISOString().slice(0, 10),
      cast,
      rating,
      category,
      banner: `images/bench-banner-${(i + n) % 500}.webp`,
      title_image: series.title_image,
      episode_number: n + 1,
      created_at: new Date(created + n * 1000).toISOString(),
    }));
    return { series, episodes };
  };
  return { words, movie, show };
}

/** The n-th seeded series' id: fixed, so its episodes can name it in the same batch. */
function seriesId(/** @type {number} */ n) {
  return `00000000-0000-4000-8000-${String(n + 1).padStart(12, '0')}`;
}

// ---------------------------------------------------------------------------------------------
// Seeding
// ---------------------------------------------------------------------------------------------

const SEED_BATCH = 2000;
const COLUMNS = [
  ['slug', 'text'],
  ['title', 'text'],
  ['description', 'text'],
  ['cast', 'text[]'],
  ['genre', 'text[]'],
  ['language', 'text'],
  ['rating', 'text'],
  ['release_year', 'int'],
  ['duration', 'text'],
  ['thumbnail', 'text'],
  ['banner', 'text'],
  ['title_image', 'text'],
  ['trailer_url', 'text'],
  ['movie_url', 'text'],
  ['is_free', 'boolean'],
  ['type', 'text'],
  ['vendor', 'text'],
  ['created_at', 'timestamptz'],
];
/** Multi-row insert of one batch into `table`: the rows travel as one JSON parameter. */
const insertInto = (/** @type {string} */ table, /** @type {string[][]} */ columns) =>
  `INSERT INTO ${table} (${columns.map(([name]) => `"${name}"`).join(', ')})
  SELECT ${columns.map(([name]) => `"${name}"`).join(', ')}
  FROM jsonb_to_recordset($1::jsonb) AS r(${columns.map(([name, type]) => `"${name}" ${type}`).join(', ')})`;
const INSERT = insertInto('movie', COLUMNS);
const INSERT_SERIES = insertInto('series', [
  ['id', 'uuid'],
  ['title', 'text'],
  ['description', 'text'],
  ['cast', 'text[]'],
  ['language', 'text'],
  ['rating', 'text'],
  ['tags', 'text[]'],
  ['title_image', 'text'],
  ['genre', 'text[]'],
  ['category', 'text'],
  ['created_at', 'timestamptz'],
]);
const INSERT_EPISODES = insertInto('episode', [
  ['series_id', 'uuid'],
  ['title', 'text'],
  ['description', 'text'],
  ['video_url', 'text'],
  ['duration', 'text'],
  ['release_date', 'date'],
  ['cast', 'text[]'],
  ['rating', 'text'],
  ['category', 'text'],
  ['banner', 'text'],
  ['title_image', 'text'],
  ['episode_number', 'int'],
  ['created_at', 'timestamptz'],
]);
const SERIES_BATCH = 200;

/** Seeds the series and their episodes (once: a run that finds them all seeds nothing). */
async function seedShows(/** @type {pg.Pool} */ pool, /** @type {ReturnType<typeof catalogue>} */ data) {
  const [{ series }] = (await pool.query('SELECT count(*)::int AS series FROM series')).rows;
  if (series === SERIES) return;
  const started = Date.now();
  await pool.query('TRUNCATE episode, series');
  for (let from = 0; from < SERIES; from += SERIES_BATCH) {
    const shows = [];
    for (let i = from; i < Math.min(SERIES, from + SERIES_BATCH); i++) shows.push(data.show(i));
    await pool.query(INSERT_SERIES, [JSON.stringify(shows.map((show) => show.series))]);
    await pool.query(INSERT_EPISODES, [JSON.stringify(shows.flatMap((show) => show.episodes))]);
  }
  await pool.query('VACUUM ANALYZE series, episode');
  log(
    `seeded ${SERIES.toLocaleString('en')} series and ${(SERIES * EPISODES_PER_SERIES).toLocaleString('en')} episodes in ${oneDecimal((Date.now() - started) / 1000)} s`,
  );
}

/** @param {string} databaseUrl */
async function seed(databaseUrl, /** @type {ReturnType<typeof catalogue>} */ data) {
  const url = new URL(databaseUrl);
  url.pathname = `/${DATABASE_NAME}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
  try {
    const [{ seeded }] = (
      await pool.query('SELECT count(*)::int AS seeded FROM movie WHERE vendor = $1', [SEED_VENDOR])
    ).rows;
    if (seeded === TITLES) {
      log(`${DATABASE_NAME} already holds the ${TITLES.toLocaleString('en')} seeded titles`);
      await seedShows(pool, data);
      return false;
    }
    log(`seeding ${TITLES.toLocaleString('en')} titles into ${DATABASE_NAME} (once; about a minute) ...`);
    const started = Date.now();
    await pool.query('TRUNCATE movie, episode, series');
    const batches = [];
    for (let from = 0; from < TITLES; from += SEED_BATCH) batches.push(from);
    // Two batches at a time: one per core, the database keeps both busy.
    const next = async () => {
      for (let from = batches.shift(); from !== undefined; from = batches.shift()) {
        const rows = [];
        for (let i = from; i < Math.min(TITLES, from + SEED_BATCH); i++) rows.push(data.movie(i));
        await pool.query(INSERT, [JSON.stringify(rows)]);
      }
    };
    // The rows must come out of the generator in order (it is seeded), so each batch is built in
    // turn and only the inserts overlap.
    await Promise.all([next(), next()]);
    await pool.query('VACUUM ANALYZE movie');
    log(`seeded in ${oneDecimal((Date.now() - started) / 1000)} s`);
    await seedShows(pool, data);
    return true;
  } finally {
    await pool.end();
  }
}

// ---------------------------------------------------------------------------------------------
// Search terms
// ---------------------------------------------------------------------------------------------

/** One typing mistake: a letter dropped, two swapped, or one replaced. */
function misspell(/** @type {string} */ word, /** @type {() => number} */ r) {
  const letters = [...word];
  const at = 1 + Math.floor(r() * (letters.length - 2));
  const kind = Math.floor(r() * 3);
  if (kind === 0) letters.splice(at, 1);
  else if (kind === 1) [letters[at], letters[at + 1]] = [letters[at + 1], letters[at]];
  else letters[at] = 'aeiou'[Math.floor(r() * 5)];
  return letters.join('');
}

/**
 * The terms visitors type, 3+ characters each: exact and misspelt title words, actors (a name, both
 * names, misspelt), two-word titles, words in Indian scripts and their beginnings, description words.
 * @param {ReturnType<typeof catalogue>} data
 * @param {number} count
 * @param {number} seed
 */
function searchTerms(data, count, seed) {
  const r = random(seed);
  const englishRank = zipf(ENGLISH_WORDS.length, 0.6);
  const indianRank = zipf(data.words.indian.length, 0.7);
  const actorRank = zipf(data.words.actors.length, 0.5);
  const titleWord = () => (r() < 0.5 ? ENGLISH_WORDS[englishRank(r)] : data.words.indian[indianRank(r)]);
  const makers = [
    [0.3, () => titleWord()],
    [0.2, () => misspell(titleWord(), r)],
    [0.1, () => data.words.actors[actorRank(r)]],
    [0.05, () => misspell(data.words.actors[actorRank(r)].split(' ')[0], r)],
    [0.05, () => data.words.actors[actorRank(r)].split(' ')[r() < 0.5 ? 0 : 1]],
    [0.1, () => `${ENGLISH_WORDS[englishRank(r)]} ${ENGLISH_WORDS[englishRank(r)]}`],
    [
      0.1,
      () => {
        const list = data.words.scripted[LANGUAGES[1 + Math.floor(r() * 7)]];
        const word = list[Math.floor(r() * 60)];
        return r() < 0.7 ? word : [...word].slice(0, Math.max(3, [...word].length - 2)).join('');
      },
    ],
    [0.1, () => DESCRIPTION_TERMS[Math.floor(r() * DESCRIPTION_TERMS.length)]],
  ];
  const terms = new Set();
  while (terms.size < count) {
    let x = r();
    const [, make] = makers.find(([share]) => (x -= share) < 0) ?? makers[0];
    const term = make().toLowerCase();
    if ([...term.replace(/\s/g, '')].length >= 3) terms.add(term);
  }
  return [...terms];
}

// ---------------------------------------------------------------------------------------------
// Load
// ---------------------------------------------------------------------------------------------

/**
 * The CPU time of the Postgres backends serving one database (the catalog's pool), read from /proc:
 * search's largest cost, which the app processes' own figures do not show.
 */
class DatabaseBackends {
  /** @param {string} databaseUrl  @param {string} name */
  constructor(databaseUrl, name) {
    this.name = name;
    this.pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  }

  /** @returns {Promise<Map<number, number>>} CPU seconds so far, by backend pid */
  async cpu() {
    const { rows } = await this.pool.query(
      'SELECT pid FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
      [this.name],
    );
    const seconds = new Map();
    for (const { pid } of rows) {
      const used = cpuSeconds(pid);
      if (used !== undefined) seconds.set(pid, used);
    }
    return seconds;
  }

  /**
   * Seconds spent between two readings; a backend started in between counts whole, one gone is lost.
   * @param {Map<number, number>} before
   * @param {Map<number, number>} after
   */
  static spent(before, after) {
    let total = 0;
    for (const [pid, seconds] of after) total += seconds - (before.get(pid) ?? 0);
    return total;
  }

  end() {
    return this.pool.end();
  }
}

/**
 * Search at `connections`, each request taking the next term from `nextTerm`. Latency is taken from
 * each response, as bench/lib/load.mjs does.
 * @param {{ url: string, connections: number, nextTerm: () => string, duration?: number, amount?: number, processes: Record<string, number>, database?: DatabaseBackends }} o
 */
async function measureSearch({ url, connections, nextTerm, duration, amount, processes, database }) {
  /** @type {number[]} */
  const latencies = [];
  const before = Object.fromEntries(Object.entries(processes).map(([name, pid]) => [name, cpuSeconds(pid)]));
  const databaseBefore = await database?.cpu();
  const ownBefore = process.cpuUsage();
  const started = performance.now();
  let lastAnswer = started;
  const result = await new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url,
        connections,
        ...(amount ? { amount } : { duration }),
        timeout: 10,
        requests: [
          {
            setupRequest: (/** @type {{ path: string }} */ request) => {
              request.path = `/api/home/search?q=${encodeURIComponent(nextTerm())}`;
              return request;
            },
          },
        ],
      },
      (/** @type {Error | null} */ error, /** @type {any} */ outcome) =>
        error ? reject(error) : resolve(outcome),
    );
    const stop = () => instance.stop();
    load.signal.addEventListener('abort', stop, { once: true });
    instance.on('response', (_client, _status, _bytes, /** @type {number} */ ms) => {
      latencies.push(ms);
      lastAnswer = performance.now();
    });
  });
  latencies.sort((a, b) => a - b);
  const at = (/** @type {number} */ p) =>
    oneDecimal(latencies[Math.min(latencies.length - 1, Math.ceil((p / 100) * latencies.length) - 1)] ?? 0);
  /** @type {Record<string, number>} */
  const cpuMicrosPerRequest = {};
  for (const [name, pid] of Object.entries(processes)) {
    const end = cpuSeconds(pid);
    const start = before[name];
    if (start !== undefined && end !== undefined && latencies.length)
      cpuMicrosPerRequest[name] = Math.round(((end - start) * 1e6) / latencies.length);
  }
  if (database && databaseBefore && latencies.length) {
    const spent = DatabaseBackends.spent(databaseBefore, await database.cpu());
    cpuMicrosPerRequest.postgres = Math.round((spent * 1e6) / latencies.length);
  }
  if (latencies.length) {
    const own = process.cpuUsage(ownBefore);
    cpuMicrosPerRequest.autocannon = Math.round((own.user + own.system) / latencies.length);
  }
  return {
    // From the start to the last answer: autocannon's own duration, and its end, come in whole seconds.
    requestsPerSecond: Math.round(latencies.length / ((lastAnswer - started) / 1000 || 1)),
    requests: latencies.length,
    p50Ms: at(50),
    p95Ms: at(95),
    p99Ms: at(99),
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    cpuMicrosPerRequest,
  };
}

async function main() {
  ensureBuilt(
    ['gateway/dist/main.js', 'services/catalog/dist/main.js', 'services/catalog/dist/migrate.js'],
    log,
  );
  const cpus = os.cpus().length;
  const loadBefore = oneDecimal(os.loadavg()[0]);
  if (loadBefore > cpus) {
    log(`note: the machine is busy (load ${loadBefore} on ${cpus} cores): expect low, noisy figures`);
  }

  const infrastructure = {
    ...infrastructureEnv(),
    REDIS_URL: process.env.REDIS_URL || 'redis://127.0.0.1:6379',
  };
  const natsBinary = natsServerBinary();
  const usePrivateNats =
    settings.nats === 'private' || (settings.nats === 'auto' && !process.env.NATS_URL && natsBinary);
  /** @type {{ url: string, pid?: number }} */
  let nats = { url: infrastructure.NATS_URL };
  if (usePrivateNats) {
    if (!natsBinary) throw new Error('BENCH_NATS=private needs nats-server on PATH');
    const started = await startPrivateNats(supervisor, natsBinary);
    nats = { url: started.url, pid: started.child.pid };
  }
  const appEnv = {
    ...infrastructure,
    NATS_URL: nats.url,
    LOG_LEVEL: 'warn',
    REDIS_KEY_PREFIX,
    EVENTS_STREAM: 'CHITRAM_BENCH_CATALOG_EVENTS',
    EVENTS_SUBJECT_ROOT: 'chitram-bench-catalog.events',
    // Every search of the benchmark comes from one address: the per-address limit still counts each
    // one (its cost is measured), but high enough never to refuse.
    SEARCH_RATE_LIMIT: String(100_000),
  };

  log(`migrating ${DATABASE_NAME} and starting the catalog service (NATS ${nats.url}) ...`);
  const catalog = await startService(supervisor, 'catalog', {
    env: appEnv,
    databaseName: DATABASE_NAME,
    nodeArgs: profilingArgs(),
  });
  const data = catalogue();
  const seededNow = await seed(infrastructure.DATABASE_URL, data);
  // Whatever an earlier run cached under this database is stale now: a new catalogue version.
  const redis = new Redis(infrastructure.REDIS_URL, { keyPrefix: REDIS_KEY_PREFIX, lazyConnect: true });
  await redis.connect();
  await redis.incr(`catalog:${DATABASE_NAME}:version`);
  redis.disconnect();

  log('starting the gateway ...');
  const gateway = await startGateway(supervisor, { env: appEnv, nodeArgs: profilingArgs() });
  await waitUntil(
    'home content through the gateway',
    async () => (await fetchStatus(gateway.url + HOME_ROUTE)) === 200,
  );

  // What the viewer's home page receives: one rail per genre, each full.
  const response = await captureResponse(gateway.url + HOME_ROUTE);
  const home = JSON.parse(response.body.toString('utf8'));
  const rails = Object.entries(home.genreMovies ?? {});
  if (rails.length !== GENRES.length || rails.some(([, movies]) => movies.length !== 20)) {
    throw new Error(
      `unexpected home content: ${rails.map(([genre, movies]) => `${genre} ${movies.length}`).join(', ')}`,
    );
  }
  log(
    `GET ${HOME_ROUTE}: ${response.status}, ${response.body.length.toLocaleString('en')} bytes, ` +
      `${rails.length} rails of 20, etag ${response.headers.etag}, cache-control "${response.headers['cache-control']}"`,
  );
  const bare = await startBareServer(supervisor, response);

  const redisPid = listeningPid(new URL(infrastructure.REDIS_URL).port || '6379');
  const processes = {
    gateway: gateway.child.pid,
    catalog: catalog.pid,
    ...(nats.pid ? { 'nats-server': nats.pid } : {}),
    // Shared with whatever else uses it on this machine: quiet apart from the benchmark, it is its cost.
    ...(redisPid ? { redis: redisPid } : {}),
  };
  const database = new DatabaseBackends(infrastructure.DATABASE_URL, DATABASE_NAME);
  const homeTargets = [
    { name: 'bare node:http', url: bare.url + HOME_ROUTE, processes: { bare: bare.child.pid } },
    { name: 'gateway (home content)', url: gateway.url + HOME_ROUTE, processes },
  ];
  const { runs: homeRuns, best: homeBest } = await alternateRounds({
    targets: homeTargets,
    settings,
    expectBody: response.body.toString('utf8'),
    signal: load.signal,
    log,
  });
  const [bareBest, gatewayBest] = homeBest;
  const homePercent = oneDecimal((gatewayBest.requestsPerSecond / bareBest.requestsPerSecond) * 100);

  // Search. The pool is in order of popularity: term k is asked with probability ∝ 1/(k+1).
  const pool = searchTerms(data, SEARCH_POOL, 11);
  const asked = new Set();
  const askFrom = (/** @type {number} */ size, /** @type {number} */ seed) => {
    const rank = zipf(size, 1);
    const r = random(seed);
    return () => {
      const term = pool[rank(r)];
      asked.add(term);
      return term;
    };
  };
  const found = [];
  for (const term of pool.slice(0, 12)) {
    const res = await fetch(`${gateway.url}/api/home/search?q=${encodeURIComponent(term)}`);
    const movies = await res.json();
    found.push(`${term} → ${movies.length ? movies[0].title : '(none)'}`);
  }
  log(`search samples: ${found.join('; ')}`);

  // 1. The popular terms, once each has been asked: answered from the gateway's cache.
  const popular = pool.slice(0, POPULAR_TERMS);
  log(`search (the ${POPULAR_TERMS} most popular terms, each asked once before) ...`);
  let nextPopular = 0;
  await measureSearch({
    url: gateway.url,
    connections: settings.connections,
    nextTerm: () => popular[nextPopular++ % popular.length],
    amount: popular.length,
    processes,
  });
  const cached = await measureSearch({
    url: gateway.url,
    connections: settings.connections,
    nextTerm: askFrom(POPULAR_TERMS, 12),
    duration: settings.durationSeconds,
    processes,
    database,
  });

  // 2. The realistic mix: the whole pool, its long tail included, as the caches stand a short
  //    while after a catalogue change (every change empties them).
  log(
    `search (realistic mix of ${pool.length.toLocaleString('en')} terms): ` +
      `${settings.searchWarmupSeconds} s warm-up + ${settings.durationSeconds} s ...`,
  );
  const mixTerm = askFrom(pool.length, 14);
  await measureSearch({
    url: gateway.url,
    connections: settings.connections,
    nextTerm: mixTerm,
    duration: settings.searchWarmupSeconds,
    processes,
  });
  const askedBefore = asked.size;
  const mix = await measureSearch({
    url: gateway.url,
    connections: settings.connections,
    nextTerm: mixTerm,
    duration: settings.durationSeconds,
    processes,
    database,
  });
  const newInMix = asked.size - askedBefore;

  // Terms nobody asked yet: neither the gateway's nor the catalog's cache can answer them.
  // Twice as many as needed: the popular ones among them were asked already.
  const unasked = searchTerms(data, SEARCH_POOL + 2 * (COLD_SEARCHES + ALONE_SEARCHES), 13).filter(
    (t) => !asked.has(t),
  );
  const coldPool = unasked.slice(0, COLD_SEARCHES);
  const alonePool = unasked.slice(COLD_SEARCHES, COLD_SEARCHES + ALONE_SEARCHES);
  const cycle = (/** @type {string[]} */ list) => {
    let next = 0;
    return () => list[next++ % list.length];
  };
  log(
    `search (cold: ${coldPool.length.toLocaleString('en')} new terms), ${settings.connections} connections ...`,
  );
  const cold = await measureSearch({
    url: gateway.url,
    connections: settings.connections,
    nextTerm: cycle(coldPool),
    amount: coldPool.length,
    processes,
    database,
  });
  log(
    `search (cold: ${alonePool.length} new terms), 1 connection: what one search costs without queueing ...`,
  );
  const alone = await measureSearch({
    url: gateway.url,
    connections: 1,
    nextTerm: cycle(alonePool),
    amount: alonePool.length,
    processes,
    database,
  });

  await database.end();

  const checks = [
    {
      target: `home content through the gateway >= ${TARGETS.minHomePercent}% of bare node:http`,
      measured: `${homePercent}%`,
      met: homePercent >= TARGETS.minHomePercent,
    },
    {
      target: `search p95 < ${TARGETS.maxSearchP95Ms} ms (popular terms, cached)`,
      measured: `${cached.p95Ms} ms`,
      met: cached.p95Ms < TARGETS.maxSearchP95Ms,
    },
    {
      target: `search p95 < ${TARGETS.maxSearchP95Ms} ms (realistic mix)`,
      measured: `${mix.p95Ms} ms`,
      met: mix.p95Ms < TARGETS.maxSearchP95Ms,
    },
    {
      target: `search p95 < ${TARGETS.maxSearchP95Ms} ms (cold, every term new)`,
      measured: `${cold.p95Ms} ms`,
      met: cold.p95Ms < TARGETS.maxSearchP95Ms,
    },
  ];
  const cpuText = (/** @type {Record<string, number>} */ cpu) =>
    Object.entries(cpu)
      .map(([name, micros]) => `${name} ${micros}`)
      .join(', ');

  log('');
  log(
    `home content runs (${settings.durationSeconds} s each; per target the one with the most req/s counts):`,
  );
  log(
    formatTable(
      ['target', 'round', 'req/s', 'p50 ms', 'p99 ms', 'failed', 'CPU µs per request'],
      homeRuns.map((r) => [
        r.target,
        r.round,
        Math.round(r.requestsPerSecond),
        r.p50Ms,
        r.p99Ms,
        r.errors + r.non2xx + r.mismatches,
        cpuText(r.cpuMicrosPerRequest),
      ]),
    ),
  );
  log('');
  log(`search at ${settings.connections} connections (terms of 3+ characters):`);
  log(
    formatTable(
      ['run', 'requests', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'failed', 'CPU µs per request'],
      [
        [
          `${POPULAR_TERMS} popular terms (cached)`,
          cached.requests,
          cached.requestsPerSecond,
          cached.p50Ms,
          cached.p95Ms,
          cached.p99Ms,
          cached.errors + cached.non2xx,
          cpuText(cached.cpuMicrosPerRequest),
        ],
        [
          `realistic mix (${newInMix} new terms)`,
          mix.requests,
          mix.requestsPerSecond,
          mix.p50Ms,
          mix.p95Ms,
          mix.p99Ms,
          mix.errors + mix.non2xx,
          cpuText(mix.cpuMicrosPerRequest),
        ],
        [
          'cold (every term new)',
          cold.requests,
          cold.requestsPerSecond,
          cold.p50Ms,
          cold.p95Ms,
          cold.p99Ms,
          cold.errors + cold.non2xx,
          cpuText(cold.cpuMicrosPerRequest),
        ],
        [
          'cold, 1 connection',
          alone.requests,
          alone.requestsPerSecond,
          alone.p50Ms,
          alone.p95Ms,
          alone.p99Ms,
          alone.errors + alone.non2xx,
          cpuText(alone.cpuMicrosPerRequest),
        ],
      ],
    ),
  );
  log('');
  log(
    `home content: gateway ${Math.round(gatewayBest.requestsPerSecond)} req/s, bare ${Math.round(bareBest.requestsPerSecond)} req/s: ${homePercent}%`,
  );
  log(
    formatTable(
      ['target', 'measured', 'result'],
      checks.map((c) => [c.target, c.measured, c.met ? 'PASS' : 'MISS']),
    ),
  );

  const loadAfter = oneDecimal(os.loadavg()[0]);
  writeJson(OUTPUT, {
    benchmark: 'catalog',
    date: new Date().toISOString(),
    machine: { node: process.version, cpus, loadAverage: { before: loadBefore, after: loadAfter } },
    settings,
    titles: TITLES,
    seededThisRun: seededNow,
    home: {
      route: HOME_ROUTE,
      bodyBytes: response.body.length,
      runs: homeRuns,
      best: { bare: bareBest, gateway: gatewayBest },
      percent: homePercent,
    },
    search: {
      terms: pool.length,
      popularCached: { ...cached, terms: POPULAR_TERMS },
      mix: { ...mix, newTerms: newInMix },
      cold: { ...cold, terms: coldPool.length },
    },
    targets: checks,
  });
  log(
    `\nfigures written to ${path.relative(ROOT, OUTPUT)} (load average ${loadBefore} before, ${loadAfter} after)`,
  );

  const broken = [
    ...homeRuns
      .filter((run) => run.errors + run.non2xx + run.mismatches > 0)
      .map((run) => `${run.target} round ${run.round}`),
    ...(mix.errors + mix.non2xx ? ['search (mix)'] : []),
    ...(cached.errors + cached.non2xx ? ['search (popular)'] : []),
    ...(cold.errors + cold.non2xx ? ['search (cold)'] : []),
    ...(alone.errors + alone.non2xx ? ['search (cold, 1 connection)'] : []),
  ];
  if (broken.length)
    throw new Error(`requests failed under load, so the figures do not hold: ${broken.join(', ')}`);
}

/**
 * The process listening on a local TCP port (as `ss` reports it), if any: for its CPU figures.
 * @param {string} port
 */
function listeningPid(port) {
  const found = spawnSync('ss', ['-ltnpH', `sport = :${port}`], { encoding: 'utf8' });
  const pid = /pid=(\d+)/.exec(found.stdout ?? '')?.[1];
  return pid ? Number(pid) : undefined;
}

main().then(
  () => shutdown(0),
  (error) => {
    console.error(`bench:catalog: ${error instanceof Error ? error.message : String(error)}`);
    void shutdown(1);
  },
);
