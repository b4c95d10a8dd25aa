// How long after `npm start` says it is up every demo title plays (issue 19). Reads the start's output
// (a file it is written to), notes the moment of its "Chitram is up" line, then asks the public API, as
// a viewer's browser would, once a second: every film (by language) and every episode (by category),
// until each says it plays. Prints the seconds, and how many titles played at each step.
//
//   npm start -- --reset > /tmp/start.log 2>&1 &   node bench/demo-playable.mjs /tmp/start.log
//
// API_URL (default http://localhost:3000, the shell, which passes /api on to the gateway).
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { setTimeout as delay } from 'node:timers/promises';

const require = createRequire(import.meta.url);
const { CATEGORIES, LANGUAGES, MOVIE_LIST_PAGE_SIZE } = require('@chitram/contracts');
const API = process.env.API_URL ?? 'http://localhost:3000';
const [logFile] = process.argv.slice(2);
if (!logFile) {
  console.error('usage: node bench/demo-playable.mjs <file npm start writes to>');
  process.exit(2);
}

async function json(path) {
  const res = await fetch(`${API}/api/${path}`);
  if (!res.ok) throw new Error(`${path} answered ${res.status}`);
  return res.json();
}

/** Every film and episode with whether it plays, as the public lists answer. */
async function titles() {
  const movies = [];
  for (const language of LANGUAGES)
    for (let page = 1; ; page++) {
      const list = await json(`home/languages/${language}?page=${page}`);
      movies.push(...list);
      if (list.length < MOVIE_LIST_PAGE_SIZE) break;
    }
  const episodes = (await Promise.all(CATEGORIES.map((c) => json(`series/category/${c}/episodes`)))).flatMap(
    (answer) => answer.episodes,
  );
  return [...movies, ...episodes];
}

let upAt;
while (!upAt) {
  if (fs.existsSync(logFile) && /Chitram is up in/.test(fs.readFileSync(logFile, 'utf8'))) upAt = Date.now();
  else await delay(200);
}
console.log('up; asking the API every second');
let last = -1;
for (;;) {
  const all = await titles().catch(() => []);
  const playing = all.filter((t) => t.playable).length;
  const seconds = ((Date.now() - upAt) / 1000).toFixed(1);
  if (playing !== last) console.log(`${seconds} s: ${playing} of ${all.length} titles play`);
  last = playing;
  if (all.length > 0 && playing === all.length) {
    console.log(`every demo title plays ${seconds} s after "is up"`);
    break;
  }
  await delay(1000);
}
