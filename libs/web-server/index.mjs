// A tiny web server for the front ends, on node:http alone: static files (precompressed variants,
// byte ranges), SPA fallback, CORS for federated remotes, JSON routes (the shell's runtime manifest)
// and a streaming reverse proxy to the gateway.
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { answerFromEdge } from './edge-cache.mjs';
import { acceptableEncodings, isCompressible } from './encoding.mjs';
import { matchesEtag } from './etag.mjs';
import { forwardedHeaders, trustedProxies } from './forwarded.mjs';
import { parseRange } from './range.mjs';
import {
  placeholderKindOf,
  placeholderMarkup,
  placeholderRules,
  withPlaceholder,
} from './banner-placeholder.mjs';
import { headingLanguage, headingSources, withHeading } from './page-heading.mjs';
import { previewedPage, previewTags, withPreview } from './share-meta.mjs';

const CONTENT_TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.cjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
  '.m3u8': 'application/vnd.apple.mpegurl',
  '.ts': 'video/mp2t',
  '.wasm': 'application/wasm',
  '.webmanifest': 'application/manifest+json',
};

/** How long a kept-alive connection may idle: longer than any client's, as the gateway's (72 s). */
const KEEP_ALIVE_MS = 72_000;

// Files whose name must always be revalidated: the page itself and the federation entry points,
// which keep their names from build to build while their content changes.
const ALWAYS_REVALIDATE = new Set([
  'index.html',
  'remoteEntry.js',
  'pages.json',
  'mf-manifest.json',
  'mf-stats.json',
]);
// A content hash in the file name (main.3f9a1c2b.js, 123.abcdef0123.css) makes the file immutable.
const HASHED_NAME = /\.[0-9a-f]{8,}\.[a-z0-9]+$/i;
const IMMUTABLE = 'public, max-age=31536000, immutable';

// Hop-by-hop headers (RFC 9110 §7.6.1) belong to one connection and are not forwarded.
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

export function contentTypeFor(filePath) {
  return CONTENT_TYPES[path.extname(filePath).toLowerCase()] ?? 'application/octet-stream';
}

export function cacheControlFor(filePath) {
  const name = path.basename(filePath);
  if (ALWAYS_REVALIDATE.has(name) || name.endsWith('.html')) return 'no-cache';
  return HASHED_NAME.test(name) ? IMMUTABLE : 'no-cache';
}

/** Does `pathname` fall under `prefix` ('/api' matches '/api' and '/api/x', not '/apix')? */
export function matchesPrefix(pathname, prefix) {
  const p = prefix.endsWith('/') ? prefix.slice(0, -1) : prefix;
  return pathname === p || pathname.startsWith(`${p}/`);
}

/**
 * Starts a server and resolves once it listens.
 * @param {{
 *   root: string, port: number, host?: string, spa?: boolean, cors?: boolean,
 *   proxy?: Array<{ prefix: string, target: string | string[] }>,  several targets: taken in turn
 *   trustProxies?: string,  proxies in front whose X-Forwarded-* are believed (forwarded.mjs)
 *   apiSourceAddress?: string,  the local address proxied requests leave from, which the gateway
 *     trusts as this server (its TRUSTED_PROXIES) and no other local process uses
 *   pageHeaders?: Record<string, string>,  added to HTML pages (security-headers.mjs)
 *   assetHeaders?: Record<string, string>,  added to every file served
 *   routes?: Record<string, (req: http.IncomingMessage) => unknown>,
 *   pageLinks?: (pathname: string) => string[],  more `Link` values for the page at a path (the
 *     remotes' files it needs, remote-pages.mjs); HTML pages only
 *   pageHeading?: (pathname: string) => Record<string, { eyebrow?: string, title: string }> | null,
 *     the heading a page opens with, by language (remote-pages.mjs), drawn in the page itself
 *     (page-heading.mjs); SPA pages only
 *   previews?: { source: { preview(page: object): Promise<object | null> }, publicOrigin?: string },
 *     link previews of title, episode and category pages, and the banner preload of those and of the
 *     home page (share-meta.mjs, hero-preload.mjs); SPA pages only
 *   edgeCache?: ReturnType<typeof import('./edge-cache.mjs').createEdgeCache> | null,  the proxied
 *     API's immutable public answers kept in memory (edge-cache.mjs)
 * }} options
 * @returns {Promise<{ url: string, port: number, close(): Promise<void> }>}
 */
