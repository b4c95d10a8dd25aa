// S3-compatible storage for machines without MinIO: `node s3rver-main.mjs`, configured by
// S3RVER_PORT, S3RVER_DIRECTORY, S3RVER_ACCESS_KEY, S3RVER_SECRET_KEY, S3RVER_REGION. Runs as a child
// process so that neither its load nor its failures touch the process that started it. Every request
// must carry an AWS Signature Version 4 (header or presigned query) made with the configured key pair,
// checked by sigv4.mjs before s3rver sees it: s3rver itself lets unsigned requests do anything, and
// accepts the older Version 2. Nothing is public: the media service serves images itself.
import { createRequire } from 'node:module';
import { errorXml, verifySigV4 } from './sigv4.mjs';

const require = createRequire(import.meta.url);
const S3rver = require('@20minutes/s3rver');
const AWSAccount = require('@20minutes/s3rver/lib/models/account');

const port = Number(process.env.S3RVER_PORT ?? 9000);
const directory = process.env.S3RVER_DIRECTORY;
const accessKey = process.env.S3RVER_ACCESS_KEY;
const secretKey = process.env.S3RVER_SECRET_KEY;
const region = process.env.S3RVER_REGION || 'us-east-1';
if (!directory || !accessKey || !secretKey) {
  process.stderr.write('s3rver: S3RVER_DIRECTORY, S3RVER_ACCESS_KEY and S3RVER_SECRET_KEY are required\n');
  process.exit(2);
}

AWSAccount.DUMMY_ACCOUNT.createKeyPair(accessKey, secretKey);
if (accessKey !== 'S3RVER') AWSAccount.DUMMY_ACCOUNT.revokeAccessKey('S3RVER');

const server = new S3rver({
  address: '127.0.0.1',
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
  if (verdict.ok) return next();
  ctx.status = verdict.status;
  ctx.type = 'application/xml';
  ctx.body = errorXml(verdict.code, verdict.message);
  if (process.env.S3RVER_VERBOSE === '1')
    process.stdout.write(`s3rver: refused ${ctx.method} ${ctx.path}: ${verdict.code}\n`);
});

const address = await server.run();
process.stdout.write(`s3rver: listening on ${address.address}:${address.port}, data in ${directory}\n`);

const stop = () => server.close().finally(() => process.exit(0));
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
