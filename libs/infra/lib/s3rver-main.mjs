// S3-compatible storage for machines without MinIO: `node s3rver-main.mjs`, configured by
// S3RVER_PORT, S3RVER_DIRECTORY, S3RVER_ACCESS_KEY, S3RVER_SECRET_KEY. Runs as a child process so that
// neither its load nor its failures touch the process that started it. Requests are signature-checked
// against the configured key pair (s3rver's own S3RVER/S3RVER pair is revoked).
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const S3rver = require('@20minutes/s3rver');
const AWSAccount = require('@20minutes/s3rver/lib/models/account');

const port = Number(process.env.S3RVER_PORT ?? 9000);
const directory = process.env.S3RVER_DIRECTORY;
const accessKey = process.env.S3RVER_ACCESS_KEY;
const secretKey = process.env.S3RVER_SECRET_KEY;
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
const address = await server.run();
process.stdout.write(`s3rver: listening on ${address.address}:${address.port}, data in ${directory}\n`);

const stop = () => server.close().finally(() => process.exit(0));
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
