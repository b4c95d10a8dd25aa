import { clock, nextEpisode, qualityLabel, streamProblem } from './playback-rules';

describe('the player’s words (SPEC §8)', () => {
  it('sends a visitor to log in and a viewer without a plan to the plans', () => {
    expect(streamProblem({ code: 'UNAUTHORIZED_ACCESS', message: '' }, false).action).toEqual({
      to: '/login',
      label: 'Log in',
    });
    expect(streamProblem({ code: 'UNAUTHORIZED_ACCESS', message: '' }, true).action).toEqual({
      to: '/subscribe',
      label: 'See plans',
    });
    expect(streamProblem({ code: 'DEVICE_NOT_ALLOWED', message: '' }, true).message).toMatch(
      /does not include this device/,
    );
  });

  it("keeps the server's words for a full plan, which name the limit", () => {
    const limit =
      'You are already watching on 2 screens, the most your plan allows. Stop another screen to watch here.';
    expect(streamProblem({ code: 'STREAM_LIMIT_REACHED', message: limit }, true)).toEqual({
      message: limit,
      action: null,
    });
    expect(streamProblem({ code: 'SOMETHING_ELSE', message: 'x' }, true).message).toBe(
      'Something went wrong.',
    );
  });

  it('labels qualities and times', () => {
    expect(qualityLabel(null)).toBe('Auto');
    expect(qualityLabel(1080)).toBe('1080p');
    expect(clock(3723)).toBe('1:02:03');
    expect(clock(245)).toBe('4:05');
    expect(clock(Number.NaN)).toBe('0:00');
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
