// Reads a front end's serving configuration from the environment, once, and refuses bad values
// with a message that names the variable (ARCHITECTURE rule 6).
import { isIP } from 'node:net';
import path from 'node:path';
import { createEdgeCache } from './edge-cache.mjs';
import { trustedProxies } from './forwarded.mjs';
import { createPreviewSource } from './share-meta.mjs';
import { preconnectHeaders } from './preconnect.mjs';
import { createRemotePages } from './remote-pages.mjs';
import { assetHeaders, pageHeaders } from './security-headers.mjs';

const DEFAULT_API_TARGET = 'http://127.0.0.1:3001';
const DEFAULT_REMOTES = { viewer: 'http://localhost:3002', admin: 'http://localhost:3003' };
const DEFAULT_SHELL_ORIGIN = 'http://localhost:3000';
/** Where a host serves its runtime manifest: the remotes' entries, from its environment. */
const MANIFEST_PATH = '/remotes.json';

/** `http://host:3002` → `http://host:3002/remoteEntry.js`; a URL already naming a .js/.json file is kept. */
export function remoteEntryUrl(value) {
  const trimmed = value.trim().replace(/\/+$/, '');
  return /\.(m?js|json)$/.test(new URL(trimmed).pathname) ? trimmed : `${trimmed}/remoteEntry.js`;
}

/** The shell's runtime manifest: remote name → entry URL, decided when the server starts, not at build time. */
export function remotesManifest(env = process.env) {
  return {
    viewer: remoteEntryUrl(readUrl(env, 'VIEWER_REMOTE_URL', DEFAULT_REMOTES.viewer)),
    admin: remoteEntryUrl(readUrl(env, 'ADMIN_REMOTE_URL', DEFAULT_REMOTES.admin)),
  };
}

/**
 * The remote that shows a path, as the shell's routes decide (remoteAt in
 * frontends/shell/src/federation/manifest.ts): the back office, or the viewer.
 */
export function remoteOfPath(pathname) {
  return pathname === '/admin' || pathname.startsWith('/admin/') || pathname === '/adminupload'
    ? 'admin'
    : 'viewer';
}

/**
 * Environment → createWebServer options.
 * PORT (required unless `defaults.port`), ROOT (relative to the working directory), HOST (127.0.0.1),
 * SPA / CORS (1|true|yes), API_TARGET (default http://127.0.0.1:3001; comma-separated: taken in turn;
 * `off` disables the proxy),
 * API_PREFIXES (comma separated, default /api), VIEWER_REMOTE_URL, ADMIN_REMOTE_URL,
 * TRUSTED_PROXIES (the proxies in front of this server whose X-Forwarded-For is believed: addresses,
 * CIDR ranges, loopback/linklocal/uniquelocal; default none, the server faces browsers),
 * API_SOURCE_ADDRESS (the local address its requests to the gateway leave from: the one address the
 * gateway's TRUSTED_PROXIES names, so no other process on the machine passes for this server; default
 * whatever the system picks),
 * SHELL_ORIGINS (origins whose pages may time this server's files; default http://localhost:3000),
 * CSP_MEDIA_ORIGINS (origins of title images and video links hosted elsewhere, allowed by the pages'
 * Content-Security-Policy; default none), NODE_ENV (`production` adds HSTS to the pages),
 * SHARE_PREVIEWS (1|true|yes: title, episode and category pages carry their link preview, and those
 * and the home page a preload of their banner, read from API_TARGET; share-meta.mjs, hero-preload.mjs), PUBLIC_ORIGIN (the site's address in those previews, e.g.
 * https://chitram.in; default the address the request named), PRELOAD_REMOTE_PAGES (1|true|yes: pages
 * preload the files they need from their remote, as its pages.json names them, and a page whose heading it
 * names carries that heading; remote-pages.mjs, page-heading.mjs),
 * EDGE_CACHE (comma-separated path prefixes of the API whose immutable public answers are kept in
 * memory, as a CDN keeps them, e.g. /api/media/images/; default none; edge-cache.mjs), EDGE_CACHE_MB
 * (what they may take in all, 32).
 */
