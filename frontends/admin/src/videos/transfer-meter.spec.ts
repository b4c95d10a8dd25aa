import { formatBytes, formatRate, formatTimeLeft, TransferMeter } from './transfer-meter';

describe('TransferMeter', () => {
  it('reads percent, speed over the last seconds, and time left', () => {
    let now = 0;
    const meter = new TransferMeter(() => now);
    expect(meter.read(0, 1000)).toEqual({ percent: 0, bytesPerSecond: null, secondsLeft: null });
    now = 2000;
    expect(meter.read(200, 1000)).toEqual({ percent: 20, bytesPerSecond: 100, secondsLeft: 8 });
    now = 4000;
    expect(meter.read(600, 1000)).toEqual({ percent: 60, bytesPerSecond: 150, secondsLeft: 3 });
  });

  it('forgets old samples, so the speed follows a change', () => {
    let now = 0;
    const meter = new TransferMeter(() => now);
    for (let second = 0; second <= 20; second++) {
      now = second * 1000;
      // 10 B/s for ten seconds, then 100 B/s.
      meter.read(second <= 10 ? second * 10 : 100 + (second - 10) * 100, 10_000);
    }
    expect(meter.read(1100, 10_000).bytesPerSecond).toBeGreaterThan(90);
  });

  it('starts over when a resumed upload reports fewer bytes than before', () => {
    let now = 0;
    const meter = new TransferMeter(() => now);
    meter.read(500, 1000);
    now = 1000;
    expect(meter.read(300, 1000)).toEqual({ percent: 30, bytesPerSecond: null, secondsLeft: null });
  });
});

describe('upload figures in words', () => {
  it('says sizes, speeds and times as people read them', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(20 * 1024 ** 3)).toBe('20 GB');
    expect(formatRate(3.25 * 1024 ** 2)).toBe('3.3 MB/s');
    expect(formatRate(null)).toBe('…');
    expect(formatTimeLeft(0)).toBe('1 s left');
    expect(formatTimeLeft(45)).toBe('45 s left');
    expect(formatTimeLeft(720)).toBe('12 min left');
    expect(formatTimeLeft(7500)).toBe('2 h 5 min left');
  });
});
