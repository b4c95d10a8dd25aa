import { isFinished, watchIncrement } from './watch-rules';

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
