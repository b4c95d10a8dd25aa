#!/usr/bin/env node
// The S3 image made by deploy/images (s3.Dockerfile) where no registry serves MinIO: s3rver from npm
// behind libs/infra's Signature Version 4 check (s3rver-main.mjs), taking MinIO's command line and keys
// so that docker-compose.yml and the testcontainers path start it as they start MinIO:
//
//   chitram-s3 server <dir> [--address :9000] [--console-address …]   keys MINIO_ROOT_USER,
//                              MINIO_ROOT_PASSWORD, region MINIO_REGION (us-east-1); MinIO's console
//                              is not there, so --console-address is accepted and ignored
//   chitram-s3 ready           exits 0 once the server on :9000 answers a ListBuckets signed with those
//                              keys (the health check)
//   chitram-s3 mb <bucket>     makes the bucket on S3_ENDPOINT with S3_ACCESS_KEY/S3_SECRET_KEY unless it
//                              exists (compose's bucket job, as `mc mb --ignore-existing` does for MinIO)
import { ensureBucket, probeS3 } from './lib/probes.mjs';

const [command, ...args] = process.argv.slice(2);
const region = process.env.MINIO_REGION || process.env.S3_REGION || 'us-east-1';

function fail(message, code = 2) {
  process.stderr.write(`chitram-s3: ${message}\n`);
  process.exit(code);
}

/** The value after `flag` in args, if given. */
function option(flag) {
  const at = args.indexOf(flag);
  return at >= 0 ? args[at + 1] : undefined;
}

function rootKeys() {
  const accessKey = process.env.MINIO_ROOT_USER;
  const secretKey = process.env.MINIO_ROOT_PASSWORD;
  if (!accessKey || !secretKey) fail('MINIO_ROOT_USER and MINIO_ROOT_PASSWORD must be set');
  return { accessKey, secretKey };
}

if (command === 'server') {
  const directory = args.find((arg, i) => !arg.startsWith('-') && !args[i - 1]?.startsWith('--'));
  if (!directory) fail('usage: chitram-s3 server <dir>');
  const { accessKey, secretKey } = rootKeys();
  const [host, port] = (option('--address') ?? ':9000').split(':');
  Object.assign(process.env, {
    S3RVER_DIRECTORY: directory,
    S3RVER_ACCESS_KEY: accessKey,
    S3RVER_SECRET_KEY: secretKey,
    S3RVER_REGION: region,
    S3RVER_ADDRESS: host || '0.0.0.0',
    S3RVER_PORT: port || '9000',
  });
  await import('./lib/s3rver-main.mjs');
} else if (command === 'ready') {
  const answer = await probeS3({ endpoint: 'http://127.0.0.1:9000', region, ...rootKeys() });
  if (!answer.ok) fail(`not ready: ${answer.reason}`, 1);
} else if (command === 'mb') {
  const [bucket] = args;
  const { S3_ENDPOINT: endpoint, S3_ACCESS_KEY: accessKey, S3_SECRET_KEY: secretKey } = process.env;
  if (!bucket || !endpoint || !accessKey || !secretKey)
    fail('usage: S3_ENDPOINT=… S3_ACCESS_KEY=… S3_SECRET_KEY=… chitram-s3 mb <bucket>');
  const made = await ensureBucket({ endpoint, accessKey, secretKey, region }, bucket).catch((error) =>
    fail(`cannot make ${bucket} on ${endpoint}: ${error.message}`, 1),
  );
  process.stdout.write(`chitram-s3: bucket ${bucket} ${made ? 'made' : 'was there'}\n`);
} else {
  fail('usage: chitram-s3 <server <dir> | ready | mb <bucket>>');
}
