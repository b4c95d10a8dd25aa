// Demo activity for the back office (DECISIONS D12): viewers who signed up over the last 30 days, the
// plans some of them paid for, what they watched, and two content partners with titles, so that the
// dashboard, analytics and Vendor pages have something to show on `npm start`, and the home page's picked
// rows too (issue 22): finished films for "Because you watched", plays of today for "Top 10 today". Everything goes in
// through the services' own development-only demo subjects (each refuses in production), with ids made
// from fixed names: a second run finds the first's rows and adds nothing.
//
//   import { seedDemoActivity } from './scripts/seed/activity.mjs';
//   await seedDemoActivity({ rpc, Subjects, env: process.env, log: console.log });
import { createHash } from 'node:crypto';

const DAY_MS = 86_400_000;
const IST_OFFSET_MS = (5 * 60 + 30) * 60_000;
export const DEMO_VIEWERS = 120;
export const DEMO_DAYS = 30;
/** Demo numbers sit in one block no one else uses: +91 90000 00000 to +91 90000 00119. */
const demoPhone = (i) => `+9190000${String(i).padStart(5, '0')}`;

/** A version-4-shaped UUID made from a name: the same name, the same id, on every run. */
export function demoId(name) {
  const hex = createHash('sha256').update(`chitram-demo:${name}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** A seeded random source (mulberry32), so the demo is the same every time. */
function randomSource(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Midnight in India of the day holding `at`. */
function startOfIndianDay(at) {
  const local = at + IST_OFFSET_MS;
  return local - (local % DAY_MS) - IST_OFFSET_MS;
}

/**
 * The demo's people and what they did, laid out from `now`: sign-ups spread over the last 30 days (more
 * lately), a third of them paying (a few upgrading later), and a few plays each on the days after signing
 * up, with the paying viewers watching more. Plain data: the same `now` gives the same activity.
 */
export function demoActivity(now, titles) {
  const random = randomSource(0x5eed);
  // Their own sources, so the older demo (viewers, payments, plays) stays as it was.
  const finishing = randomSource(0xf1a1);
  const todays = randomSource(0x70da);
  const today = startOfIndianDay(now);
  const pick = (items) => items[Math.floor(random() * items.length)];
  const viewers = [];
  const payments = [];
  const plays = [];
  for (let i = 0; i < DEMO_VIEWERS; i++) {
    const daysAgo = Math.floor(DEMO_DAYS * random() ** 1.4);
    // Between 08:00 and 23:00 in India, and never later than now.
    const joined = Math.min(today - daysAgo * DAY_MS + (8 + random() * 15) * 3_600_000, now - 60_000);
    const viewer = {
      id: demoId(`viewer-${i}`),
      phoneNumber: demoPhone(i),
      at: new Date(joined).toISOString(),
    };
    viewers.push(viewer);
    let planKey = null;
    if (i % 3 === 0) {
      planKey = pick(['basic', 'standard', 'standard', 'premium', 'gold']);
      const paid = Math.min(joined + random() * 2 * DAY_MS, now - 30_000);
      payments.push({
        id: demoId(`payment-${i}`),
        viewerId: viewer.id,
        phoneNumber: viewer.phoneNumber,
        planKey,
        at: new Date(paid).toISOString(),
      });
      if (i % 12 === 0 && now - paid > 4 * DAY_MS) {
        const upgraded = paid + (1 + random() * 3) * DAY_MS;
        payments.push({
          id: demoId(`upgrade-${i}`),
          viewerId: viewer.id,
          phoneNumber: viewer.phoneNumber,
          planKey: 'gold',
          at: new Date(upgraded).toISOString(),
        });
      }
    }
    if (!titles.length) continue;
    const count = Math.round((planKey ? 5 : 2) + random() * (planKey ? 10 : 4));
    for (let p = 0; p < count; p++) {
      const started = joined + random() * Math.max(0, now - joined - 3_600_000);
      const title = pick(titles);
      const watched = Math.round(300 + random() * (title.kind === 'movie' ? 6000 : 1200));
      const { at, watchSeconds } = endedBy(started, watched, joined, now - 60_000);
      plays.push({
        id: demoId(`play-${i}-${p}`),
        viewerId: viewer.id,
        kind: title.kind,
        titleId: title.id,
        at: new Date(at).toISOString(),
        watchSeconds,
        // Most films played are watched to the end: the co-watching behind "Because you watched".
        finished: title.kind === 'movie' && finishing() < 0.6,
      });
    }
  }
  plays.push(...todaysPlays(now, viewers, titles, todays));
  return { viewers, payments, plays };
}

/**
 * A play that ends by `latest` (ms): started earlier when its watch time would run past it, but not before
 * `earliest` (the viewer's sign-up, or the start of the window), else watched for less. A history entry
 * stamped later than now would read as watched in the future.
 */
export function endedBy(started, watchSeconds, earliest, latest) {
  const at = Math.max(earliest, Math.min(started, latest - watchSeconds * 1000));
  return { at, watchSeconds: Math.max(0, Math.min(watchSeconds, Math.floor((latest - at) / 1000))) };
}

/**
 * Plays of the last 20 hours, for "Top 10 in {language} today" (issue 22): two to four a viewer, most in
 * the viewer's own language (the eight by turns), so each language's row has a few films with a few plays.
 * Their ids name India's day: a start on a later day adds that day's plays.
 */
function todaysPlays(now, viewers, titles, random) {
  const films = titles.filter((t) => t.kind === 'movie' && t.language);
  const languages = [...new Set(films.map((f) => f.language))].sort();
  if (!films.length) return [];
  const day = new Date(startOfIndianDay(now) + IST_OFFSET_MS).toISOString().slice(0, 10);
  const plays = [];
  for (const [i, viewer] of viewers.entries()) {
    const own = films.filter((f) => f.language === languages[i % languages.length]);
    const from = Math.max(Date.parse(viewer.at), now - 20 * 3_600_000);
    const count = 2 + Math.floor(random() * 3);
    for (let p = 0; p < count; p++) {
      const choice = random() < 0.8 && own.length ? own : films;
      // Earlier films of the list are played more: a row with a clear first, second and third.
      const film = choice[Math.floor(choice.length * random() ** 2)];
      const started = from + random() * (now - 30_000 - from);
      const { at, watchSeconds } = endedBy(started, Math.round(300 + random() * 3000), from, now - 30_000);
      plays.push({
        id: demoId(`today-${day}-${i}-${p}`),
        viewerId: viewer.id,
        kind: 'movie',
        titleId: film.id,
        at: new Date(at).toISOString(),
        watchSeconds,
        finished: false,
      });
    }
  }
  return plays;
}

/** The catalogue's movies and shows, as the demo plays them: a few pages of each. */
async function catalogueTitles(rpc, Subjects) {
  const titles = [];
  for (let page = 1; page <= 8; page++) {
    const answer = await rpc.call(Subjects.catalog.movies.page, { page });
    titles.push(
      ...answer.movies.map((m) => ({ kind: 'movie', id: m._id, title: m.title, language: m.language })),
    );
    if (page >= answer.totalPages) break;
  }
  for (let page = 1; page <= 2; page++) {
    const answer = await rpc.call(Subjects.catalog.episodes.page, { page });
    titles.push(...answer.paginatedEpisodes.map((e) => ({ kind: 'episode', id: e._id, title: e.title })));
    if (page >= answer.totalPages) break;
  }
  return titles;
}

const DEMO_PARTNERS = [
  {
    name: 'Kaveri Talkies',
    contactPerson: 'Meena Raghavan',
    email: 'partners@kaveri-talkies.example',
    phone: '+91 44 2811 4400',
    revenueSharePercent: 40,
  },
  {
    name: 'Ganga Studios',
    contactPerson: 'Arjun Mehta',
    email: 'content@ganga-studios.example',
    phone: '+91 22 6190 1200',
    revenueSharePercent: 35,
  },
];

/** Two partners, each supplying every fifth title (from its own start); left as they are once there. */
async function seedPartners(rpc, Subjects, titles) {
  const known = new Set((await rpc.call(Subjects.catalog.partners.names, {})).map((p) => p.name));
  let created = 0;
  for (const [index, partner] of DEMO_PARTNERS.entries()) {
    if (known.has(partner.name)) continue;
    const saved = await rpc.call(Subjects.catalog.partners.create, partner);
    for (const title of titles.filter((_, i) => i % 5 === index))
      await rpc.call(Subjects.catalog.partners.assign, {
        kind: title.kind,
        titleId: title.id,
        partnerId: saved.partner._id,
      });
    created++;
  }
  return created;
}

/**
 * A few demo households share their account (issue 22, D37), for the dashboard's Profiles tile: every
 * sixth demo account has a kids profile, every twelfth a second adult too. A profile already there is
 * left as it is, and so is a number that had an account of its own before the demo.
 */
export const DEMO_PROFILES = [
  { every: 6, profile: { name: 'Chinnu', avatar: 'elephant', maturity: 'kids' } },
  { every: 12, profile: { name: 'Ravi', avatar: 'tiger', maturity: 'adult' } },
];

async function seedProfiles(rpc, Subjects, viewers) {
  let created = 0;
  for (const [i, viewer] of viewers.entries()) {
    const wanted = DEMO_PROFILES.filter(({ every }) => i % every === 1).map(({ profile }) => profile);
    if (!wanted.length) continue;
    const have = await rpc.call(Subjects.users.profiles.list, { accountId: viewer.id });
    if (!have.length) continue;
    for (const profile of wanted.filter((p) => !have.some((h) => h.name === p.name))) {
      await rpc.call(Subjects.users.profiles.create, { accountId: viewer.id, ...profile });
      created++;
    }
  }
  return created;
}

/**
 * Loads the demo activity into the running platform; never in production. Answers what it added
 * (all zeros on a second run).
 * @param {{ rpc: any, Subjects: any, env?: NodeJS.ProcessEnv, log?: (line: string) => void, now?: number }} o
 */
export async function seedDemoActivity({
  rpc,
  Subjects,
  env = process.env,
  log = (line) => console.log(line),
  now = Date.now(),
}) {
  if (env.NODE_ENV === 'production') {
    log('demo activity: not in production');
    return { viewers: 0, profiles: 0, payments: 0, plays: 0, partners: 0 };
  }
  const titles = await catalogueTitles(rpc, Subjects);
  const activity = demoActivity(now, titles);
  const timeout = { timeoutMs: 60_000 };
  const viewers = await rpc.call(Subjects.users.analytics.demo, { viewers: activity.viewers }, timeout);
  const profiles = await seedProfiles(rpc, Subjects, activity.viewers);
  const payments = await rpc.call(Subjects.billing.analytics.demo, { payments: activity.payments }, timeout);
  const plays = await rpc.call(Subjects.catalog.analytics.demo, { plays: activity.plays }, timeout);
  const partners = await seedPartners(rpc, Subjects, titles);
  const added = {
    viewers: viewers.created,
    profiles,
    payments: payments.created,
    plays: plays.created,
    partners,
  };
  log(
    Object.values(added).some(Boolean)
      ? `demo activity: ${added.viewers} viewers (${added.profiles} more profiles), ${added.payments} payments, ${added.plays} plays and ${added.partners} partners over the last ${DEMO_DAYS} days`
      : 'demo activity: already loaded',
  );
  return added;
}
