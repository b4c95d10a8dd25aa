import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import { connectNats, createRedis, jobStreamName, type Redis } from '@chitram/nest-kit';
import { testInfrastructure, uniqueName } from './index';

/** A fresh Ed25519 key pair: what production configures, made per test run. */
export function testSigningKeys(): { privatePem: string; publicPem: string; publicKey: KeyObject } {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  return {
    privatePem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    publicKey,
  };
}

function unprefixedRedis(): Redis {
  return createRedis({ REDIS_URL: testInfrastructure().REDIS_URL, REDIS_KEY_PREFIX: '' }, 'test-inspector');
}

/**
 * Settings that keep one test file's Redis keys and events apart from every other run sharing the
 * same Redis and NATS, and the clean-up that removes them afterwards.
 */
export function isolatedEnv() {
  const id = uniqueName('t');
  const infra = testInfrastructure();
  const env = {
    REDIS_URL: infra.REDIS_URL,
    REDIS_KEY_PREFIX: `${id}:`,
    EVENTS_STREAM: `TEST_${id}`,
    EVENTS_SUBJECT_ROOT: `${id}.events`,
    OUTBOX_POLL_MS: '100',
  };
  /** A client on the same key prefix, to look at what the service wrote. */
  const redis = (): Redis =>
    createRedis({ REDIS_URL: env.REDIS_URL, REDIS_KEY_PREFIX: env.REDIS_KEY_PREFIX }, 'test');
  return {
    env,
    redis,
    async cleanUp(): Promise<void> {
      const raw = unprefixedRedis();
      try {
        let cursor = '0';
        do {
          const [next, keys] = await raw.scan(cursor, 'MATCH', `${env.REDIS_KEY_PREFIX}*`, 'COUNT', 500);
          if (keys.length) await raw.del(...keys);
          cursor = next;
        } while (cursor !== '0');
      } finally {
        raw.disconnect();
      }
      const nats = await connectNats(infra.NATS_URL, 'test-clean-up');
      try {
        const jsm = await nats.jetstreamManager();
        await jsm.streams.delete(env.EVENTS_STREAM).catch(() => false);
        await jsm.streams.delete(jobStreamName(env)).catch(() => false);
      } finally {
        await nats.close();
      }
    },
  };
}

/** Every key (under the prefix, without it) and the text of its value, whatever its type. */
export async function dumpRedis(prefix: string): Promise<Map<string, string>> {
  const raw = unprefixedRedis();
  const dump = new Map<string, string>();
  try {
    let cursor = '0';
    do {
      const [next, keys] = await raw.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
      for (const key of keys) {
        const name = key.slice(prefix.length);
        const type = await raw.type(key);
        const value =
          type === 'string'
            ? await raw.get(key)
            : type === 'hash'
              ? JSON.stringify(await raw.hgetall(key))
              : type === 'list'
                ? JSON.stringify(await raw.lrange(key, 0, -1))
                : type === 'zset'
                  ? JSON.stringify(await raw.zrange(key, 0, -1, 'WITHSCORES'))
                  : type === 'set'
                    ? JSON.stringify(await raw.smembers(key))
                    : `(${type})`;
        dump.set(name, `${name} ${value ?? ''}`);
      }
      cursor = next;
    } while (cursor !== '0');
  } finally {
    raw.disconnect();
  }
  return dump;
}
