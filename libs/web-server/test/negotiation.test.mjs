import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { acceptableEncodings, isCompressible, parseAcceptEncoding } from '../encoding.mjs';
import { parseRange } from '../range.mjs';

const names = (header) => acceptableEncodings(header).map((e) => e.name);

describe('Accept-Encoding', () => {
  it('reads tokens and q-values, case-insensitively', () => {
    assert.deepEqual(
      [...parseAcceptEncoding('GZIP;q=0.5, br , identity;q=0, x;q=nonsense')],
      [
        ['gzip', 0.5],
        ['br', 1],
        ['identity', 0],
        ['x', 0],
      ],
    );
  });

  it('prefers Brotli on equal terms and follows the q-values otherwise', () => {
    assert.deepEqual(names('gzip, deflate, br, zstd'), ['br', 'gzip']);
    assert.deepEqual(names('gzip;q=1, br;q=0.8'), ['gzip', 'br']);
    assert.deepEqual(names('x-gzip'), ['gzip']);
    assert.deepEqual(names('*'), ['br', 'gzip']);
    assert.deepEqual(names('*;q=0.5, br;q=0'), ['gzip']);
    assert.deepEqual(names('identity'), []);
    assert.deepEqual(names(undefined), []);
  });

  it('compresses text, never images, fonts or source maps', () => {
    for (const file of ['index.html', 'a.js', 'b.css', 'remotes.json', 'logo.svg']) {
      assert.equal(isCompressible(file), true, file);
    }
    for (const file of ['a.woff2', 'p.jpg', 'v.mp4', 'a.js.map', 'a.js.br']) {
      assert.equal(isCompressible(file), false, file);
    }
  });
});

describe('Range', () => {
  it('reads one byte range against the size', () => {
    assert.deepEqual(parseRange('bytes=0-99', 1000), { start: 0, end: 99 });
    assert.deepEqual(parseRange('bytes=900-', 1000), { start: 900, end: 999 });
    assert.deepEqual(parseRange('bytes=-100', 1000), { start: 900, end: 999 });
    assert.deepEqual(parseRange('bytes=-5000', 1000), { start: 0, end: 999 });
    assert.deepEqual(parseRange('bytes=990-5000', 1000), { start: 990, end: 999 });
  });

  it('refuses a range outside the file and ignores what it does not serve', () => {
    assert.equal(parseRange('bytes=1000-', 1000), 'unsatisfiable');
    assert.equal(parseRange('bytes=-0', 1000), 'unsatisfiable');
    assert.equal(parseRange('bytes=0-1', 0), 'unsatisfiable');
    assert.equal(parseRange(undefined, 1000), null);
    assert.equal(parseRange('bytes=0-1,5-9', 1000), null);
    assert.equal(parseRange('items=0-1', 1000), null);
    assert.equal(parseRange('bytes=9-1', 1000), null);
    assert.equal(parseRange('bytes=-', 1000), null);
  });
});
