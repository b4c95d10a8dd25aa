// The API's immutable public answers kept in memory, as a CDN in front of the site keeps them (issue
// 19): a stored picture (`/api/media/images/…`) is named by a key that never changes and is answered
// `Cache-Control: public, …, immutable`, so once one visitor has fetched it, the next is answered from
// here instead of through gateway, media and storage. On a phone that is the page's banner arriving
// with the page's own files, before its scripts, rather than after them.
//
// Kept: answers to GET without credentials (a cookie but the interface language's) or a range, with
// status 200, `public` and `immutable` (or a max-age of a day or more), no Set-Cookie, no Vary but on
// Origin (the key includes the Origin), and a length it knows and can hold. The least recently used
// go first once the total passes its bound. A picture removed from storage may still be answered from
// here until it is pushed out, as a CDN answers it until it expires; its key is never used again, so
// nobody is shown another title's picture.

import { matchesEtag } from './etag.mjs';
import { otherCookies } from './page-heading.mjs';

/** A kept answer's headers that are the entity's own, not the connection's or the moment's. */
const KEPT_HEADERS = new Set([
  'content-type',
  'content-length',
  'cache-control',
  'etag',
  'last-modified',
  'accept-ranges',
  'vary',
  'access-control-allow-origin',
  'access-control-allow-credentials',
  'access-control-expose-headers',
  'cross-origin-resource-policy',
  'content-security-policy',
  'x-content-type-options',
]);
const A_DAY_S = 86_400;

/**
 * @typedef {{ status: number, headers: Record<string, string | string[]>, body: Buffer }} KeptAnswer
 */

/**
 * @param {{ prefixes: string[], maxBytes?: number, maxEntryBytes?: number }} options
 *   prefixes: the paths whose answers may be kept ('/api/media/images/'); maxBytes: the bound of all
 *   that is kept (32 MiB); maxEntryBytes: the largest answer kept (1 MiB)
 */
export function createEdgeCache({ prefixes, maxBytes = 32 * 1024 * 1024, maxEntryBytes = 1024 * 1024 }) {
  /** @type {Map<string, KeptAnswer>} in order of use, the least recent first */
  const kept = new Map();
  let total = 0;

  return {
    /**
     * The key of a request whose answer may be kept or served from here, or null.
     * @param {import('node:http').IncomingMessage} req  @param {URL} url
     */
    keyOf(req, url) {
      if (req.method !== 'GET' && req.method !== 'HEAD') return null;
      if (!prefixes.some((prefix) => url.pathname.startsWith(prefix))) return null;
      // The interface language's cookie, which every visitor's browser sends, is no credential.
      if (req.headers.authorization || otherCookies(req.headers.cookie) || req.headers.range) return null;
      return `${req.headers.origin ?? ''} ${url.pathname}${url.search}`;
    },

    /** @param {string} key @returns {KeptAnswer | undefined} */
    get(key) {
      const answer = kept.get(key);
      if (answer) {
        kept.delete(key);
        kept.set(key, answer);
      }
      return answer;
    },

    /**
     * What keeps this answer once its body has come, or null when it may not be kept: the body is
     * kept only whole, as long as its Content-Length said (an upstream that broke off keeps nothing).
     * @param {string} key  @param {number} status  @param {import('node:http').IncomingHttpHeaders} headers
     * @returns {((body: Buffer) => void) | null}
     */
    keeperFor(key, status, headers) {
      const length = keepableLength(status, headers, maxEntryBytes);
      if (length === 0) return null;
      const ownHeaders = /** @type {Record<string, string | string[]>} */ ({});
      for (const [name, value] of Object.entries(headers)) {
        if (KEPT_HEADERS.has(name) && value !== undefined) ownHeaders[name] = value;
      }
      return (body) => {
        if (body.length !== length) return;
        const previous = kept.get(key);
        if (previous) total -= previous.body.length;
        kept.delete(key);
        kept.set(key, { status, headers: ownHeaders, body });
        total += body.length;
        for (const [oldest, answer] of kept) {
          if (total <= maxBytes) break;
          kept.delete(oldest);
          total -= answer.body.length;
        }
      };
    },

    /** How many answers and bytes are kept. */
    size() {
      return { answers: kept.size, bytes: total };
    },
  };
}

/** The length an answer may be kept with: its Content-Length when it may be kept, else 0. */
function keepableLength(status, headers, maxEntryBytes) {
  if (status !== 200 || headers['set-cookie']) return 0;
  if (!isImmutablePublic(headers['cache-control'])) return 0;
  const vary = (headers.vary ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter(Boolean);
  if (vary.some((name) => name !== 'origin')) return 0;
  const length = Number(headers['content-length']);
  return Number.isInteger(length) && length > 0 && length <= maxEntryBytes ? length : 0;
}

/** `public` and `immutable`, or `public` with a max-age of a day or more; never no-store or private. */
function isImmutablePublic(cacheControl) {
  const directives = String(cacheControl ?? '')
    .toLowerCase()
    .split(',')
    .map((d) => d.trim());
  if (!directives.includes('public')) return false;
  if (directives.some((d) => d === 'no-store' || d === 'private' || d === 'no-cache')) return false;
  if (directives.includes('immutable')) return true;
  const maxAge = directives.find((d) => d.startsWith('max-age='));
  return maxAge !== undefined && Number(maxAge.slice('max-age='.length)) >= A_DAY_S;
}

/**
 * Answers `req` from a kept answer: 304 when its If-None-Match names the kept ETag, the headers alone
 * for HEAD. Says `X-Cache: hit`.
 * @param {import('node:http').IncomingMessage} req  @param {import('node:http').ServerResponse} res
 * @param {KeptAnswer} answer
 */
export function answerFromEdge(req, res, answer) {
  const etag = answer.headers.etag;
  if (typeof etag === 'string' && matchesEtag(req.headers['if-none-match'], etag)) {
    const headers = { etag, 'cache-control': answer.headers['cache-control'], 'x-cache': 'hit' };
    res.writeHead(304, headers);
    return void res.end();
  }
  res.writeHead(answer.status, { ...answer.headers, 'x-cache': 'hit' });
  res.end(req.method === 'HEAD' ? undefined : answer.body);
}
