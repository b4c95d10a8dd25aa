import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * What an answer of JSON needs (OWASP's REST Security Cheat Sheet): no framing, nothing loaded on its
 * behalf, no sniffing it into another type, HTTPS only, and no reading it from another site. Helmet's
 * other headers speak to a page a browser renders (its DNS prefetching, opener, origin cluster,
 * referrer, IE8's downloads, Flash's policy files, the old XSS auditor): a JSON answer has no links,
 * scripts or windows for them to govern, and each was work on every answer.
 */
export const API_HEADERS: Readonly<HelmetOptions> = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
  },
  crossOriginOpenerPolicy: false,
  crossOriginResourcePolicy: { policy: 'same-site' },
  originAgentCluster: false,
  referrerPolicy: false,
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xFrameOptions: { action: 'deny' },
  xPermittedCrossDomainPolicies: false,
  xXssProtection: false,
};

/** The pages the gateway renders itself (the OpenAPI page and its assets): helmet's page policy. */
export const PAGE_HEADERS: Readonly<HelmetOptions> = {
  contentSecurityPolicy: { directives: { frameAncestors: ["'none'"] } },
  crossOriginResourcePolicy: { policy: 'same-site' },
};

/**
 * The headers helmet sets for `options`, worked out once. With no directive that is a function (no
 * nonces), they depend on nothing in the request.
 */
export function securityHeaders(options: Readonly<HelmetOptions>): Array<[string, string]> {
  const headers = new Map<string, string>();
  const recorder = {
    setHeader(name: string, value: unknown) {
      headers.set(name.toLowerCase(), String(value));
    },
    removeHeader(name: string) {
      headers.delete(name.toLowerCase());
    },
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return [...headers];
}

export interface SecurityHeaderSets {
  /** Every answer's, errors and 404s included. */
  api: Readonly<HelmetOptions>;
  /** Answers under `pagesUnder` instead: pages a browser renders. */
  page: Readonly<HelmetOptions>;
  pagesUnder: string;
}

/**
 * Security headers on every answer, as helmet would set them: the API's set, or the page set under
 * `pagesUnder`. The Fastify plugin of helmet builds helmet's middleware again for each request (its
 * Content-Security-Policy parsed each time): a twentieth of the gateway's time per request under load.
 * Here that happens once.
 */
export function addSecurityHeaders(fastify: FastifyInstance, sets: Readonly<SecurityHeaderSets>): void {
  const api = securityHeaders(sets.api);
  const page = securityHeaders(sets.page);
  fastify.addHook('onRequest', (request, reply, done) => {
    const headers = request.url.startsWith(sets.pagesUnder) ? page : api;
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
}
