// The demo activity's data: run with `node --test scripts/seed/`.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DEMO_DAYS, DEMO_VIEWERS, demoActivity, demoId, seedDemoActivity } from './activity.mjs';

const NOW = Date.parse('2026-11-22T15:00:00Z');
const TITLES = [
  { kind: 'movie', id: demoId('title-a') },
  { kind: 'movie', id: demoId('title-b') },
  { kind: 'episode', id: demoId('title-c') },
];

describe('the demo activity', () => {
  it('is the same every time: the same people, payments and plays, with the same ids', () => {
    assert.deepEqual(demoActivity(NOW, TITLES), demoActivity(NOW, TITLES));
    // A later run keeps the ids, so the services find what the first run added.
    const later = demoActivity(NOW + 5 * 86_400_000, TITLES);
    assert.deepEqual(
      later.viewers.map((v) => v.id),
      demoActivity(NOW, TITLES).viewers.map((v) => v.id),
    );
  });

  it('spreads sign-ups, payments and plays over the last 30 days, none in the future, each play ended by now', () => {
    const { viewers, payments, plays } = demoActivity(NOW, TITLES);
    assert.equal(viewers.length, DEMO_VIEWERS);
    assert.equal(new Set(viewers.map((v) => v.phoneNumber)).size, DEMO_VIEWERS);
    const oldest = NOW - (DEMO_DAYS + 1) * 86_400_000;
    for (const item of [...viewers, ...payments, ...plays]) {
      const at = Date.parse(item.at);
      assert.ok(at > oldest && at < NOW, `${item.at} out of range`);
    }
    assert.ok(payments.length >= DEMO_VIEWERS / 3);
    assert.ok(payments.some((p) => p.planKey === 'gold') && payments.some((p) => p.planKey === 'basic'));
    assert.ok(plays.length > DEMO_VIEWERS * 2);
    const joined = new Map(viewers.map((v) => [v.id, Date.parse(v.at)]));
    for (const play of plays) assert.ok(Date.parse(play.at) >= joined.get(play.viewerId));
    // Each play has ended by now: a history entry stamped later would read as watched in the future.
    const ended = plays.filter((p) => Date.parse(p.at) + p.watchSeconds * 1000 <= NOW);
    assert.equal(ended.length, plays.length);
    assert.ok(plays.filter((p) => p.watchSeconds >= 300).length > plays.length * 0.95);
    assert.match(viewers[0].phoneNumber, /^\+91[6-9]\d{9}$/);
  });

  it('finishes films for the co-watching, and plays films of every language in the last 20 hours', () => {
    const films = ['Tamil', 'Hindi', 'Telugu'].flatMap((language) =>
      [1, 2, 3].map((n) => ({ kind: 'movie', id: demoId(`${language}-${n}`), language })),
    );
    const { plays } = demoActivity(NOW, [...films, TITLES[2]]);
    assert.ok(plays.filter((p) => p.finished).length > DEMO_VIEWERS);
    assert.ok(plays.filter((p) => p.finished).every((p) => p.kind === 'movie'));
    const today = plays.filter((p) => Date.parse(p.at) > NOW - 20 * 3_600_000);
    assert.ok(today.length >= DEMO_VIEWERS * 2);
    for (const language of ['Tamil', 'Hindi', 'Telugu']) {
      const played = new Set(
        today
          .filter((p) => films.find((f) => f.id === p.titleId)?.language === language)
          .map((p) => p.titleId),
      );
      assert.ok(played.size >= 2, `${language}: ${played.size} films played today`);
    }
    // Another day's start adds that day's plays, under new ids.
    const tomorrow = demoActivity(NOW + 86_400_000, [...films, TITLES[2]]);
    const ids = new Set(plays.map((p) => p.id));
    assert.ok(tomorrow.plays.some((p) => !ids.has(p.id)));
  });

  it('adds nothing in production', async () => {
    const lines = [];
    const rpc = { request: () => assert.fail('no service is asked in production') };
    const added = await seedDemoActivity({
      rpc,
      Subjects: {},
      env: { NODE_ENV: 'production' },
      log: (l) => lines.push(l),
    });
    assert.deepEqual(added, { viewers: 0, profiles: 0, payments: 0, plays: 0, partners: 0 });
    assert.deepEqual(lines, ['demo activity: not in production']);
  });
});
