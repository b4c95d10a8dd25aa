// The development object storage checks signatures: the MinIO client's real signed requests (header
// and presigned) work, unsigned, wrongly signed, expired and Version 2 ones get 403; a body that does not
// hash to its signed SHA-256 is refused and stores nothing. `node --test libs/infra`.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { Client } from 'minio';
import { fileURLToPath } from 'node:url';
import { findFreePort, spawnManaged, waitUntil } from './index.mjs';
import { probeS3 } from './lib/probes.mjs';
import { verifySigV4 } from './lib/sigv4.mjs';

const KEYS = { accessKey: 'chitram-test', secretKey: 'chitram-test-secret', region: 'ap-south-1' };
const BUCKET = 'sigtest';

/** AWS's worked example (S3 API reference, "Example: GET Object"), signed for 2013-05-24. */
const AWS_EXAMPLE = {
  request: {
    method: 'GET',
    url: '/test.txt',
    headers: {
      host: 'examplebucket.s3.amazonaws.com',
      range: 'bytes=0-9',
      'x-amz-content-sha256': 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
      'x-amz-date': '20130524T000000Z',
      authorization:
        'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request,SignedHeaders=host;range;x-amz-content-sha256;x-amz-date,Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    },
  },
  credentials: {
    accessKey: 'AKIAIOSFODNN7EXAMPLE',
    secretKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
    region: 'us-east-1',
  },
  now: Date.UTC(2013, 4, 24, 0, 1),
};

describe('verifySigV4', () => {
  test("accepts AWS's own worked example", () => {
    const { request, credentials, now } = AWS_EXAMPLE;
    assert.deepEqual(verifySigV4(request, credentials, now), { ok: true, accessKey: credentials.accessKey });
  });

  test('refuses it with one byte of the request changed, with another secret, or late', () => {
    const { request, credentials, now } = AWS_EXAMPLE;
    const changed = { ...request, headers: { ...request.headers, range: 'bytes=0-99' } };
    assert.equal(verifySigV4(changed, credentials, now).code, 'SignatureDoesNotMatch');
    assert.equal(
      verifySigV4({ ...request, url: '/test.txt?acl' }, credentials, now).code,
      'SignatureDoesNotMatch',
    );
    assert.equal(
      verifySigV4(request, { ...credentials, secretKey: 'another' }, now).code,
      'SignatureDoesNotMatch',
    );
    assert.equal(verifySigV4(request, credentials, now + 20 * 60_000).code, 'RequestTimeTooSkewed');
  });
});

describe('the development object storage (s3rver) over HTTP', () => {
  let dir;
  let storage;
  let endpoint;
  /** @type {Client} */
  let client;

  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chitram-sigv4-'));
    const port = await findFreePort(29000 + Math.floor(Math.random() * 900));
    // s3rver-main as startS3 runs it where there is no MinIO (this test is about our stand-in).
    storage = await spawnManaged({
      name: 's3rver-test',
      command: process.execPath,
      args: [fileURLToPath(new URL('./lib/s3rver-main.mjs', import.meta.url))],
      env: {
        ...process.env,
        S3RVER_PORT: String(port),
        S3RVER_DIRECTORY: dir,
        S3RVER_ACCESS_KEY: KEYS.accessKey,
        S3RVER_SECRET_KEY: KEYS.secretKey,
        S3RVER_REGION: KEYS.region,
      },
      logFile: path.join(dir, 's3rver.log'),
    });
    endpoint = `http://127.0.0.1:${port}`;
    await waitUntil(async () => (await probeS3({ endpoint, ...KEYS })).ok, {
      timeoutMs: 20_000,
      message: 's3rver did not start',
      process: storage,
    });
    client = new Client({
      endPoint: '127.0.0.1',
      port,
      useSSL: false,
      ...KEYS,
      pathStyle: true,
    });
    await client.makeBucket(BUCKET, KEYS.region);
    await client.putObject(BUCKET, 'videos/paid/seg-1.ts', Buffer.from('paid segment'));
  });

  after(async () => {
    await storage?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test('the MinIO client, signing in headers, lists, reads, writes and deletes', async () => {
    await client.putObject(BUCKET, 'images/poster one.jpg', Buffer.from('jpeg bytes'), 10, {
      'Content-Type': 'image/jpeg',
    });
    const names = [];
    for await (const item of client.listObjectsV2(BUCKET, '', true)) names.push(item.name);
    assert.deepEqual(names.sort(), ['images/poster one.jpg', 'videos/paid/seg-1.ts']);
    const stream = await client.getObject(BUCKET, 'images/poster one.jpg');
    const chunks = [];
    for await (const chunk of stream) chunks.push(chunk);
    assert.equal(Buffer.concat(chunks).toString(), 'jpeg bytes');
    await client.removeObject(BUCKET, 'images/poster one.jpg');
    await assert.rejects(client.statObject(BUCKET, 'images/poster one.jpg'), { code: 'NotFound' });
  });

  test('presigned URLs from the MinIO client work until they expire', async () => {
    const get = await client.presignedGetObject(BUCKET, 'videos/paid/seg-1.ts', 60);
    const got = await fetch(get);
    assert.equal(got.status, 200);
    assert.equal(await got.text(), 'paid segment');

    const put = await client.presignedPutObject(BUCKET, 'uploads/put by url.bin', 60);
    assert.equal((await fetch(put, { method: 'PUT', body: 'uploaded' })).status, 200);
    await client.statObject(BUCKET, 'uploads/put by url.bin');

    const hourAgo = new Date(Date.now() - 3600_000);
    const expired = await client.presignedUrl('GET', BUCKET, 'videos/paid/seg-1.ts', 60, {}, hourAgo);
    const refused = await fetch(expired);
    assert.equal(refused.status, 403);
    assert.match(await refused.text(), /<Code>AccessDenied<\/Code>.*expired/);

    const tampered = get.replace('seg-1.ts', 'seg-2.ts');
    assert.equal((await fetch(tampered)).status, 403);
  });

  test('unsigned requests get 403 and change nothing', async () => {
    const anonymous = [
      ['GET', '/'],
      ['GET', `/${BUCKET}`],
      ['GET', `/${BUCKET}?list-type=2`],
      ['GET', `/${BUCKET}/videos/paid/seg-1.ts`],
      ['HEAD', `/${BUCKET}/videos/paid/seg-1.ts`],
      ['PUT', `/${BUCKET}/videos/paid/seg-1.ts`],
      ['DELETE', `/${BUCKET}/videos/paid/seg-1.ts`],
      ['PUT', '/another-bucket'],
      ['DELETE', `/${BUCKET}`],
    ];
    for (const [method, pathname] of anonymous) {
      const res = await fetch(`${endpoint}${pathname}`, {
        method,
        body: method === 'PUT' ? 'overwritten' : undefined,
      });
      assert.equal(res.status, 403, `${method} ${pathname}`);
      if (method !== 'HEAD') assert.match(await res.text(), /<Code>AccessDenied<\/Code>/);
    }
    const stream = await client.getObject(BUCKET, 'videos/paid/seg-1.ts');
    const chunks = [];
    for await (const chunk of stream) chunks.push(chunk);
    assert.equal(Buffer.concat(chunks).toString(), 'paid segment');
    assert.equal(await client.bucketExists('another-bucket'), false);
  });

  test('a body changed on its way (same length, same signature) is refused, and nothing is stored', async () => {
    // Between the client and the storage, something that rewrites bytes in transit.
    const storagePort = Number(new URL(endpoint).port);
    const relay = net.createServer((client) => {
      const upstream = net.connect(storagePort, '127.0.0.1');
      client.on('data', (chunk) =>
        upstream.write(Buffer.from(chunk.toString('latin1').replace('honest', 'forged'), 'latin1')),
      );
      client.on('end', () => upstream.end());
      upstream.pipe(client);
      upstream.on('error', () => client.destroy());
      client.on('error', () => upstream.destroy());
    });
    await new Promise((resolve) => relay.listen(0, '127.0.0.1', resolve));
    try {
      const behindRelay = new Client({
        endPoint: '127.0.0.1',
        port: relay.address().port,
        useSSL: false,
        ...KEYS,
        pathStyle: true,
      });
      // Over plain HTTP the MinIO client signs each body by its SHA-256.
      await assert.rejects(
        behindRelay.putObject(BUCKET, 'videos/paid/seg-1.ts', Buffer.from('honest bytes')),
        {
          code: 'XAmzContentSHA256Mismatch',
        },
      );
      await assert.rejects(behindRelay.putObject(BUCKET, 'videos/paid/new.ts', Buffer.from('honest new')), {
        code: 'XAmzContentSHA256Mismatch',
      });
      const stream = await client.getObject(BUCKET, 'videos/paid/seg-1.ts');
      const chunks = [];
      for await (const chunk of stream) chunks.push(chunk);
      assert.equal(Buffer.concat(chunks).toString(), 'paid segment');
      await assert.rejects(client.statObject(BUCKET, 'videos/paid/new.ts'), { code: 'NotFound' });
      // The same relay passes a body it does not touch: the check is of the bytes, not of the path.
      await behindRelay.putObject(BUCKET, 'videos/paid/untouched.ts', Buffer.from('plain bytes'));
      await client.statObject(BUCKET, 'videos/paid/untouched.ts');
    } finally {
      await new Promise((resolve) => relay.close(resolve));
    }
  });

  test('a wrong secret, another key and Version 2 signatures are refused', async () => {
    const wrongSecret = new Client({
      endPoint: '127.0.0.1',
      port: Number(new URL(endpoint).port),
      useSSL: false,
      ...KEYS,
      secretKey: 'not-the-secret',
      pathStyle: true,
    });
    await assert.rejects(wrongSecret.statObject(BUCKET, 'videos/paid/seg-1.ts'));
    await assert.rejects(wrongSecret.listBuckets(), { code: 'SignatureDoesNotMatch' });
    const otherKey = new Client({
      endPoint: '127.0.0.1',
      port: Number(new URL(endpoint).port),
      useSSL: false,
      ...KEYS,
      accessKey: 'S3RVER',
      secretKey: 'S3RVER',
      pathStyle: true,
    });
    await assert.rejects(otherKey.listBuckets(), { code: 'InvalidAccessKeyId' });
    const v2 = await fetch(`${endpoint}/${BUCKET}/videos/paid/seg-1.ts`, {
      headers: { authorization: `AWS ${KEYS.accessKey}:c2lnbmF0dXJl`, date: new Date().toUTCString() },
    });
    assert.equal(v2.status, 403);
    const v2Query = await fetch(
      `${endpoint}/${BUCKET}/videos/paid/seg-1.ts?AWSAccessKeyId=${KEYS.accessKey}&Expires=9999999999&Signature=abc`,
    );
    assert.equal(v2Query.status, 403);
  });
});
