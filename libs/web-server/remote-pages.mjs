// The remotes' code for the page being served, named in the page's first bytes (issue 19). A remote's
// build writes pages.json beside its remoteEntry.js (RemotePagesPlugin in frontends/rspack.base.mjs):
// the files its application needs before it shows anything, and those of the pages a visitor most
// often arrives on. Without them a phone learns of the application's chunk only once the shell's
// scripts have run and the federation runtime has asked for it, and of a title's or the plans' page
// one round trip later again; with them all of it downloads beside the shell's own scripts.
//
// Each remote is deployed on its own, so its pages.json is read from where it is served and kept a
// short while; a page never waits for it: until it has been read (or while it cannot be), pages go out
// without these hints, which only ever save time.

/** How long a remote's pages.json is used before it is read again (a new deployment renames its files). */
const KEEP_MS = 60_000;
/** After a failed read, the next try waits this long, so an absent remote is not asked on every page. */
const RETRY_MS = 5_000;
const TIMEOUT_MS = 2_000;

/**
 * Whether `pathname` is the page address `pattern` (`/movie/:slug/play`): the same segments, a `:name`
 * standing for any one non-empty segment; a trailing slash does not count.
 */
export function matchesPagePattern(pattern, pathname) {
  const segments = (path) => path.replace(/\/+$/, '').split('/').slice(1);
  const want = segments(pattern);
  const have = segments(pathname);
  return (
    want.length === have.length &&
    want.every((segment, i) => (segment.startsWith(':') ? have[i] !== '' : segment === have[i]))
  );
}

/** The first route of a remote's pages.json that shows `pathname`, or undefined. */
function routeOf(manifest, pathname) {
  const routes = Array.isArray(manifest?.routes) ? manifest.routes : [];
  return routes.find((r) => typeof r?.path === 'string' && matchesPagePattern(r.path, pathname));
}

/**
 * The heading the page at `pathname` opens with, by language (`{ en: { eyebrow, title }, … }`), as
 * the remote's build wrote it (RemotePagesPlugin); null for a page that names none, or no English one.
 */
export function pageHeading(manifest, pathname) {
  const heading = routeOf(manifest, pathname)?.heading;
  const isWords = (words) => typeof words?.title === 'string' && words.title !== '';
  return heading && typeof heading === 'object' && isWords(heading.en) ? heading : null;
}

/**
 * The files a page at `pathname` needs from a remote, as absolute URLs beside `entryUrl`: the
 * application's, then the page's (the first route that matches), without repeats; [] for a
 * manifest that is not a remote's pages.json.
 */
export function pageFiles(manifest, entryUrl, pathname) {
  const files = (list) => (Array.isArray(list) ? list.filter((f) => typeof f === 'string' && f !== '') : []);
  const route = routeOf(manifest, pathname);
  const names = [...new Set([...files(manifest?.app), ...files(route?.files)])];
  return names.flatMap((name) => {
    try {
      return [new URL(name, entryUrl).href];
    } catch {
      return [];
    }
  });
}

/** A `Link` header value preloading each of `urls`, as a script or a style by its extension. */
export function preloadLinks(urls) {
  return urls
    .map((url) => {
      const kind = /\.css(?:[?#].*)?$/i.test(url)
        ? 'style'
        : /\.m?js(?:[?#].*)?$/i.test(url)
          ? 'script'
          : null;
      return kind ? `<${url}>; rel=preload; as=${kind}` : null;
    })
    .filter(Boolean);
}

/**
 * The remotes' pages.json, each read from beside its entry and kept KEEP_MS: `linksFor(pathname)`
 * answers at once from what is known (reading it again in the background when it is old).
 * @param {{ entries: Record<string, string>, remoteOf: (pathname: string) => string, fetch?: typeof fetch, now?: () => number }} options
 *   `entries`: remote name → its remoteEntry.js URL; `remoteOf`: the remote that shows a path
 */
export function createRemotePages({ entries, remoteOf, fetch: fetchFn = fetch, now = Date.now }) {
  /** @type {Map<string, { manifest: object | null, readAt: number, triedAt: number, reading: Promise<void> | null }>} */
  const known = new Map(
    Object.keys(entries).map((name) => [
      name,
      { manifest: null, readAt: -Infinity, triedAt: -Infinity, reading: null },
    ]),
  );

  function read(name) {
    const state = known.get(name);
    state.triedAt = now();
    state.reading = fetchFn(new URL('pages.json', entries[name]), {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    })
      .then(async (res) => {
        if (!res.ok) throw new Error(`pages.json answered ${res.status}`);
        state.manifest = await res.json();
        state.readAt = now();
      })
      .catch(() => undefined)
      .finally(() => {
        state.reading = null;
      });
    return state.reading;
  }

  function freshen(name) {
    const state = known.get(name);
    const old = now() - state.readAt >= KEEP_MS;
    if (old && !state.reading && now() - state.triedAt >= RETRY_MS) void read(name);
  }

  return {
    /** Reads every remote's pages.json now (at start-up); resolves when each has answered or failed. */
    warm() {
      return Promise.all(Object.keys(entries).map((name) => read(name)));
    },
    /** The `Link` values preloading what the page at `pathname` needs from its remote. */
    linksFor(pathname) {
      const name = remoteOf(pathname);
      if (!known.has(name)) return [];
      freshen(name);
      const { manifest } = known.get(name);
      return manifest ? preloadLinks(pageFiles(manifest, entries[name], pathname)) : [];
    },
    /** The heading the page at `pathname` opens with (pageHeading), once its remote's pages.json is known. */
    headingFor(pathname) {
      const name = remoteOf(pathname);
      if (!known.has(name)) return null;
      freshen(name);
      return pageHeading(known.get(name).manifest, pathname);
    },
  };
}
