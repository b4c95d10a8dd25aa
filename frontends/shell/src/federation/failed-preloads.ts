// The shell's server names, in a page's Link header, the files its remote needs first
// (libs/web-server/remote-pages.mjs), so they download with the page. When the remote is down as the
// page opens, those preloads fail, and the browser hands each failed preload, failed, to the next
// request for the same file: a Retry once the remote is back would fail on them again. So before a
// retry, each file this page preloaded from the remote is asked for once by an element of its own,
// which takes the preload (failed or not); the remote's own requests then go to the network, or find
// the file already there.

/** Files already taken this way, so a second retry does not ask for them again. */
const taken = new Set<string>();
/** A file whose element neither loads nor fails within this long is left to itself. */
const GIVE_UP_MS = 3000;

/**
 * The scripts and styles this page (at `base`) preloaded from the origin of `entry`, other than `entry`
 * itself.
 */
export function preloadsFrom(
  entry: string,
  entries: readonly PerformanceEntry[],
  base: string = window.location.href,
): string[] {
  const origin = new URL(entry, base).origin;
  const entryUrl = new URL(entry, base).href;
  const urls = entries
    .filter((e) => (e as PerformanceResourceTiming).initiatorType === 'link')
    .map((e) => e.name)
    .filter((url) => {
      try {
        const parsed = new URL(url);
        return parsed.origin === origin && url !== entryUrl && /\.(js|css)$/.test(parsed.pathname);
      } catch {
        return false;
      }
    });
  return [...new Set(urls)];
}

function takeOnce(url: string): Promise<void> {
  return new Promise((resolve) => {
    const style = new URL(url).pathname.endsWith('.css');
    // A stylesheet for no medium applies to nothing; a chunk's script only registers its modules.
    const element = style
      ? Object.assign(document.createElement('link'), { rel: 'stylesheet', media: 'not all', href: url })
      : Object.assign(document.createElement('script'), { src: url, async: true });
    let settled = false;
    const done = () => {
      if (settled) return;
      settled = true;
      element.remove();
      resolve();
    };
    element.addEventListener('load', done, { once: true });
    element.addEventListener('error', done, { once: true });
    setTimeout(done, GIVE_UP_MS);
    document.head.appendChild(element);
  });
}

/** Takes, once each, the preloads this page made of the remote whose entry is `entry`. */
export async function takeFailedPreloads(entry: string): Promise<void> {
  if (typeof performance.getEntriesByType !== 'function') return;
  const urls = preloadsFrom(entry, performance.getEntriesByType('resource')).filter((url) => !taken.has(url));
  for (const url of urls) taken.add(url);
  await Promise.all(urls.map(takeOnce));
}
