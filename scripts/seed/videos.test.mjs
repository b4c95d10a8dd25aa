// Which demo titles are transcoded and which copy them (issue 19): run with `node --test scripts/seed/`.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { MOVIES, SHOWS } from './catalogue.mjs';
import { copyPlan, DEMO_TRAILERS, DEMO_VIDEOS } from './videos.mjs';

/** The demo catalogue as the admin lists answer it, before any video. */
function demoTitles() {
  const episodes = Object.values(SHOWS).flatMap((show) => [...show.series.episodes, ...show.standalone]);
  return [
    ...MOVIES.map((m, i) => ({ kind: 'movie', _id: `m${i}`, title: m.title, video: null })),
    ...episodes.map((e, i) => ({ kind: 'episode', _id: `e${i}`, title: e.title, video: null })),
  ];
}

describe('the demo videos', () => {
  it('transcode a few short sources of demo titles, up to 2160p (Gold) and 1440p (Premium)', () => {
    const titles = demoTitles();
    for (const demo of DEMO_VIDEOS)
      assert.ok(
        titles.some((t) => t.kind === demo.kind && t.title === demo.title),
        `${demo.title} is a demo ${demo.kind}`,
      );
    const heights = DEMO_VIDEOS.map((d) => d.height);
    assert.ok(heights.includes(2160) && heights.includes(1440));
    assert.ok(DEMO_VIDEOS.length <= 8);
    // The higher, the shorter: the cost of a transcode grows with both.
    for (const demo of DEMO_VIDEOS) assert.ok(demo.seconds * (demo.height / 360) ** 2 <= 500, demo.title);
  });

  it('give every other title a copy of one source, the sources in turn', () => {
    const titles = demoTitles();
    const { sources, copies } = copyPlan(titles);
    assert.equal(sources.length, DEMO_VIDEOS.length);
    const copying = [...copies.values()].flat();
    assert.equal(copying.length + sources.length, titles.length);
    assert.equal(new Set(copying.map((t) => t._id)).size, copying.length);
    const sizes = [...copies.values()].map((list) => list.length);
    assert.ok(Math.max(...sizes) - Math.min(...sizes) <= 1);
  });

  it("leave a title's own video alone, unless it failed or was cancelled", () => {
    const titles = demoTitles();
    const isSource = (t) => DEMO_VIDEOS.some((d) => d.title === t.title);
    const [own, onItsWay, failed, cancelled] = titles.filter((t) => !isSource(t));
    own.video = { videoId: 'v1', state: 'ready' };
    onItsWay.video = { videoId: 'v2', state: 'transcoding' };
    failed.video = { videoId: 'v3', state: 'failed' };
    cancelled.video = { videoId: 'v4', state: 'cancelled' };
    const copying = [...copyPlan(titles).copies.values()].flat();
    assert.ok(!copying.includes(own) && !copying.includes(onItsWay));
    assert.ok(copying.includes(failed) && copying.includes(cancelled));
    assert.equal(copying.length, titles.length - DEMO_VIDEOS.length - 2);
  });

  it('copy nothing when no source title is in the catalogue', () => {
    const { sources, copies } = copyPlan([{ kind: 'movie', _id: 'x', title: 'Elsewhere', video: null }]);
    assert.deepEqual(sources, []);
    assert.equal(copies.size, 0);
  });

  it('give a few demo films a trailer, a copy of a transcoded source of at most 720p (D45)', () => {
    const films = MOVIES.map((m) => m.title);
    const source = DEMO_VIDEOS.find((d) => d.kind === 'movie' && d.title === DEMO_TRAILERS.source);
    assert.ok(source && source.height <= 720);
    assert.ok(DEMO_TRAILERS.films.length >= 2 && DEMO_TRAILERS.films.length <= 5);
    for (const film of DEMO_TRAILERS.films) assert.ok(films.includes(film), `${film} is a demo film`);
  });
});
