import {
  creditsStartOf,
  deviceClassOf,
  deviceClassOfAgent,
  isWatchedToTheEnd,
  StreamMessages,
} from './playback-answers';

const AGENTS = {
  androidPhone:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36',
  iphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  androidTablet:
    'Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36',
  ipad: 'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  desktop:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36',
  tizenTv:
    'Mozilla/5.0 (SMART-TV; LINUX; Tizen 6.5) AppleWebKit/537.36 (KHTML, like Gecko) 85.0 TV Safari/537.36',
  androidTv:
    'Mozilla/5.0 (Linux; Android 12; BRAVIA 4K VH2 Build/STT1.211025.001.Z4) AppleWebKit/537.36 Chrome/108.0 Safari/537.36',
};

describe('device classes (DECISIONS D20)', () => {
  it.each([
    ['androidPhone', 'mobile'],
    ['iphone', 'mobile'],
    ['androidTablet', 'tab'],
    ['ipad', 'tab'],
    ['desktop', 'website'],
    ['tizenTv', 'tv'],
    ['androidTv', 'tv'],
  ] as const)('reads a %s as %s', (agent, expected) => {
    expect(deviceClassOfAgent(AGENTS[agent])).toBe(expected);
  });

  it('takes a TV or tablet app at its word where the agent is generic, but never a computer as a phone', () => {
    expect(deviceClassOf(AGENTS.desktop, 'tv')).toBe('tv');
    expect(deviceClassOf(AGENTS.desktop, 'tab')).toBe('tab');
    expect(deviceClassOf(AGENTS.desktop, 'mobile')).toBe('website');
    expect(deviceClassOf(AGENTS.androidPhone, 'tv')).toBe('mobile');
    expect(deviceClassOf(AGENTS.desktop, 'nonsense')).toBe('website');
    expect(deviceClassOf('', null)).toBe('website');
  });

  it('names the limit in the message of a full plan (D24)', () => {
    expect(StreamMessages.limitReached(1)).toContain('1 screen,');
    expect(StreamMessages.limitReached(3)).toContain('3 screens');
  });
});

describe('watched to the end', () => {
  it('is the end credits: the last ten seconds of a film, or the last tenth of a title shorter than 100 s', () => {
    expect(creditsStartOf(5400)).toBe(5390);
    expect(isWatchedToTheEnd(5390, 5400)).toBe(true);
    // Twenty seconds before the end a viewer is still watching: the film stays on Continue watching.
    expect(isWatchedToTheEnd(5380, 5400)).toBe(false);
    expect(isWatchedToTheEnd(5389.9, 5400)).toBe(false);
    // A 12-second episode: its first seconds are not its end.
    expect(creditsStartOf(12)).toBeCloseTo(10.8);
    expect(isWatchedToTheEnd(2, 12)).toBe(false);
    expect(isWatchedToTheEnd(11, 12)).toBe(true);
  });

  it('knows no end while the length is unknown', () => {
    expect(creditsStartOf(0)).toBeNull();
    expect(creditsStartOf(Number.NaN)).toBeNull();
    expect(creditsStartOf(Number.POSITIVE_INFINITY)).toBeNull();
    expect(isWatchedToTheEnd(10, 0)).toBe(false);
  });
});
