// The demo catalogue's data and pictures: run with `node --test scripts/seed/` (after a build, since the
// rules come from the contracts library's build).
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { describe, it } from 'node:test';
import {
  bannerSvg,
  BANNER,
  GENRE_STYLES,
  loadSharp,
  POSTER,
  posterSvg,
  render,
  TITLE,
  titleSvg,
  variantOf,
} from './art.mjs';
import { MOVIES, SHOWS } from './catalogue.mjs';

const require = createRequire(import.meta.url);
const contracts = require('@chitram/contracts');
const { plainToInstance } = require('class-transformer');
const { validateSync } = require('class-validator');

const IMAGE = 'images/00000000-0000-4000-8000-000000000000.webp';
const LINK = 'https://videos.example.com/demo.m3u8';

/** The catalogue's own rules for a payload: the messages of every field it refuses. */
function refusals(rules, payload) {
  const errors = validateSync(plainToInstance(rules, payload), {
    whitelist: true,
    forbidNonWhitelisted: true,
  });
  return errors.flatMap((e) => [
    ...Object.values(e.constraints ?? {}),
    ...(e.children ?? []).flatMap((c) =>
      (c.children ?? []).flatMap((cc) => Object.values(cc.constraints ?? {})),
    ),
  ]);
}

describe('the demo catalogue', () => {
  it('has at least 60 movies in all eight languages and all fourteen genres, with unique titles', () => {
    assert.ok(MOVIES.length >= 60, `${MOVIES.length} movies`);
    assert.deepEqual(new Set(MOVIES.map((m) => m.language)), new Set(contracts.LANGUAGES));
    assert.deepEqual(new Set(MOVIES.flatMap((m) => m.genre)), new Set(contracts.GENRES));
    assert.equal(new Set(MOVIES.map((m) => m.title)).size, MOVIES.length);
  });

  it('has titles in Telugu, Devanagari and Tamil script, each with its Latin spelling', () => {
    for (const script of [/[\u0C00-\u0C7F]/, /[\u0900-\u097F]/, /[\u0B80-\u0BFF]/]) {
      const titles = MOVIES.filter((m) => script.test(m.title));
      assert.ok(titles.length >= 1, `no title in ${script}`);
      for (const title of titles) assert.match(title.latin ?? '', /^[A-Za-z ]+$/);
    }
  });

  it('has at least 30 episodes across the three categories, ten or more in each', () => {
    assert.deepEqual(Object.keys(SHOWS).sort(), [...contracts.CATEGORIES].sort());
    let total = 0;
    for (const show of Object.values(SHOWS)) {
      const count = show.series.episodes.length + show.standalone.length;
      assert.ok(count >= 10, `${show.series.title}: ${count}`);
      total += count;
    }
    assert.ok(total >= 30, `${total} episodes`);
  });

  it('passes the catalogue’s own rules, title by title', () => {
    for (const m of MOVIES) {
      const payload = {
        title: m.title,
        description: m.description,
        cast: m.cast,
        genre: m.genre,
        language: m.language,
        rating: m.rating,
        releaseYear: m.year,
        duration: m.duration,
        thumbnailUrl: IMAGE,
        bannerUrl: IMAGE,
        titlePngUrl: IMAGE,
        trailerUrl: LINK,
        movieUrl: LINK,
        isFree: m.free === true,
        type: 'movie',
      };
      assert.deepEqual(refusals(contracts.CreateMovieRequest, payload), [], m.title);
    }
    for (const [category, show] of Object.entries(SHOWS)) {
      const { episodes, ...series } = show.series;
      const payload = {
        ...series,
        category,
        titlePngUrl: IMAGE,
        episodes: episodes.map((e) => ({ ...e, videoUrl: LINK, bannerUrl: IMAGE })),
      };
      assert.deepEqual(refusals(contracts.CreateSeriesRequest, payload), [], series.title);
      for (const e of show.standalone) {
        const episode = { ...e, category, rating: 'U', videoUrl: LINK, bannerUrl: IMAGE, titlePngUrl: IMAGE };
        assert.deepEqual(refusals(contracts.CreateEpisodeRequest, episode), [], e.title);
      }
    }
  });
});

describe('the demo pictures', () => {
  const title = (movie) => ({ ...movie, style: variantOf(GENRE_STYLES[movie.genre[0]], movie.title) });

  it('draws a 2:3 poster, a 16:9 banner and a transparent title image', async () => {
    const sharp = await loadSharp();
    const movie = title(MOVIES[0]);
    const poster = await sharp(await render(await posterSvg(movie), 'webp')).metadata();
    const banner = await sharp(await render(bannerSvg(movie), 'jpeg')).metadata();
    const lettering = await sharp(await render(await titleSvg(movie), 'png')).metadata();
    assert.deepEqual([poster.format, poster.width, poster.height], ['webp', POSTER.width, POSTER.height]);
    assert.equal(poster.width / poster.height, 2 / 3);
    assert.deepEqual([banner.format, banner.width, banner.height], ['jpeg', BANNER.width, BANNER.height]);
    assert.equal(banner.width / banner.height, 16 / 9);
    assert.deepEqual(
      [lettering.format, lettering.width, lettering.height, lettering.hasAlpha],
      ['png', TITLE.width, TITLE.height, true],
    );
  });

  it('fits the lettering of every title, Indian scripts included, inside its title image', async () => {
    const sharp = await loadSharp();
    for (const movie of MOVIES.filter((m, i) => m.latin || i % 8 === 0)) {
      const png = await render(await titleSvg(title(movie)), 'png');
      const { data, info } = await sharp(png)
        .extractChannel('alpha')
        .raw()
        .toBuffer({ resolveWithObject: true });
      // Nothing drawn in the outermost pixels: the lettering is not cut off at any edge.
      const edge = (x, y) => data[y * info.width + x];
      for (let x = 0; x < info.width; x++)
        assert.equal(edge(x, 0) + edge(x, info.height - 1), 0, `${movie.title}: top/bottom`);
      for (let y = 0; y < info.height; y++)
        assert.equal(edge(0, y) + edge(info.width - 1, y), 0, `${movie.title}: sides`);
      // And there is lettering: a good part of the image is ink.
      const ink = data.reduce((n, a) => n + (a > 128 ? 1 : 0), 0);
      assert.ok(ink > info.width * info.height * 0.05, `${movie.title}: only ${ink} pixels of ink`);
    }
  });
});
