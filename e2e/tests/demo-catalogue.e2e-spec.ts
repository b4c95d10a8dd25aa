import { CATEGORIES, LANGUAGES, type StreamAnswer } from '@chitram/contracts';
import { BASE_URL } from '../support/browser';
import { freshClientIp, subscribedSession, viewerSession } from '../support/sessions';

// Everything in the demo catalogue plays (issue 19), on the platform this suite runs against: it loads
// the demo as `npm start` does (scripts/lib/platform.mjs, scripts/seed/), its videos transcoded in the
// background after start-up (a few sources, copies of them for the rest). Once that has settled, a Gold
// viewer on a computer gets a stream grant for every film and every episode, and Gold's and Premium's
// top renditions are among them. (It ran in the integration stage with a second copy of the demo of
// its own, transcoding the same sources again: three minutes of CI.) The demo's viewers have watched
// things too (issue 22): a history each, and the home page's two picked rows have something to show.

const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36';
/** The demo's videos settle within 3 minutes of start-up (issue 19); the suite started a while ago. */
const SETTLED_WITHIN_MS = 240_000;

interface Title {
  _id: string;
  title: string;
  playable: boolean;
}

const clientIp = freshClientIp();

async function get(route: string, token?: string): Promise<Response> {
  return fetch(`${BASE_URL}/api/${route}`, {
    headers: {
      'user-agent': DESKTOP,
      'x-forwarded-for': clientIp,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
  });
}

const json = async <T>(route: string): Promise<T> => (await (await get(route)).json()) as T;

/** Every title, as a viewer's lists show them: films by language, episodes by category. */
async function everyTitle(): Promise<{ movies: Title[]; episodes: Title[] }> {
  const movies = (await Promise.all(LANGUAGES.map((l) => json<Title[]>(`home/languages/${l}`)))).flat();
  const episodes = (
    await Promise.all(CATEGORIES.map((c) => json<{ episodes: Title[] }>(`series/category/${c}/episodes`)))
  ).flatMap((answer) => answer.episodes);
  return { movies, episodes };
}

it('gives a Gold viewer a stream of every film and every episode, up to 2160p, once the demo has settled', async () => {
  const deadline = Date.now() + SETTLED_WITHIN_MS;
  let titles = await everyTitle();
  const waiting = () => [...titles.movies, ...titles.episodes].filter((t) => !t.playable).map((t) => t.title);
  while (waiting().length > 0 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 2000)); // the catalogue learns of each video by event
    titles = await everyTitle();
  }
  expect(titles.movies.length).toBeGreaterThanOrEqual(60);
  expect(titles.episodes.length).toBeGreaterThanOrEqual(30);
  expect(waiting()).toEqual([]);

  const { token } = await subscribedSession('gold', clientIp);
  const routes = [
    ...titles.movies.map((m) => [m.title, `movie/${m._id}/stream`]),
    ...titles.episodes.map((e) => [e.title, `series/episodes/${e._id}/stream`]),
  ];
  const grants = new Map<string, StreamAnswer>();
  const refused: string[] = [];
  for (const [title, route] of routes) {
    const answer = await get(route, token);
    if (answer.status === 200) grants.set(title, (await answer.json()) as StreamAnswer);
    else refused.push(`${title}: ${answer.status} ${await answer.text()}`);
  }
  expect(refused).toEqual([]);
  expect(grants.size).toBe(routes.length);
  const tops = new Set([...grants.values()].map((g) => Math.max(...g.renditions)));
  expect(tops).toContain(2160);
  expect(tops).toContain(1440);

  // A copy plays from its own grant, bound to its own title: its master playlist lists Gold's ladder.
  const [fourK] = [...grants.values()].filter((g) => g.renditions.includes(2160));
  const master = await fetch(new URL(fourK.movieUrl, BASE_URL), {
    headers: { 'user-agent': DESKTOP, 'x-forwarded-for': clientIp, authorization: `Bearer ${token}` },
  });
  expect(master.status).toBe(200);
  expect(await master.text()).toContain('RESOLUTION=3840x2160');
}, 300_000);

it('gives the demo viewers a watch history, Because you watched and Top 10 today', async () => {
  const top = (await (await get('home/top-today?language=English')).json()) as { movies: Title[] };
  expect(top.movies.length).toBeGreaterThan(0);
  const rows: Array<{ watched: Title; movies: Title[] } | null> = [];
  // The first demo viewers (+91 90000 00000 on), signed in as any viewer signs in.
  for (let i = 0; i < 4; i++) {
    const { token } = (await viewerSession(freshClientIp(), `90000${String(i).padStart(5, '0')}`)) as {
      token: string;
    };
    const history = (await (await get('user/history', token)).json()) as { total: number };
    expect(history.total).toBeGreaterThan(0);
    const row = await get('user/because-you-watched', token);
    expect(row.status).toBe(200);
    const text = await row.text();
    rows.push(text && text !== 'null' ? (JSON.parse(text) as { watched: Title; movies: Title[] }) : null);
  }
  const shown = rows.filter((row) => row !== null && row.movies.length > 0);
  expect(shown.length).toBeGreaterThan(0);
});
