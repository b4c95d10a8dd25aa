import {
  castLine,
  distinctMovies,
  heroMovie,
  homeRails,
  initials,
  isVideoUrl,
  playPath,
} from './catalog-rules';
import { aMovie as movie } from '../testing/a-movie';

describe('home rails (SPEC §2.1)', () => {
  it('lists genres with titles in SPEC §5 order, leaving out empty ones', () => {
    const rails = homeRails({
      genreMovies: { Sports: [movie('s')], Action: [movie('a')], Horror: [], Drama: [movie('d')] },
    });
    expect(rails.map((r) => r.genre)).toEqual(['Action', 'Drama', 'Sports']);
    expect(homeRails(null)).toEqual([]);
  });

  it('picks a featured title for the hero, else a trending one, else the first', () => {
    const a = movie('a');
    const t = movie('t');
    const f = movie('f');
    expect(heroMovie(homeRails({ genreMovies: { Action: [a], Trending: [t], Featured: [f] } }))).toBe(f);
    expect(heroMovie(homeRails({ genreMovies: { Action: [a], Trending: [t] } }))).toBe(t);
    expect(heroMovie(homeRails({ genreMovies: { Action: [a] } }))).toBe(a);
    expect(heroMovie([])).toBeNull();
  });

  it('makes a title that plays the hero, passing over those coming soon (issue 19)', () => {
    const soon = (id: string) => movie(id, { playable: false });
    const [f1, f2, t, a] = [soon('f1'), soon('f2'), movie('t'), movie('a')];
    expect(heroMovie(homeRails({ genreMovies: { Featured: [f1, movie('f3')], Trending: [t] } }))?._id).toBe(
      'f3',
    );
    expect(heroMovie(homeRails({ genreMovies: { Action: [a], Featured: [f1, f2], Trending: [t] } }))).toBe(t);
    expect(heroMovie(homeRails({ genreMovies: { Action: [soon('x'), a], Featured: [f1] } }))).toBe(a);
    // Nothing plays yet: the first featured title all the same, shown "Coming soon".
    expect(heroMovie(homeRails({ genreMovies: { Action: [soon('x')], Featured: [f1, f2] } }))).toBe(f1);
  });

  it('lists each title once across rails', () => {
    const a = movie('a');
    const rails = homeRails({ genreMovies: { Action: [a, movie('b')], Drama: [a, movie('c')] } });
    expect(distinctMovies(rails).map((m) => m._id)).toEqual(['a', 'b', 'c']);
  });
});

describe('what the pages show', () => {
  it('links a title by its slug (DECISIONS D10)', () => {
    expect(playPath({ slug: 'kaala-patthar-2019' })).toBe('/movie/kaala-patthar-2019/play');
  });

  it('joins the cast with commas', () => {
    expect(castLine(['Ravi Teja', 'Sai Pallavi'])).toBe('Ravi Teja, Sai Pallavi');
    expect(castLine(undefined)).toBe('');
  });

  it('tells a video banner from a picture', () => {
    expect(isVideoUrl('/api/media/images/videos/ab.mp4')).toBe(true);
    expect(isVideoUrl('/api/media/images/images/ab.webp')).toBe(false);
  });

  it('shows initials for a missing picture, in any script', () => {
    expect(initials('Kaala Patthar')).toBe('KP');
    expect(initials('  rangasthalam ')).toBe('R');
    expect(initials('ప్రేమ కథ')).toBe('ప్ర'.slice(0, 1) + 'క');
  });
});