export async function createWebServer({
  root,
  port,
  host = '127.0.0.1',
  spa = false,
  cors = false,
  proxy = [{ prefix: '/api', target: 'http://127.0.0.1:3001' }],
  trustProxies = '',
  apiSourceAddress,
  pageHeaders = {},
  assetHeaders = {},
  routes = {},
  pageLinks = null,
  pageHeading = null,
  previews = null,
  edgeCache = null,
}) {
  if (!root) throw new Error('createWebServer: `root` is required');
  const rootDir = path.resolve(root);
  const rootStat = await stat(rootDir).catch(() => null);
  if (!rootStat?.isDirectory()) throw new Error(`createWebServer: root ${rootDir} is not a directory`);

  const proxies = proxy.map(({ prefix, target }) => {
    const targets = [target].flat().map((t) => new URL(t));
    let turn = 0;
    return { prefix, next: () => targets[turn++ % targets.length] };
  });
  // The agent's pool is keyed by local address too, so a kept-alive socket leaves from it as well.
  const agent = new http.Agent({
    keepAlive: true,
    ...(apiSourceAddress ? { localAddress: apiSourceAddress } : {}),
  });
  const isTrustedProxy = trustedProxies(trustProxies);
  const placeholderCss = placeholderRules(rootDir);
  const headingParts = headingSources(rootDir);

  const server = http.createServer((req, res) => {
    handle(req, res).catch((error) => {
      if (!res.headersSent) {
        sendText(res, 500, 'Internal server error');
      } else {
        res.destroy(error);
      }
    });
  });
  // A kept-alive connection outlives the client's idle time (browsers', undici's 4 s), as the gateway's
  // does (Fastify, 72 s), so the client lets it go first: a server closing it first races a client that
  // is just reusing it, and that request fails with "other side closed" (seen under load in CI).
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  server.headersTimeout = KEEP_ALIVE_MS + 5_000;

  /** The headers of an HTML page at `pathname`: pageHeaders, with its own Link values added. */
  function headersOfPage(pathname) {
    const links = pageLinks ? pageLinks(pathname) : [];
    if (links.length === 0) return pageHeaders;
    return { ...pageHeaders, Link: [pageHeaders.Link, ...links].filter(Boolean).join(', ') };
  }

  async function handle(req, res) {
    if (cors) setCorsHeaders(res);
    const url = new URL(req.url ?? '/', 'http://local');

    const upstream = proxies.find((p) => matchesPrefix(url.pathname, p.prefix));
    if (upstream) {
      const edgeKey = edgeCache?.keyOf(req, url) ?? null;
      const kept = edgeKey ? edgeCache.get(edgeKey) : undefined;
      if (kept) return answerFromEdge(req, res, kept);
      const keep =
        edgeKey && req.method === 'GET'
          ? (status, headers) => edgeCache.keeperFor(edgeKey, status, headers)
          : null;
      return forward(req, res, upstream.next(), agent, isTrustedProxy, apiSourceAddress, keep);
    }

    if (cors && req.method === 'OPTIONS') {
      res.writeHead(204, { 'Access-Control-Max-Age': '600' });
      return void res.end();
    }

    const route = Object.hasOwn(routes, url.pathname) ? routes[url.pathname] : undefined;
    if (route) {
      if (req.method !== 'GET' && req.method !== 'HEAD') return methodNotAllowed(res);
      const body = JSON.stringify(await route(req));
      res.writeHead(200, {
        'Content-Type': 'application/json; charset=utf-8',
        'Content-Length': Buffer.byteLength(body),
        'Cache-Control': 'no-cache',
      });
      return void res.end(req.method === 'HEAD' ? undefined : body);
    }

    if (req.method !== 'GET' && req.method !== 'HEAD') return methodNotAllowed(res);
    const page =
      previews && spa && wantsPage(req, url.pathname) ? previewedPage(url.pathname, url.search) : null;
    if (page && (await servePreview(req, res, page, url.pathname))) return;
    const heading = pageHeading && spa && wantsPage(req, url.pathname) ? pageHeading(url.pathname) : null;
    if (heading && (await serveHeading(req, res, heading, url.pathname))) return;
    return serveStatic(req, res, url.pathname);
  }

  /** The SPA's page with its heading drawn in it, in the visitor's language; false when it cannot be. */
  async function serveHeading(req, res, heading, pathname) {
    const html = await readFile(path.join(rootDir, 'index.html'), 'utf8').catch(() => null);
    if (html === null) return false;
    const language = headingLanguage(heading, {
      cookie: req.headers.cookie,
      acceptLanguage: req.headers['accept-language'],
    });
    const page = await withHeading(html, heading, language, headingParts);
    if (page === null) return false;
    // The heading is in the language the cookie or the browser names.
    sendPage(req, res, page, pathname, { Vary: 'Cookie, Accept-Language' });
    return true;
  }

  /** An SPA page made for this request: never stored without asking again, sent as it is. */
  function sendPage(req, res, html, pathname, headers = {}) {
    const body = Buffer.from(html);
    res.writeHead(200, {
      ...assetHeaders,
      ...headersOfPage(pathname),
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Length': body.length,
      'Cache-Control': 'no-cache',
      'X-Content-Type-Options': 'nosniff',
      ...headers,
    });
    res.end(req.method === 'HEAD' ? undefined : body);
  }

  /** The SPA's page with the link preview and banner preload of `page` in its head; false when there is none to give. */
  async function servePreview(req, res, page, pathname) {
    const preview = await previews.source.preview(page).catch(() => null);
    if (!preview) return false;
    const origin = previews.publicOrigin ?? originOfRequest(req);
    if (!origin) return false;
    const html = await readFile(path.join(rootDir, 'index.html'), 'utf8').catch(() => null);
    if (html === null) return false;
    const tags = previewTags(preview, { origin, pathname });
    if (tags.length === 0) return false;
    const markup = placeholderMarkup(placeholderKindOf(page), preview.banner);
    const css = markup ? await placeholderCss() : null;
    sendPage(req, res, withPlaceholder(withPreview(html, tags), markup, css), pathname);
    return true;
  }

  async function serveStatic(req, res, pathname) {
    let decoded;
    try {
      decoded = decodeURIComponent(pathname);
    } catch {
      return sendText(res, 400, 'Bad request');
    }
    if (decoded.includes('\0')) return sendText(res, 400, 'Bad request');

    const filePath = path.join(rootDir, path.normalize(decoded));
    if (filePath !== rootDir && !filePath.startsWith(rootDir + path.sep))
      return sendText(res, 404, 'Not found');

    const found =
      (await findFile(filePath)) ??
      (spa && wantsPage(req, decoded) ? await findFile(path.join(rootDir, 'index.html')) : null);
    if (!found) return sendText(res, 404, 'Not found');

    // A Range names bytes of the file as it is, so a ranged request gets the uncompressed file.
    const variant = req.headers.range ? identity(found) : await compressedVariant(req, found);
    const etag = entityTag(found, variant.encoding);
    const headers = {
      ...assetHeaders,
      ...(contentTypeFor(found.path).startsWith('text/html') ? headersOfPage(pathname) : {}),
      'Content-Type': contentTypeFor(found.path),
      'Cache-Control': cacheControlFor(found.path),
      'Last-Modified': new Date(found.mtimeMs).toUTCString(),
      ETag: etag,
      'Accept-Ranges': 'bytes',
      'X-Content-Type-Options': 'nosniff',
      // Caches must keep the compressed and uncompressed answers apart.
      ...(isCompressible(found.path) ? { Vary: 'Accept-Encoding' } : {}),
      ...(variant.encoding ? { 'Content-Encoding': variant.encoding } : {}),
    };
    if (matchesEtag(req.headers['if-none-match'], etag)) {
      res.writeHead(304, headers);
      return void res.end();
    }

    const range = rangeToSend(req, variant, headers['Last-Modified']);
    if (range === 'unsatisfiable') {
      res.writeHead(416, { ...headers, 'Content-Range': `bytes */${variant.size}`, 'Content-Length': 0 });
      return void res.end();
    }
    if (range) {
      res.writeHead(206, {
        ...headers,
        'Content-Range': `bytes ${range.start}-${range.end}/${variant.size}`,
        'Content-Length': range.end - range.start + 1,
      });
    } else {
      res.writeHead(200, { ...headers, 'Content-Length': variant.size });
    }
    if (req.method === 'HEAD') return void res.end();
    createReadStream(variant.path, range ?? {})
      .on('error', (error) => res.destroy(error))
      .pipe(res);
  }

  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });

  const address = server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  const shownHost = host === '0.0.0.0' || host === '::' ? 'localhost' : host;
  return {
    url: `http://${shownHost.includes(':') ? `[${shownHost}]` : shownHost}:${actualPort}`,
    port: actualPort,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
        agent.destroy();
      }),
  };
}

