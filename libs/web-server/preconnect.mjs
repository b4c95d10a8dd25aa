// The page tells the browser, with its first bytes, which other origins it will need: the remotes'
// servers (each remote's entry and code) and those of pictures kept elsewhere. The browser opens those
// connections while it reads the page, instead of when the shell's code first asks (issue 19: one
// round trip or more off the first screen on a phone).
import { originOf } from './security-headers.mjs';

/**
 * A `Link` header preconnecting each distinct origin of `urls` and preloading each of `scripts` (none
 * when there are none). Without `crossorigin`: the remotes' scripts, styles and pictures are all
 * fetched in no-cors mode, as the shell's <script> tag of a remote's entry is.
 * @param {string[]} urls  URLs or origins
 * @param {string[]} [scripts]  scripts every page runs soon: the viewer's entry (remoteEntry.js), which
 *   the shell otherwise asks for only once its own code has run and read /remotes.json
 * @returns {Record<string, string>}
 */
export function preconnectHeaders(urls, scripts = []) {
  const origins = [...new Set(urls.map(originOf))];
  const links = [
    ...origins.map((origin) => `<${origin}>; rel=preconnect`),
    ...[...new Set(scripts)].map((url) => `<${url}>; rel=preload; as=script`),
  ];
  return links.length ? { Link: links.join(', ') } : {};
}
