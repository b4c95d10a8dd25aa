import { afterFirstPaint, FIRST_PAINT_WAIT_MS, type PaintSignals } from './after-first-paint';

/** A browser whose frames and paint report the test calls when it likes. */
function browser({ content = false, paintTiming = true } = {}) {
  const frames: Array<() => void> = [];
  let painted: (() => void) | undefined;
  const signals: PaintSignals = {
    hasContent: () => content,
    onFirstContentfulPaint(callback) {
      if (!paintTiming) return false;
      painted = callback;
      return true;
    },
    frame: (callback) => void frames.push(callback),
  };
  return { signals, frames, paint: () => painted?.() };
}

describe('afterFirstPaint (issue 19: the first picture before the shell runs)', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('waits for the banner the page drew to be reported on screen, then runs the task once', () => {
    const page = browser({ content: true });
    const task = jest.fn();
    afterFirstPaint(task, page.signals);
    expect(page.frames).toHaveLength(0);
    jest.advanceTimersByTime(FIRST_PAINT_WAIT_MS - 1);
    expect(task).not.toHaveBeenCalled();
    page.paint();
    // In a task of its own, not inside the report's callback.
    expect(task).not.toHaveBeenCalled();
    jest.advanceTimersByTime(0);
    expect(task).toHaveBeenCalledTimes(1);
    jest.advanceTimersByTime(FIRST_PAINT_WAIT_MS);
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('runs it after two frames on a page that drew nothing of its own (nothing to wait for)', () => {
    const page = browser();
    const task = jest.fn();
    afterFirstPaint(task, page.signals);
    page.frames.shift()!();
    jest.advanceTimersByTime(0);
    expect(task).not.toHaveBeenCalled();
    page.frames.shift()!();
    jest.advanceTimersByTime(0);
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('counts frames where the browser does not report paints', () => {
    const page = browser({ content: true, paintTiming: false });
    const task = jest.fn();
    afterFirstPaint(task, page.signals);
    page.frames.shift()!();
    page.frames.shift()!();
    jest.advanceTimersByTime(0);
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('runs it anyway when no paint comes (a background tab, a banner slow to arrive)', () => {
    const page = browser({ content: true });
    const task = jest.fn();
    afterFirstPaint(task, page.signals);
    jest.advanceTimersByTime(FIRST_PAINT_WAIT_MS);
    expect(task).toHaveBeenCalledTimes(1);
    page.paint();
    jest.advanceTimersByTime(0);
    expect(task).toHaveBeenCalledTimes(1);
  });
});
