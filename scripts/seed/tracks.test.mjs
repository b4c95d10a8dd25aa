// The demo subtitles and dubs (D44): run with `node --test scripts/seed/`.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { MOVIES } from './catalogue.mjs';
import { DEMO_DUBS, DEMO_SUBTITLED, DEMO_SUBTITLES, demoSrt } from './tracks.mjs';

describe('the demo subtitles', () => {
  it('go to films of the catalogue, in two scripts at least', () => {
    for (const title of DEMO_SUBTITLED)
      assert.ok(
        MOVIES.some((m) => m.title === title),
        title,
      );
    const scripts = new Set(
      DEMO_SUBTITLES.map(({ lines }) =>
        /[\u0B80-\u0BFF]/.test(lines[0])
          ? 'Tamil'
          : /[\u0900-\u097F]/.test(lines[0])
            ? 'Devanagari'
            : 'Latin',
      ),
    );
    assert.deepEqual([...scripts].sort(), ['Devanagari', 'Latin', 'Tamil']);
  });

  it('are SRT cues one after another, every 1.5 s for a minute', () => {
    const srt = demoSrt(['a {n}', 'b {n}']);
    const blocks = srt.trim().split('\n\n');
    assert.equal(blocks.length, 40);
    assert.equal(blocks[0], '1\n00:00:00,000 --> 00:00:01,400\na 1');
    assert.equal(blocks[1], '2\n00:00:01,500 --> 00:00:02,900\nb 2');
    assert.equal(blocks[39], '40\n00:00:58,500 --> 00:00:59,900\nb 40');
  });

  it("dub the same films in two more languages, each a tone of its own and not the films' (440 Hz)", () => {
    assert.deepEqual(
      DEMO_DUBS.map((d) => d.language),
      ['hi', 'te'],
    );
    const tones = new Set([440, ...DEMO_DUBS.map((d) => d.tone)]);
    assert.equal(tones.size, DEMO_DUBS.length + 1);
  });
});
