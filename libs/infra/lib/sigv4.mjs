// AWS Signature Version 4 as S3 checks it, for the development object storage (s3rver-main.mjs):
// the Authorization header form and the presigned query form, against one configured key pair.
// https://docs.aws.amazon.com/AmazonS3/latest/API/sig-v4-authenticating-requests.html
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

const ALGORITHM = 'AWS4-HMAC-SHA256';
/** How far a signed request's clock may be from ours (S3's own limit). */
export const MAX_SKEW_MS = 15 * 60_000;
/** The longest a presigned URL may live (S3's limit, a week). */
const MAX_EXPIRES_SECONDS = 604_800;
const CONTENT_HASH = /^(UNSIGNED-PAYLOAD|STREAMING-AWS4-HMAC-SHA256-PAYLOAD|[0-9a-f]{64})$/;

/**
 * @typedef {{ ok: true, accessKey: string } | { ok: false, status: number, code: string, message: string }} Verdict
 * @typedef {{ accessKey: string, secretKey: string, region: string }} Credentials
 */

/** @returns {Verdict} */
function refuse(code, message, status = 403) {
  return { ok: false, status, code, message };
}

/** RFC 3986 percent-encoding, as SigV4 wants it (everything but A-Z a-z 0-9 - _ . ~). */
export function uriEncode(text) {
  return encodeURIComponent(text).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/** `20261127T101500Z` as epoch ms, or NaN. */
function parseAmzDate(value) {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value ?? '');
  return m ? Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], +m[6]) : NaN;
}

/** The raw query's pairs, each name and value decoded once (a `+` stays a `+`, as S3 reads it). */
function queryPairs(rawQuery) {
  if (!rawQuery) return [];
  return rawQuery
    .split('&')
    .filter(Boolean)
    .map((part) => {
      const at = part.indexOf('=');
      const name = at < 0 ? part : part.slice(0, at);
      const value = at < 0 ? '' : part.slice(at + 1);
      return [decodeURIComponent(name), decodeURIComponent(value)];
    });
}

/**
 * Checks one request's signature.
 * @param {{ method: string, url: string, headers: Record<string, string | string[] | undefined> }} request
 *   `url` as it came on the request line (path and raw query); header names in lower case (Node's)
 * @param {Credentials} credentials
 * @param {number} [now] epoch ms
 * @returns {Verdict}
 */
