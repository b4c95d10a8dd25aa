import { episodePath, groupBySeries, groupOf, wantsAutoplay } from './episode-groups';
import type { Episode } from './types';

function episode(id: string, seriesId: string | null, episodeNumber: number): Episode {
  return {
    _id: id,
    seriesId,
    title: `Title ${id}`,
    description: '',
    duration: '20min',
    releaseDate: '2025-01-01',
    cast: [],
    rating: 'U',
    category: 'political',
    bannerUrl: '',
    titlePngUrl: null,
    episodeNumber,
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
    playable: true,
  };
}

describe('category pages group episodes by series (issue 11)', () => {
  const episodes = [
    episode('s1', null, 1),
    episode('a2', 'A', 2),
    episode('b1', 'B', 1),
    episode('a1', 'A', 1),
  ];

  it('puts each series under its title, in episode order, and the episodes of no series last', () => {
    const groups = groupBySeries({
      episodes,
      series: [
        { _id: 'A', title: 'Ground Reports' },
        { _id: 'B', title: 'The Budget' },
      ],
    });
    expect(groups.map((g) => [g.title, g.episodes.map((e) => e._id)])).toEqual([
      ['Ground Reports', ['a1', 'a2']],
      ['The Budget', ['b1']],
      [null, ['s1']],
    ]);
    expect(groupOf(groups, 'a2')?.seriesId).toBe('A');
  });

  it('still groups when the answer names no series (an older cached answer)', () => {
    const groups = groupBySeries({ episodes });
    expect(groups.map((g) => [g.seriesId, g.title, g.episodes.length])).toEqual([
      ['A', null, 2],
      ['B', null, 1],
      [null, null, 1],
    ]);
    expect(groupBySeries(null)).toEqual([]);
  });

  it('opens each episode on its own page, playing when asked', () => {
    expect(episodePath('health', { _id: 'e 1' })).toBe('/health/episode/e%201');
    expect(wantsAutoplay({ autoplay: true })).toBe(true);
    expect(wantsAutoplay(null)).toBe(false);
  });
});
