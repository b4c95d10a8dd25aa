// Real protocol handshakes: a port that accepts TCP is not yet a usable server.
// Each probe answers { ok: true } or { ok: false, listening, reason } — `listening` tells the caller
// that the usual port is taken by something it cannot use, so its own server must go elsewhere.
import net from 'node:net';
import { isListening } from './processes.mjs';

/** @typedef {{ ok: true } | { ok: false, listening: boolean, reason: string }} ProbeResult */

const TIMEOUT_MS = 3000;

/** @returns {Promise<ProbeResult>} */
async function unusable(port, host, reason) {
  return { ok: false, listening: await isListening(port, host), reason };
}

/**
 * Connects with `pg` and runs `select 1`.
 * @param {string} url postgres://user:password@host:port/db
 * @returns {Promise<ProbeResult>}
 */
export async function probePostgres(url) {
  const { default: pg } = await import('pg');
  const u = new URL(url);
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: TIMEOUT_MS });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.query('select 1');
    return { ok: true };
  } catch (error) {
    return unusable(Number(u.port || 5432), u.hostname, errorText(error));
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * Sends a RESP PING (with AUTH first if the URL carries a password) and expects +PONG.
 * @param {string} url redis://[:password@]host:port
 * @returns {Promise<ProbeResult>}
 */
export async function probeRedis(url) {
  const u = new URL(url);
  const host = u.hostname;
  const port = Number(u.port || 6379);
  const command = (...parts) =>
    `*${parts.length}\r\n${parts.map((p) => `$${Buffer.byteLength(p)}\r\n${p}\r\n`).join('')}`;
  const request =
    (u.password
      ? command(
          'AUTH',
          ...(u.username ? [decodeURIComponent(u.username)] : []),
          decodeURIComponent(u.password),
        )
      : '') + command('PING');
  const reply = await new Promise((resolve) => {
    const socket = net.connect({ host, port });
    let data = '';
    const done = (value) => {
      socket.destroy();
      resolve(value);
    };
    socket.setTimeout(TIMEOUT_MS, () => done(data || 'timeout'));
    socket.once('connect', () => socket.write(request));
    socket.on('data', (chunk) => {
      data += chunk.toString('latin1');
      if (data.includes('+PONG') || data.startsWith('-') || data.includes('\r\n-')) done(data);
    });
    socket.once('error', (error) => done(`error: ${error.message}`));
    socket.once('end', () => done(data || 'closed'));
  });
  if (String(reply).includes('+PONG') && !String(reply).startsWith('-')) return { ok: true };
  return unusable(port, host, `no PONG: ${String(reply).trim().slice(0, 80)}`);
}

/**
 * Connects with the `nats` client and asks JetStream for the account's info (fails if JetStream is off).
 * @param {string} url nats://host:port
 * @param {{ user: string, pass: string }} [auth]  for a server that requires a user
 * @returns {Promise<ProbeResult>}
 */
export async function probeNats(url, auth) {
  const { connect } = await import('nats');
  const u = new URL(url);
  const port = Number(u.port || 4222);
  // A NATS server greets with INFO at once. Checking that first keeps the client away from other protocols:
  // its connect timeout against, say, Redis leaves a socket open that keeps this process alive.
  const greeting = await firstBytes(port, u.hostname);
  if (!greeting.startsWith('INFO '))
    return unusable(port, u.hostname, `not NATS: ${greeting.trim().slice(0, 60) || 'no greeting'}`);
  /** @type {import('nats').NatsConnection | undefined} */
  let nc;
  try {
    nc = await connect({
      servers: url,
      timeout: TIMEOUT_MS,
      reconnect: false,
      maxReconnectAttempts: 0,
      ...auth,
    });
    const jsm = await nc.jetstreamManager({ timeout: TIMEOUT_MS });
    await jsm.getAccountInfo();
    return { ok: true };
  } catch (error) {
    const reason = nc ? `JetStream is not enabled (${errorText(error)})` : errorText(error);
    return unusable(port, u.hostname, reason);
  } finally {
    await nc?.close().catch(() => {});
  }
}

/** The first bytes a server sends after a TCP connect ('' if none within the timeout, or on error). */
function firstBytes(port, host) {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host });
    const done = (/** @type {string} */ value) => {
      socket.destroy();
      resolve(value);
    };
    socket.setTimeout(TIMEOUT_MS, () => done(''));
    socket.once('data', (chunk) => done(chunk.toString('latin1')));
    socket.once('error', () => done(''));
    socket.once('end', () => done(''));
  });
}

/**
 * A signed S3 request (ListBuckets) with the given keys: proves it speaks S3 and accepts them.
 * @param {{ endpoint: string, accessKey: string, secretKey: string, region: string }} s3
 * @returns {Promise<ProbeResult>}
 */
export async function probeS3(s3) {
  const u = new URL(s3.endpoint);
  const port = Number(u.port || (u.protocol === 'https:' ? 443 : 80));
  if (!(await isListening(port, u.hostname)))
    return { ok: false, listening: false, reason: 'nothing listening' };
  try {
    const client = await s3Client(s3);
    await withTimeout(client.listBuckets(), TIMEOUT_MS);
    return { ok: true };
  } catch (error) {
    return { ok: false, listening: true, reason: errorText(error) };
  }
}

/**
 * Creates `bucket` if it does not exist yet.
 * @param {{ endpoint: string, accessKey: string, secretKey: string, region: string }} s3
 * @param {string} bucket
 * @returns {Promise<boolean>} true if it was created now
 */
export async function ensureBucket(s3, bucket) {
  const client = await s3Client(s3);
  if (await client.bucketExists(bucket)) return false;
  try {
    await client.makeBucket(bucket, s3.region);
    return true;
  } catch (error) {
    // Another process may have created it in between.
    if (/** @type {any} */ (error)?.code === 'BucketAlreadyOwnedByYou') return false;
    throw error;
  }
}

/** @param {{ endpoint: string, accessKey: string, secretKey: string, region: string }} s3 */
async function s3Client(s3) {
  const { Client } = await import('minio');
  const u = new URL(s3.endpoint);
  const useSSL = u.protocol === 'https:';
  return new Client({
    endPoint: u.hostname,
    port: Number(u.port || (useSSL ? 443 : 80)),
    useSSL,
    accessKey: s3.accessKey,
    secretKey: s3.secretKey,
    region: s3.region,
    pathStyle: true,
  });
}

/** @template T @param {Promise<T>} promise @param {number} ms @returns {Promise<T>} */
function withTimeout(promise, ms) {
  /** @type {NodeJS.Timeout | undefined} */
  let timer;
  return Promise.race([
    promise,
    new Promise((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

/** @param {unknown} error */
export function errorText(error) {
  if (error instanceof AggregateError && error.errors.length) return errorText(error.errors[0]);
  const e = /** @type {any} */ (error);
  return String(
    e?.code && !String(e?.message).includes(e.code) ? `${e.code}: ${e.message}` : (e?.message ?? error),
  );
}
