import { answerOf, matchesEtag } from './catalogue-answers';

describe('catalogue answers', () => {
  it('gives equal bodies equal ETags and different bodies different ones', () => {
    const a = answerOf({ genreMovies: { Action: [] } });
    const b = answerOf({ genreMovies: { Action: [] } });
    const c = answerOf({ genreMovies: { Drama: [] } });
    expect(a.etag).toBe(b.etag);
    expect(a.etag).not.toBe(c.etag);
    expect(a.etag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
    expect(a.body.toString()).toBe('{"genreMovies":{"Action":[]}}');
  });

  it('reads If-None-Match lists, weak forms and the wildcard', () => {
    const { etag } = answerOf([]);
    expect(matchesEtag(etag, etag)).toBe(true);
    expect(matchesEtag(`"other", W/${etag}`, etag)).toBe(true);
    expect(matchesEtag('*', etag)).toBe(true);
    expect(matchesEtag('"other"', etag)).toBe(false);
    expect(matchesEtag(undefined, etag)).toBe(false);
  });
});
