import { isPlayable } from './playable';

// Which titles offer Play and which say "Coming soon" (issue 19).

describe('a title is playable', () => {
  it('with a ready video, whatever its link', () => {
    expect(isPlayable({ state: 'ready' }, '')).toBe(true);
    expect(isPlayable({ state: 'ready' }, null)).toBe(true);
  });

  it('with its own http(s) link, played as given (D23), whatever its video', () => {
    expect(isPlayable(null, 'https://videos.example.com/film.m3u8')).toBe(true);
    expect(isPlayable({ state: 'transcoding' }, 'HTTP://videos.example.com/film.mp4')).toBe(true);
  });

  it('not with a video on its way, failed or cancelled, and no link', () => {
    for (const state of ['uploading', 'queued', 'transcoding', 'failed', 'cancelled'] as const)
      expect(isPlayable({ state }, '')).toBe(false);
  });

  it('not with nothing at all, nor a link that is not a web address', () => {
    expect(isPlayable(null, '')).toBe(false);
    expect(isPlayable(null, undefined)).toBe(false);
    expect(isPlayable(null, 'ftp://videos.example.com/film.mp4')).toBe(false);
    expect(isPlayable(null, '/stream/film.m3u8')).toBe(false);
  });
});
