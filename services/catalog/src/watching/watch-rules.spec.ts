import { isFinished, knownDuration, watchIncrement } from './watch-rules';

describe('continue watching and watch time', () => {
  const at = new Date('2026-11-22T12:00:00Z');
  const later = (seconds: number) => new Date(at.getTime() + seconds * 1000);

  it('counts the first report as a play, and what was watched since the last one after that', () => {
    expect(watchIncrement(null, 0, at)).toEqual({ newPlay: true, seconds: 0 });
    expect(watchIncrement({ positionSeconds: 100, at }, 110, later(10))).toEqual({
      newPlay: false,
      seconds: 10,
    });
  });

  it('does not count a seek forward, a rewind or a long pause as watch time', () => {
    expect(watchIncrement({ positionSeconds: 100, at }, 1900, later(10))).toEqual({
      newPlay: false,
      seconds: 15,
    });
    expect(watchIncrement({ positionSeconds: 500, at }, 100, later(10))).toEqual({
      newPlay: false,
      seconds: 0,
    });
    expect(watchIncrement({ positionSeconds: 100, at }, 400, later(600))).toEqual({
      newPlay: false,
      seconds: 60,
    });
    expect(watchIncrement({ positionSeconds: 100, at }, 110, later(3600))).toEqual({
      newPlay: true,
      seconds: 0,
    });
  });

  it('treats the end credits (the last ten seconds) as the end', () => {
    expect(isFinished(5390, 5400)).toBe(true);
    expect(isFinished(5375, 5400)).toBe(false);
    expect(isFinished(11, 12)).toBe(true);
    expect(isFinished(5000, 5400)).toBe(false);
    expect(isFinished(10, 0)).toBe(false);
  });
});

describe('a title’s length in a viewer’s place (the admin’s “0:16 of 0:00”)', () => {
  it('takes the player’s length when it has one', () => {
    expect(knownDuration(5400, 5000, 5399.6)).toBe(5400);
  });

  it('keeps the length already known when the player reports none (0, before its metadata)', () => {
    expect(knownDuration(0, 5400, null)).toBe(5400);
    expect(knownDuration(0, null, 5399.6)).toBe(5399);
    expect(knownDuration(0, 0, 64.2)).toBe(64);
  });

  it('stays 0, not known, when nobody knows it', () => {
    expect(knownDuration(0, null, null)).toBe(0);
    expect(knownDuration(0, 0, 0)).toBe(0);
  });
});
