/** @jest-environment @chitram/web-testing/jsdom-environment.js */
import type { Episode } from '@chitram/contracts/web';
import { screen } from '@testing-library/react';
import { renderPage } from '../testing/render-page';
import { EpisodeCard } from './EpisodeCard';

function anEpisode(duration: string): Episode {
  return {
    _id: '5b2e7c1a-3f4d-4e8a-9b6c-1d2e3f4a5b6c',
    seriesId: null,
    title: 'The Long Monsoon',
    description: 'The river rises.',
    duration,
    releaseDate: '2026-06-01',
    cast: [],
    rating: 'U',
    category: 'health',
    bannerUrl: '',
    titlePngUrl: null,
    episodeNumber: 3,
    createdAt: '2026-06-01T00:00:00.000Z',
    updatedAt: '2026-06-01T00:00:00.000Z',
    playable: true,
  };
}

describe('an episode card', () => {
  it('shows its run time in words, not as the admin typed it', () => {
    renderPage(<EpisodeCard episode={anEpisode('0:42:00')} />, { at: '/search', path: '/search' });
    const card = screen.getByTestId('episode-result');
    expect(card.textContent).toContain('Episode 3 - The Long Monsoon');
    expect(card.textContent).toContain('Health and Fitness · 42 mins');
    expect(card.textContent).not.toContain('0:42:00');
  });

  it('leaves out a run time it cannot read rather than showing a stray separator', () => {
    renderPage(<EpisodeCard episode={anEpisode('')} />, { at: '/search', path: '/search' });
    expect(screen.getByTestId('episode-result').textContent).not.toMatch(/·\s*$/m);
  });
});
