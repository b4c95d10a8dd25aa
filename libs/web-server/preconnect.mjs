// The page tells the browser, with its first bytes, which other origins it will need: the remotes'
// servers (each remote's entry and code) and those of pictures kept elsewhere. The browser opens those
// connections while it reads the page, instead of when the shell's code first asks (issue 19: one
// round trip or more off the first screen on a phone).
import { originOf } from './security-headers.mjs';

/**
 * A `Link` header preconnecting each distinct origin of `urls` (none when there are none). Without
 * `crossorigin`: the remotes' scripts, styles and pictures are all fetched in no-cors mode.
 * @param {string[]} urls  URLs or origins
 * @returns {Record<string, string>}
 */
export function preconnectHeaders(urls) {
  const origins = [...new Set(urls.map(originOf))];
  return origins.length ? { Link: origins.map((origin) => `<${origin}>; rel=preconnect`).join(', ') } : {};
}