export function configFromEnv(env = process.env, defaults = {}) {
  const merged = { ...defaults, ...pickDefined(env) };
  const port = Number(merged.PORT);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`PORT must be a TCP port number, got ${JSON.stringify(merged.PORT)}`);
  }
  if (!merged.ROOT) throw new Error('ROOT must name the directory to serve (e.g. frontends/shell/dist)');

  const apiTarget = (merged.API_TARGET ?? DEFAULT_API_TARGET).trim();
  const prefixes = (merged.API_PREFIXES ?? '/api')
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  for (const prefix of prefixes) {
    if (!prefix.startsWith('/'))
      throw new Error(`API_PREFIXES entries must start with "/", got ${JSON.stringify(prefix)}`);
  }
  const proxy =
    apiTarget === 'off'
      ? []
      : prefixes.map((prefix) => {
          const targets = apiTarget.split(',').map((t) => readUrl({ API_TARGET: t.trim() }, 'API_TARGET'));
          return { prefix, target: targets.length === 1 ? targets[0] : targets };
        });
  const remotes = remotesManifest(merged);
  const trustProxies = merged.TRUSTED_PROXIES ?? '';
  trustedProxies(trustProxies); // refuses a bad entry now, not at the first request
  const mediaOrigins = readOrigins(merged, 'CSP_MEDIA_ORIGINS', '');
  const apiSourceAddress = merged.API_SOURCE_ADDRESS || undefined;
  if (apiSourceAddress && !isIP(apiSourceAddress))
    throw new Error(`API_SOURCE_ADDRESS must be an IP address, got ${JSON.stringify(apiSourceAddress)}`);
  const spa = readFlag(merged, 'SPA');
  const security = {
    pageHeaders: {
      ...pageHeaders({
        remotes: Object.values(remotes),
        mediaOrigins,
        production: merged.NODE_ENV === 'production',
      }),
      // The viewer is the remote of every page but the back office's; a host's pages all read the
      // runtime manifest first (the shell's early-requests.ts).
      ...preconnectHeaders(
        [...Object.values(remotes), ...mediaOrigins],
        [remotes.viewer],
        spa ? [MANIFEST_PATH] : [],
      ),
    },
    assetHeaders: assetHeaders(readOrigins(merged, 'SHELL_ORIGINS', DEFAULT_SHELL_ORIGIN)),
  };

  const sharePreviews = readFlag(merged, 'SHARE_PREVIEWS');
  if (sharePreviews && proxy.length === 0)
    throw new Error('SHARE_PREVIEWS needs API_TARGET: previews are read from the catalogue through it');
  const previews = sharePreviews
    ? {
        source: createPreviewSource({ apiTarget: proxy[0].target }),
        publicOrigin: merged.PUBLIC_ORIGIN ? readOrigins(merged, 'PUBLIC_ORIGIN', '')[0] : undefined,
      }
    : null;

  const preloadRemotePages = readFlag(merged, 'PRELOAD_REMOTE_PAGES');
  if (preloadRemotePages && !spa)
    throw new Error("PRELOAD_REMOTE_PAGES needs SPA: it names the remotes' files in the host's pages");
  // The host's pages name the remotes' files they need (remote-pages.mjs).
  const remotePages = preloadRemotePages
    ? createRemotePages({ entries: remotes, remoteOf: remoteOfPath })
    : null;

  const edgePrefixes = (merged.EDGE_CACHE ?? '')
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  for (const prefix of edgePrefixes) {
    if (!prefixes.some((api) => prefix.startsWith(`${api.replace(/\/$/, '')}/`)))
      throw new Error(
        `EDGE_CACHE entries must lie under an API prefix (${prefixes.join(', ')}), got ${JSON.stringify(prefix)}`,
      );
  }
  const edgeMb = Number(merged.EDGE_CACHE_MB ?? 32);
  if (!Number.isFinite(edgeMb) || edgeMb <= 0)
    throw new Error(
      `EDGE_CACHE_MB must be a positive number of megabytes, got ${JSON.stringify(merged.EDGE_CACHE_MB)}`,
    );
  const edgeCache =
    edgePrefixes.length > 0 && proxy.length > 0
      ? createEdgeCache({ prefixes: edgePrefixes, maxBytes: Math.round(edgeMb * 1024 * 1024) })
      : null;

  return {
    root: path.resolve(merged.ROOT),
    port,
    host: merged.HOST || '127.0.0.1',
    spa,
    cors: readFlag(merged, 'CORS'),
    proxy,
    trustProxies,
    apiSourceAddress,
    ...security,
    routes: { [MANIFEST_PATH]: () => remotes },
    pageLinks: remotePages ? (pathname) => remotePages.linksFor(pathname) : null,
    pageHeading: remotePages ? (pathname) => remotePages.headingFor(pathname) : null,
    /** Reads what the first pages need before they are asked for (the remotes' pages.json). */
    warmUp: () => remotePages?.warm() ?? Promise.resolve(),
    previews,
    edgeCache,
  };
}

function pickDefined(env) {
  return Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
}

function readFlag(env, name) {
  const value = (env[name] ?? '').toString().toLowerCase();
  if (['', '0', 'false', 'no'].includes(value)) return false;
  if (['1', 'true', 'yes'].includes(value)) return true;
  throw new Error(`${name} must be 1/true/yes or 0/false/no, got ${JSON.stringify(env[name])}`);
}

function readUrl(env, name, fallback) {
  const value = env[name] || fallback;
  let url;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${name} must be an absolute http(s) URL, got ${JSON.stringify(value)}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`${name} must be an http(s) URL, got ${JSON.stringify(value)}`);
  }
  return value;
}

/** A comma-separated list of http(s) origins (scheme, host and port, nothing after). */
function readOrigins(env, name, fallback) {
  const entries = (env[name] ?? fallback)
    .split(',')
    .map((e) => e.trim().replace(/\/+$/, ''))
    .filter(Boolean);
  for (const entry of entries) {
    let origin;
    try {
      origin = new URL(entry).origin;
    } catch {
      origin = undefined;
    }
    if (origin !== entry || !/^https?:/.test(entry)) {
      throw new Error(
        `${name} must list http(s) origins such as https://media.example.in, got ${JSON.stringify(entry)}`,
      );
    }
  }
  return entries;
}