export function verifySigV4(request, credentials, now = Date.now()) {
  const header = (name) => {
    const value = request.headers[name];
    return Array.isArray(value) ? value.join(',') : value;
  };
  const q = request.url.indexOf('?');
  const rawPath = q < 0 ? request.url : request.url.slice(0, q);
  let pairs;
  let canonicalUri;
  try {
    pairs = queryPairs(q < 0 ? '' : request.url.slice(q + 1));
    canonicalUri = rawPath
      .split('/')
      .map((segment) => uriEncode(decodeURIComponent(segment)))
      .join('/');
  } catch {
    return refuse('InvalidURI', 'The request URI could not be decoded.', 400);
  }
  const query = new Map(pairs);
  const authorization = header('authorization');
  const presigned = query.has('X-Amz-Algorithm') || query.has('X-Amz-Signature');
  if (!authorization && !presigned) {
    if (query.has('Signature') || query.has('AWSAccessKeyId'))
      return refuse('AccessDenied', 'Only AWS Signature Version 4 is accepted.');
    return refuse(
      'AccessDenied',
      'Anonymous requests are not allowed: sign the request (AWS Signature Version 4).',
    );
  }
  if (authorization && presigned)
    return refuse(
      'InvalidArgument',
      'Sign with the Authorization header or the query string, not both.',
      400,
    );

  /** @type {{ credential: string, signedHeaders: string, signature: string, amzDate: string, payloadHash: string }} */
  let parts;
  if (authorization) {
    const m = /^AWS4-HMAC-SHA256 +(.+)$/.exec(authorization.trim());
    if (!m) return refuse('AccessDenied', 'Only AWS Signature Version 4 (AWS4-HMAC-SHA256) is accepted.');
    const fields = new Map(
      m[1].split(',').map((field) => {
        const at = field.indexOf('=');
        return [field.slice(0, at).trim(), field.slice(at + 1).trim()];
      }),
    );
    const payloadHash = header('x-amz-content-sha256') ?? '';
    if (!CONTENT_HASH.test(payloadHash))
      return refuse('InvalidRequest', 'x-amz-content-sha256 is missing or not a SHA-256 hash.', 400);
    parts = {
      credential: fields.get('Credential') ?? '',
      signedHeaders: fields.get('SignedHeaders') ?? '',
      signature: fields.get('Signature') ?? '',
      amzDate: header('x-amz-date') ?? '',
      payloadHash,
    };
    const signed = parts.signedHeaders.split(';');
    if (!signed.includes('x-amz-date') || !signed.includes('x-amz-content-sha256'))
      return refuse('AccessDenied', 'x-amz-date and x-amz-content-sha256 must be signed.');
    const at = parseAmzDate(parts.amzDate);
    if (Number.isNaN(at)) return refuse('AccessDenied', 'x-amz-date is missing or not yyyyMMddTHHmmssZ.');
    if (Math.abs(now - at) > MAX_SKEW_MS)
      return refuse('RequestTimeTooSkewed', 'The request time is too far from the server time.');
  } else {
    if (query.get('X-Amz-Algorithm') !== ALGORITHM)
      return refuse('AuthorizationQueryParametersError', 'X-Amz-Algorithm must be AWS4-HMAC-SHA256.', 400);
    parts = {
      credential: query.get('X-Amz-Credential') ?? '',
      signedHeaders: query.get('X-Amz-SignedHeaders') ?? '',
      signature: query.get('X-Amz-Signature') ?? '',
      amzDate: query.get('X-Amz-Date') ?? '',
      payloadHash: 'UNSIGNED-PAYLOAD',
    };
    const at = parseAmzDate(parts.amzDate);
    const expires = Number(query.get('X-Amz-Expires'));
    if (Number.isNaN(at) || !Number.isInteger(expires) || expires < 1 || expires > MAX_EXPIRES_SECONDS)
      return refuse(
        'AuthorizationQueryParametersError',
        'X-Amz-Date and X-Amz-Expires (1 to 604800 seconds) are required.',
        400,
      );
    if (at - now > MAX_SKEW_MS) return refuse('AccessDenied', 'The request is dated in the future.');
    if (now > at + expires * 1000) return refuse('AccessDenied', 'Request has expired.');
  }

  const [accessKey, day, region, service, terminator, ...extra] = parts.credential.split('/');
  if (extra.length || terminator !== 'aws4_request' || service !== 's3')
    return refuse(
      'AuthorizationHeaderMalformed',
      'The credential scope is not <key>/<date>/<region>/s3/aws4_request.',
      400,
    );
  if (accessKey !== credentials.accessKey)
    return refuse('InvalidAccessKeyId', 'The access key id you provided does not exist in our records.');
  if (day !== parts.amzDate.slice(0, 8))
    return refuse('AuthorizationHeaderMalformed', 'The credential date is not the request date.', 400);
  if (region !== credentials.region)
    return refuse('AuthorizationHeaderMalformed', `The region must be ${credentials.region}.`, 400);
  if (!/^[0-9a-f]{64}$/.test(parts.signature))
    return refuse('SignatureDoesNotMatch', 'The signature is not 64 hexadecimal digits.');

  const signedHeaders = parts.signedHeaders.split(';');
  const sorted = [...signedHeaders].sort();
  if (!signedHeaders.includes('host') || signedHeaders.some((name, i) => name !== sorted[i] || !name))
    return refuse('AccessDenied', 'SignedHeaders must list host, in lower case and sorted.');
  const canonicalHeaders = [];
  for (const name of signedHeaders) {
    const value = header(name);
    if (value === undefined) return refuse('AccessDenied', `The signed header ${name} is missing.`);
    canonicalHeaders.push(`${name}:${value.trim().replace(/\s+/g, ' ')}\n`);
  }
  const canonicalQuery = pairs
    .filter(([name]) => !(presigned && name === 'X-Amz-Signature'))
    .map(([name, value]) => [uriEncode(name), uriEncode(value)])
    .sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
  const canonicalRequest = [
    request.method.toUpperCase(),
    canonicalUri,
    canonicalQuery,
    canonicalHeaders.join(''),
    signedHeaders.join(';'),
    parts.payloadHash,
  ].join('\n');
  const scope = `${day}/${region}/s3/aws4_request`;
  const stringToSign = [
    ALGORITHM,
    parts.amzDate,
    scope,
    createHash('sha256').update(canonicalRequest).digest('hex'),
  ].join('\n');
  const hmac = (key, data) => createHmac('sha256', key).update(data).digest();
  const signingKey = hmac(
    hmac(hmac(hmac(`AWS4${credentials.secretKey}`, day), region), 's3'),
    'aws4_request',
  );
  const expected = createHmac('sha256', signingKey).update(stringToSign).digest();
  if (!timingSafeEqual(expected, Buffer.from(parts.signature, 'hex')))
    return refuse(
      'SignatureDoesNotMatch',
      'The request signature we calculated does not match the signature you provided.',
    );
  return { ok: true, accessKey };
}

/** An S3 error document. */
export function errorXml(code, message) {
  const escape = (text) => text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${escape(code)}</Code><Message>${escape(message)}</Message></Error>`;
}
