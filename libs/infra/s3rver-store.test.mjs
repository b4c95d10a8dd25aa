import assert from 'node:assert/strict';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import { toleratePeerDeletes } from './lib/s3rver-store.mjs';

const require = createRequire(import.meta.url);
const STORE = '@20minutes/s3rver/lib/stores/filesystem';

describe("s3rver's store, deleting what a side-by-side delete has just removed", () => {
  const dirs = [];
  after(() => dirs.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

  /** A fresh copy of the store's class, patched or as s3rver ships it, with a bucket. */
  async function store(patched) {
    delete require.cache[require.resolve(STORE)];
    const FilesystemStore = require(STORE);
    if (patched) toleratePeerDeletes(FilesystemStore);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chitram-s3store-'));
    dirs.push(dir);
    const instance = new FilesystemStore(dir);
    await instance.putBucket('media');
    return { instance, dir };
  }

  // The loser of the race: its key's folder is gone by the time it cleans up (the winner removed it).
  test('as s3rver ships it, the loser fails with ENOENT (a 500 for the whole delete)', async () => {
    const { instance } = await store(false);
    await assert.rejects(instance.deleteObject('media', 'hls/video-1/attempt-1/360/segment_0.ts'), {
      code: 'ENOENT',
    });
  });

  test('patched, the loser succeeds: the object is gone either way', async () => {
    const { instance } = await store(true);
    await instance.deleteObject('media', 'hls/video-1/attempt-1/360/segment_0.ts');
  });

  test('patched, a delete still removes the object and the folders it leaves empty', async () => {
    const { instance, dir } = await store(true);
    const bucket = path.join(dir, 'media');
    const nested = path.join(bucket, 'hls', 'video-1', 'trickplay');
    fs.mkdirSync(nested, { recursive: true });
    fs.writeFileSync(path.join(nested, 'sheet-0.jpg._S3rver_object'), 'jpeg');
    await instance.deleteObject('media', 'hls/video-1/trickplay/sheet-0.jpg');
    assert.deepEqual(fs.readdirSync(bucket), []);
  });
});
