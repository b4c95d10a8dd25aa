import { createInstance } from 'i18next';
import { StreamMessages } from '@chitram/contracts/src/playback-answers';
import en from '../i18n/locales/en.json';
import ta from '../i18n/locales/ta.json';
import { clock, nextEpisode, qualityLabel, streamProblem, type PlayerWords } from './playback-rules';

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
