// S3-compatible storage for machines without MinIO: `node s3rver-main.mjs`, configured by
// S3RVER_PORT, S3RVER_DIRECTORY, S3RVER_ACCESS_KEY, S3RVER_SECRET_KEY, S3RVER_REGION, S3RVER_ADDRESS
// (127.0.0.1; the S3 image made by deploy/images listens on 0.0.0.0). Runs as a child
// process so that neither its load nor its failures touch the process that started it. Every request
// must carry an AWS Signature Version 4 (header or presigned query) made with the configured key pair,
// checked by sigv4.mjs before s3rver sees it: s3rver itself lets unsigned requests do anything, and
// accepts the older Version 2. Nothing is public: the media service serves images itself. A body
// signed by its SHA-256 (x-amz-content-sha256) must hash to it, as S3 checks, or nothing is stored.
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { Readable } from 'node:stream';
import { toleratePeerDeletes } from './s3rver-store.mjs';
import { errorXml, verifySigV4 } from './sigv4.mjs';

const require = createRequire(import.meta.url);
const S3rver = require('@20minutes/s3rver');
const AWSAccount = require('@20minutes/s3rver/lib/models/account');

const port = Number(process.env.S3RVER_PORT ?? 9000);
const directory = process.env.S3RVER_DIRECTORY;
const accessKey = process.env.S3RVER_ACCESS_KEY;
const secretKey = process.env.S3RVER_SECRET_KEY;
const region = process.env.S3RVER_REGION || 'us-east-1';
const address = process.env.S3RVER_ADDRESS || '127.0.0.1';
if (!directory || !accessKey || !secretKey) {
  process.stderr.write('s3rver: S3RVER_DIRECTORY, S3RVER_ACCESS_KEY and S3RVER_SECRET_KEY are required\n');
  process.exit(2);
}

// Deletes of many objects at once race in s3rver's folder clean-up; see s3rver-store.mjs.
toleratePeerDeletes(require('@20minutes/s3rver/lib/stores/filesystem'));

AWSAccount.DUMMY_ACCOUNT.createKeyPair(accessKey, secretKey);
if (accessKey !== 'S3RVER') AWSAccount.DUMMY_ACCOUNT.revokeAccessKey('S3RVER');

const server = new S3rver({
  address,
  port,
  directory,
  silent: process.env.S3RVER_VERBOSE !== '1',
  vhostBuckets: false, // path-style only, as MinIO does by default
});
// First of all middleware (Koa composes them when it starts listening).
server.middleware.unshift(async (ctx, next) => {
  const verdict = verifySigV4(
    { method: ctx.method, url: ctx.req.url ?? '/', headers: ctx.req.headers },
    { accessKey, secretKey, region },
  );
  const refusal = verdict.ok ? await payloadRefusal(ctx) : verdict;
  if (!refusal) return next();
  ctx.status = refusal.status;
  ctx.type = 'application/xml';
  ctx.body = errorXml(refusal.code, refusal.message);
  if (process.env.S3RVER_VERBOSE === '1')
    process.stdout.write(`s3rver: refused ${ctx.method} ${ctx.path}: ${refusal.code}\n`);
});

/** The largest body held to check its hash: above S3's largest part the MinIO client sends (5 GiB is S3's). */
const MAX_CHECKED_BODY = 1024 ** 3;

/**
 * A body whose signed hash it does not have is refused before s3rver stores anything: the body is read
 * whole and hashed, and s3rver then reads the same bytes from memory. Bodies sent UNSIGNED-PAYLOAD or
 * in signed chunks carry no whole-body hash to check.
 */
async function payloadRefusal(ctx) {
  const claimed = ctx.get('x-amz-content-sha256');
  if (!/^[0-9a-f]{64}$/.test(claimed) || !['PUT', 'POST'].includes(ctx.method)) return undefined;
  const chunks = [];
  let size = 0;
  const hash = createHash('sha256');
  for await (const chunk of ctx.req) {
    size += chunk.length;
    if (size > MAX_CHECKED_BODY)
      return { status: 400, code: 'EntityTooLarge', message: 'The body is larger than this storage checks.' };
    hash.update(chunk);
    chunks.push(chunk);
  }
  if (hash.digest('hex') !== claimed)
    return {
      status: 400,
      code: 'XAmzContentSHA256Mismatch',
      message: "The provided 'x-amz-content-sha256' header does not match what was computed.",
    };
  const original = ctx.req;
  const replay = Object.assign(Readable.from(chunks.length ? [Buffer.concat(chunks)] : []), {
    headers: original.headers,
    rawHeaders: original.rawHeaders,
    url: original.url,
    method: original.method,
    httpVersion: original.httpVersion,
    socket: original.socket,
    connection: original.socket,
  });
  ctx.req = ctx.request.req = ctx.response.req = replay;
  return undefined;
}

const listening = await server.run();
process.stdout.write(`s3rver: listening on ${listening.address}:${listening.port}, data in ${directory}\n`);

const stop = () => server.close().finally(() => process.exit(0));
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