/** The file as it is on disk. */
function identity(found) {
  return { path: found.path, size: found.size, encoding: null };
}

/** The best precompressed sibling (`x.js.br`, `x.js.gz`) the browser accepts, else the file itself. */
async function compressedVariant(req, found) {
  if (!isCompressible(found.path)) return identity(found);
  for (const { name, suffix } of acceptableEncodings(req.headers['accept-encoding'])) {
    const info = await stat(found.path + suffix).catch(() => null);
    if (info?.isFile()) {
      return { path: found.path + suffix, size: info.size, encoding: name };
    }
  }
  return identity(found);
}

// Weak: the tag names the file's size and time, not its bytes; each encoding has its own.
function entityTag(found, encoding) {
  const base = `${found.size.toString(16)}-${Math.floor(found.mtimeMs).toString(16)}`;
  return `W/"${encoding ? `${base}-${encoding}` : base}"`;
}

/**
 * The range to send, if any. An If-Range that no longer holds (the file changed since the client
 * got its first part) means the whole file again; only the date form can hold, as our tags are weak.
 */
function rangeToSend(req, variant, lastModified) {
  if (variant.encoding || !req.headers.range) return null;
  const ifRange = req.headers['if-range'];
  if (ifRange && ifRange.trim() !== lastModified) return null;
  return parseRange(req.headers.range, variant.size);
}

