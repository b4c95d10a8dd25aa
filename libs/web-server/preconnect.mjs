// The page tells the browser, with its first bytes, which other origins it will need: the remotes'
// servers (each remote's entry and code) and those of pictures kept elsewhere. The browser opens those
// connections while it reads the page, instead of when the shell's code first asks (issue 19: one
// round trip or more off the first screen on a phone).
import { originOf } from './security-headers.mjs';

/**
 * A `Link` header preconnecting each distinct origin of `urls`, preloading each of `scripts` and
 * each of `fetches` (none when there are none). Scripts without `crossorigin`: the remotes' scripts,
 * styles and pictures are all fetched in no-cors mode, as the shell's <script> tag of a remote's entry
 * is. Fetches with it, as the page's own `fetch()` of its origin asks (cors mode, same-origin
 * credentials), so that fetch is answered by the preload.
 * @param {string[]} urls  URLs or origins
 * @param {string[]} [scripts]  scripts every page runs soon: the viewer's entry (remoteEntry.js), which
 *   the shell otherwise asks for only once its own code has run and read /remotes.json
 * @param {string[]} [fetches]  what every page's first script asks for at once: the host's runtime
 *   manifest (/remotes.json), otherwise a round trip after that script has arrived and run
 * @returns {Record<string, string>}
 */
export function preconnectHeaders(urls, scripts = [], fetches = []) {
  const origins = [...new Set(urls.map(originOf))];
  const links = [
    ...origins.map((origin) => `<${origin}>; rel=preconnect`),
    ...[...new Set(scripts)].map((url) => `<${url}>; rel=preload; as=script`),
    ...[...new Set(fetches)].map((url) => `<${url}>; rel=preload; as=fetch; crossorigin`),
  ];
  return links.length ? { Link: links.join(', ') } : {};
}
