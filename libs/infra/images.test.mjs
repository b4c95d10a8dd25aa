// Which images the servers run from, and when a test run uses containers: `node --test libs/infra`.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { containersForTests } from './lib/containers.mjs';
import { INFRA_IMAGES, infraImage, isMadeImage } from './lib/images.mjs';

/** An engine holding exactly these images. */
const holding =
  (...images) =>
  (image) =>
    images.includes(image);
const OFFICIAL = Object.values(INFRA_IMAGES).map((i) => i.official);
const MADE = Object.values(INFRA_IMAGES).map((i) => i.made);

describe('infraImage', () => {
  test('takes the variable first, whatever the engine holds', () => {
    const env = { POSTGRES_IMAGE: 'registry.example/pg:16' };
    assert.equal(infraImage('postgres', env, holding(...OFFICIAL, ...MADE)), 'registry.example/pg:16');
  });

  test('prefers the official image the engine holds to the one made here', () => {
    assert.equal(infraImage('redis', {}, holding('redis:7', 'chitram-local/redis:7')), 'redis:7');
  });

  test('runs the one made here where the engine lacks the official one', () => {
    assert.equal(infraImage('s3', {}, holding(...MADE)), 'chitram-local/s3:local');
    assert.ok(isMadeImage(infraImage('s3', {}, holding(...MADE))));
  });

  test('names the official one, to be pulled, when the engine holds neither', () => {
    assert.equal(infraImage('nats', {}, holding()), 'nats:2.10-alpine');
    assert.equal(isMadeImage('nats:2.10-alpine'), false);
  });
});

describe('containersForTests', () => {
  const engine = (answers, ...images) => ({ docker: () => answers, present: holding(...images) });

  test("uses this machine's servers when no engine answers, even if asked for containers", () => {
    assert.equal(containersForTests({}, engine(false, ...MADE)).containers, false);
    const asked = containersForTests({ TEST_INFRA: 'containers' }, engine(false));
    assert.deepEqual(asked, {
      containers: false,
      why: 'no Docker engine answers (TEST_INFRA=containers asked for one)',
    });
  });

  test('uses containers when an engine answers and holds an image for each server', () => {
    assert.equal(containersForTests({}, engine(true, ...MADE)).containers, true);
    assert.equal(containersForTests({}, engine(true, ...OFFICIAL)).containers, true);
  });

  test('does not wait on a registry: an engine without the images means local servers, and says which lack', () => {
    const choice = containersForTests({}, engine(true, ...MADE.slice(1)));
    assert.equal(choice.containers, false);
    assert.match(choice.why, /lacks postgres:16/);
  });

  test('TEST_INFRA=containers asks for them anyway (the images are pulled), TEST_INFRA=local never', () => {
    assert.equal(containersForTests({ TEST_INFRA: 'containers' }, engine(true)).containers, true);
    assert.equal(containersForTests({ TEST_INFRA: 'local' }, engine(true, ...MADE)).containers, false);
    assert.throws(() => containersForTests({ TEST_INFRA: 'docker' }, engine(true)), /containers or local/);
  });
});