async function findFile(filePath) {
  const info = await stat(filePath).catch(() => null);
  if (info?.isFile()) return { path: filePath, size: info.size, mtimeMs: info.mtimeMs };
  if (info?.isDirectory()) return findFile(path.join(filePath, 'index.html'));
  return null;
}

// A browser navigating to a client-side route gets the page; a missing script or image stays a 404.
function wantsPage(req, pathname) {
  const accept = req.headers.accept ?? '';
  return accept.includes('text/html') || path.extname(pathname) === '';
}

/** `http://host:port` as the browser asked for it, when no public origin is configured. */
function originOfRequest(req) {
  const host = req.headers.host ?? '';
  return /^[a-z0-9.-]+(:\d{1,5})?$|^\[[0-9a-f:.]+\](:\d{1,5})?$/i.test(host) ? `http://${host}` : null;
}

function setCorsHeaders(res) {
  res.setHeader('Access-Control-Allow-Origin', '*');
  res.setHeader('Access-Control-Allow-Methods', 'GET, HEAD, OPTIONS');
  res.setHeader('Access-Control-Allow-Headers', '*');
}

function sendText(res, status, text) {
  res.writeHead(status, {
    'Content-Type': 'text/plain; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
  });
  res.end(text);
}

function methodNotAllowed(res) {
  res.setHeader('Allow', 'GET, HEAD');
  sendText(res, 405, 'Method not allowed');
}

