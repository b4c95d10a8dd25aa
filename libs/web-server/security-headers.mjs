// The headers of the pages a front end serves: a Content-Security-Policy that lets the page load
// scripts, styles and data only from its own origin (which also carries the API, proxied), the
// federated remotes and Razorpay Checkout; no framing; HSTS in production. Also the header that lets
// the shell time a remote's files (Resource Timing).

/** Razorpay Checkout (DECISIONS D18): its script, the frames it opens, the calls and pictures they make. */
export const RAZORPAY = {
  script: ['https://checkout.razorpay.com'],
  frame: ['https://api.razorpay.com', 'https://checkout.razorpay.com'],
  connect: ['https://api.razorpay.com', 'https://lumberjack.razorpay.com'],
  img: ['https://cdn.razorpay.com'],
};

const HSTS = 'max-age=31536000; includeSubDomains';

/** `http://localhost:3002/remoteEntry.js` → `http://localhost:3002`. */
export function originOf(url) {
  return new URL(url).origin;
}

/**
 * The page policy. Scripts: this origin, the remotes and Razorpay's checkout.js, never inline or
 * eval. Styles are allowed inline too: Razorpay's checkout styles the overlay it adds to the page.
 * Video plays from this origin through Media Source (blob:), whose playlist worker hls.js starts from
 * a blob: URL. `mediaOrigins`: hosts of title images and video links kept outside Chitram.
 * @param {{ remotes: string[], mediaOrigins?: string[] }} sources remote entry URLs and media origins
 */
export function contentSecurityPolicy({ remotes, mediaOrigins = [] }) {
  const remoteOrigins = [...new Set(remotes.map(originOf))];
  const directives = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...remoteOrigins, ...RAZORPAY.script],
    'style-src': ["'self'", ...remoteOrigins, "'unsafe-inline'"],
    'font-src': ["'self'", ...remoteOrigins],
    'img-src': ["'self'", 'data:', 'blob:', ...remoteOrigins, ...RAZORPAY.img, ...mediaOrigins],
    'media-src': ["'self'", 'blob:', ...mediaOrigins],
    'connect-src': ["'self'", ...remoteOrigins, ...RAZORPAY.connect, ...mediaOrigins],
    'worker-src': ["'self'", 'blob:'],
    'frame-src': [...RAZORPAY.frame],
    'frame-ancestors': ["'none'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
  };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${[...new Set(sources)].join(' ')}`)
    .join('; ');
}

/**
 * Headers of every HTML page.
 * @param {{ remotes: string[], mediaOrigins?: string[], production?: boolean }} options
 */
export function pageHeaders({ remotes, mediaOrigins = [], production = false }) {
  return {
    'Content-Security-Policy': contentSecurityPolicy({ remotes, mediaOrigins }),
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Frame-Options': 'DENY',
    ...(production ? { 'Strict-Transport-Security': HSTS } : {}),
  };
}

/**
 * Headers of every file served: a remote's files may be timed by the shell's pages.
 * @param {string[]} timingOrigins origins allowed to see the files' timing (the shell's)
 */
export function assetHeaders(timingOrigins) {
  return timingOrigins.length ? { 'Timing-Allow-Origin': timingOrigins.join(', ') } : {};
}
