// bench:catalog's seeding: the catalogue of data.mjs into its own database, once (a later run finds it
// seeded and skips this), with multi-row inserts.
import pg from 'pg';
import { oneDecimal } from '../lib/report.mjs';
import { EPISODES_PER_SERIES, SEED_VENDOR, SERIES, TITLES } from './data.mjs';

export const DATABASE_NAME = 'chitram_bench_catalog';
const log = (/** @type {string} */ line) => console.log(line);

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
async function seedShows(
  /** @type {pg.Pool} */ pool,
  /** @type {ReturnType<typeof import('./data.mjs').catalogue>} */ data,
) {
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
export async function seed(
  databaseUrl,
  /** @type {ReturnType<typeof import('./data.mjs').catalogue>} */ data,
) {
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