/** The request's path without its query, which may carry codes or tokens not meant for a log. */
function pathOf(req) {
  return (req.url ?? '/').split('?', 1)[0];
}

/**
 * Relays `req` to `target` and its answer back, streaming both ways. `keep`, when given, is asked
 * with the answer's status and headers whether to keep it; the function it then returns receives the
 * whole body once relayed (edge-cache.mjs).
 */
function forward(req, res, target, agent, isTrustedProxy, localAddress, keep = null) {
  const headers = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (!HOP_BY_HOP.has(name) && value !== undefined) headers[name] = value;
  }
  Object.assign(headers, forwardedHeaders(req, isTrustedProxy));
  headers.host = target.host;

  const basePath = target.pathname.replace(/\/$/, '');
  return new Promise((resolve) => {
    // Set once the upstream's answer has been relayed whole.
    let answered = false;
    const upstream = http.request(
      {
        protocol: target.protocol,
        hostname: target.hostname,
        port: target.port,
        method: req.method,
        path: `${basePath}${req.url}`,
        headers,
        agent,
        ...(localAddress ? { localAddress } : {}),
      },
      (upstreamRes) => {
        const responseHeaders = {};
        for (const [name, value] of Object.entries(upstreamRes.headers)) {
          if (!HOP_BY_HOP.has(name) && value !== undefined) responseHeaders[name] = value;
        }
        res.writeHead(upstreamRes.statusCode ?? 502, upstreamRes.statusMessage, responseHeaders);
        const keeper = keep?.(upstreamRes.statusCode ?? 502, upstreamRes.headers) ?? null;
        const chunks = [];
        if (keeper) upstreamRes.on('data', (chunk) => chunks.push(chunk));
        upstreamRes.pipe(res);
        upstreamRes.on('end', () => {
          answered = true;
          if (keeper) keeper(Buffer.concat(chunks));
          // Answered before the whole body came (a refusal such as a 413): the rest is read here and
          // dropped, so the client gets to finish sending and read the answer instead of a reset.
          // Unbounded, as an upload passing through the shell is anyway.
          if (!req.complete) {
            req.unpipe(upstream);
            upstream.destroy();
            req.resume();
          }
          resolve();
        });
        upstreamRes.on('error', () => {
          res.destroy();
          resolve();
        });
      },
    );

    upstream.on('error', (error) => {
      if (!res.headersSent) {
        // The address and cause are for the operator's log; the browser learns only that the API is away.
        process.stderr.write(
          `web-server: ${req.method} ${pathOf(req)} → ${target.origin}: ${error.code ?? error.message}\n`,
        );
        // The code is in the contracts' WEB_SERVER_ERROR_CODES, so the shell words it in every language.
        const body = JSON.stringify({
          code: 'GATEWAY_UNREACHABLE',
          message: 'The service could not be reached. Please try again shortly.',
        });
        res.writeHead(502, {
          'Content-Type': 'application/json; charset=utf-8',
          'Content-Length': Buffer.byteLength(body),
          'Cache-Control': 'no-store',
        });
        res.end(body);
      } else if (!answered) {
        res.destroy();
      }
      resolve();
    });

    // A client that goes away mid-request must not leave the upstream request hanging.
    res.on('close', () => {
      if (!res.writableFinished) upstream.destroy();
    });
    req.pipe(upstream);
  });
}
