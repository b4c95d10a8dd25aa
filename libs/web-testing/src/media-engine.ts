// What jsdom's <video> lacks (it decodes nothing): play, pause, a length and a position that move as a
// browser's would, so a component test can press the player's keys and read what the video did.

interface MediaState {
  paused: boolean;
  currentTime: number;
  muted: boolean;
}

const states = new WeakMap<HTMLMediaElement, MediaState>();

function stateOf(element: HTMLMediaElement): MediaState {
  let state = states.get(element);
  if (!state) {
    state = { paused: true, currentTime: 0, muted: false };
    states.set(element, state);
  }
  return state;
}

/** Gives every <video> a length of `durationSeconds` and working play, pause, seek and mute. */
export function installMediaEngine(durationSeconds: number): void {
  const proto = window.HTMLMediaElement.prototype;
  Object.defineProperties(proto, {
    paused: {
      configurable: true,
      get(this: HTMLMediaElement) {
        return stateOf(this).paused;
      },
    },
    duration: { configurable: true, get: () => durationSeconds },
    currentTime: {
      configurable: true,
      get(this: HTMLMediaElement) {
        return stateOf(this).currentTime;
      },
      set(this: HTMLMediaElement, value: number) {
        stateOf(this).currentTime = value;
        this.dispatchEvent(new Event('timeupdate'));
      },
    },
    muted: {
      configurable: true,
      get(this: HTMLMediaElement) {
        return stateOf(this).muted;
      },
      set(this: HTMLMediaElement, value: boolean) {
        stateOf(this).muted = value;
      },
    },
  });
  proto.play = function play(this: HTMLMediaElement) {
    stateOf(this).paused = false;
    this.dispatchEvent(new Event('play'));
    return Promise.resolve();
  };
  proto.pause = function pause(this: HTMLMediaElement) {
    stateOf(this).paused = true;
    this.dispatchEvent(new Event('pause'));
  };
  proto.canPlayType = () => '';
}
