/** @jest-environment @chitram/web-testing/jsdom-environment.js */
import { preloadWhenIdle } from './lazy-page';

/** A page whose preload the test can count. */
function aPage(started: string[], name: string) {
  return {
    preload: () => {
      started.push(name);
      return Promise.resolve();
    },
  };
}

describe('preloading pages when the browser is idle', () => {
  let idle: Array<() => void>;
  beforeEach(() => {
    idle = [];
    window.requestIdleCallback = ((task: () => void) => idle.push(task)) as typeof window.requestIdleCallback;
    window.cancelIdleCallback = (handle: number) => {
      idle[handle - 1] = () => {};
    };
  });
  afterEach(() => {
    delete (window as Partial<Window>).requestIdleCallback;
    delete (window as Partial<Window>).cancelIdleCallback;
  });

  it('starts one page per idle moment, in order, and nothing before the first', () => {
    const started: string[] = [];
    preloadWhenIdle([aPage(started, 'title'), aPage(started, 'category'), aPage(started, 'plans')]);
    expect(started).toEqual([]);
    idle[0]();
    expect(started).toEqual(['title']);
    idle[1]();
    idle[2]();
    expect(started).toEqual(['title', 'category', 'plans']);
    expect(idle).toHaveLength(3);
  });

  it('starts none of the rest once stopped', () => {
    const started: string[] = [];
    const stop = preloadWhenIdle([aPage(started, 'title'), aPage(started, 'category')]);
    idle[0]();
    stop();
    idle[1]();
    expect(started).toEqual(['title']);
  });
});
