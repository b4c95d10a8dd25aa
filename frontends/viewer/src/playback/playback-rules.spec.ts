import { createInstance } from 'i18next';
import { StreamMessages } from '@chitram/contracts/web';
import en from '../i18n/locales/en.json';
import ta from '../i18n/locales/ta.json';
import {
  AUTOPLAY_WAITING,
  autoplayCard,
  clock,
  nextEpisode,
  qualityLabel,
  streamFailure,
  streamProblem,
  type AutoplayCard,
  type PlayerWords,
} from './playback-rules';

// The player's words come from the viewer's catalogues (issue 11), as the viewer's `t` gives them.
const i18n = createInstance();
let words: (language: string) => PlayerWords;

beforeAll(async () => {
  await i18n.init({
    lng: 'en',
    fallbackLng: 'en',
    ns: ['viewer'],
    defaultNS: 'viewer',
    resources: { en: { viewer: en }, ta: { viewer: ta } },
    interpolation: { escapeValue: false },
    showSupportNotice: false,
  });
  words = (language) => i18n.getFixedT(language, 'viewer');
});

describe('the player’s words (SPEC §8)', () => {
  it('sends a visitor to log in and a viewer without a plan to the plans', () => {
    expect(streamProblem({ code: 'UNAUTHORIZED_ACCESS', message: '' }, false, words('en')).action).toEqual({
      to: '/login',
      label: 'Log in',
    });
    expect(streamProblem({ code: 'UNAUTHORIZED_ACCESS', message: '' }, true, words('en'))).toEqual({
      message: StreamMessages.unauthorized,
      action: { to: '/subscribe', label: 'See plans' },
    });
    expect(streamProblem({ code: 'DEVICE_NOT_ALLOWED', message: '' }, true, words('en')).message).toBe(
      StreamMessages.deviceNotAllowed,
    );
  });

  it('says it in the interface language', () => {
    expect(streamProblem({ code: 'UNAUTHORIZED_ACCESS', message: '' }, false, words('ta'))).toEqual({
      message: ta.playback.signInToWatch,
      action: { to: '/login', label: ta.playback.logIn },
    });
    expect(streamProblem({ code: 'VIDEO_NOT_READY', message: '' }, true, words('ta')).message).toBe(
      ta.playback.notReady,
    );
  });

  it("names the plan's screen limit, the server's answer's `limit`, in the viewer's words", () => {
    for (const limit of [1, 2, 4]) {
      const answer = { code: 'STREAM_LIMIT_REACHED', message: StreamMessages.limitReached(limit), limit };
      // English says it as the server does (SPEC §8), singular and plural.
      expect(streamProblem(answer, true, words('en'))).toEqual({ message: answer.message, action: null });
    }
    const two = { code: 'STREAM_LIMIT_REACHED', message: StreamMessages.limitReached(2), limit: 2 };
    expect(streamProblem(two, true, words('ta')).message).toBe(
      ta.playback.limitReached_other.replace('{{count, number}}', '2'),
    );
    // An answer without its limit is worded without the number, never in the server's words.
    expect(streamProblem({ code: 'STREAM_LIMIT_REACHED', message: 'Full.' }, true, words('ta')).message).toBe(
      ta.playback.limitReachedAny,
    );
  });

  it('says something went wrong for anything else', () => {
    expect(streamProblem({ code: 'SOMETHING_ELSE', message: 'x' }, true, words('en')).message).toBe(
      StreamMessages.generic,
    );
  });

  it('says a screen that lost its slot while playing is over the plan’s screens, not that the stream failed', () => {
    const t = words('en');
    expect(t(streamFailure(429))).toBe(
      'You are already watching on as many screens as your plan allows. Stop another screen to watch here.',
    );
    expect(streamFailure(403)).toBe('playback.streamExpired');
    expect(streamFailure(500)).toBe('playback.streamFailed');
    expect(streamFailure(undefined)).toBe('playback.streamFailed');
  });

  it('labels qualities and times, in the locale’s digits', () => {
    expect(qualityLabel(null, 'Auto')).toBe('Auto');
    expect(qualityLabel(1080, 'Auto')).toBe('1080p');
    expect(clock(3723)).toBe('1:02:03');
    expect(clock(245)).toBe('4:05');
    expect(clock(Number.NaN)).toBe('0:00');
    expect(clock(3723, 'hi-IN')).toBe('1:02:03');
    expect(clock(3723, 'bn-IN')).toBe('১:০২:০৩');
  });
});

describe('the next episode (issue 8)', () => {
  const episodes = [
    { _id: 'a1', seriesId: 'A', episodeNumber: 1 },
    { _id: 's1', seriesId: null, episodeNumber: 1 },
    { _id: 'a3', seriesId: 'A', episodeNumber: 3 },
    { _id: 'a2', seriesId: 'A', episodeNumber: 2 },
    { _id: 's2', seriesId: null, episodeNumber: 2 },
  ];
  it('follows the series, not the order of the list', () => {
    expect(nextEpisode(episodes, 'a1')?._id).toBe('a2');
    expect(nextEpisode(episodes, 'a2')?._id).toBe('a3');
    expect(nextEpisode(episodes, 'a3')).toBeUndefined();
    expect(nextEpisode(episodes, 's1')?._id).toBe('s2');
    expect(nextEpisode(episodes, 'nope')).toBeUndefined();
  });
});

describe('the next episode card in the end credits', () => {
  const now = 1_000_000;
  const at = (positionSeconds: number, durationSeconds = 2700) =>
    ({ type: 'progress', positionSeconds, durationSeconds, now }) as const;

  it('waits until the last ten seconds, then counts ten seconds down to the next episode', () => {
    let card: AutoplayCard = AUTOPLAY_WAITING;
    card = autoplayCard(card, at(2600));
    expect(card).toBe(AUTOPLAY_WAITING);
    card = autoplayCard(card, at(2690));
    expect(card).toEqual({ phase: 'counting', deadline: now + 10_000 });
    // Later moments of the credits keep the first deadline: the countdown does not start over.
    expect(autoplayCard(card, { ...at(2695), now: now + 5000 })).toBe(card);
  });

  it('shows for a short clip in its last tenth, and not before its length is known', () => {
    expect(autoplayCard(AUTOPLAY_WAITING, at(10, 12)).phase).toBe('waiting');
    expect(autoplayCard(AUTOPLAY_WAITING, at(11, 12)).phase).toBe('counting');
    expect(autoplayCard(AUTOPLAY_WAITING, at(11, 0)).phase).toBe('waiting');
  });

  it('stays cancelled through the credits, and waits again when the viewer goes back before them', () => {
    const counting = autoplayCard(AUTOPLAY_WAITING, at(2695));
    const cancelled = autoplayCard(counting, { type: 'cancel' });
    expect(cancelled).toEqual({ phase: 'cancelled' });
    expect(autoplayCard(cancelled, at(2699))).toBe(cancelled);
    expect(autoplayCard(cancelled, at(1200))).toEqual(AUTOPLAY_WAITING);
    expect(autoplayCard(counting, { type: 'reset' })).toEqual(AUTOPLAY_WAITING);
    // Nothing to cancel before the card shows.
    expect(autoplayCard(AUTOPLAY_WAITING, { type: 'cancel' })).toBe(AUTOPLAY_WAITING);
  });
});
