/** @jest-environment @chitram/web-testing/jsdom-environment.js */
import type { Episode, SeriesWithEpisodes } from '@chitram/contracts/web';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiStandIn, renderPage } from '../../testing/render-page';
import { SeriesFormPage } from './SeriesFormPage';

const EPISODE: Episode = {
  _id: 'episode-1',
  seriesId: 'series-1',
  title: 'Water for Marathwada',
  description: 'A village waits for the tanker.',
  duration: '24min',
  releaseDate: '2026-03-01',
  cast: ['Ravish Kumar'],
  rating: 'U',
  category: 'political',
  bannerUrl: 'https://images.chitram.test/ground/1.jpg',
  titlePngUrl: null,
  episodeNumber: 1,
  createdAt: '2026-03-01T00:00:00.000Z',
  updatedAt: '2026-03-01T00:00:00.000Z',
  // Plays an uploaded video: no link of its own.
  videoUrl: '',
  video: { videoId: 'video-1', state: 'ready', progress: 100, error: null, renditions: [360, 480, 720] },
  playable: true,
};

const SERIES: SeriesWithEpisodes = {
  _id: 'series-1',
  title: 'Ground Report',
  description: 'Stories from where the news happens.',
  trailerUrl: null,
  cast: ['Ravish Kumar'],
  language: 'Hindi',
  rating: 'U',
  tags: ['news'],
  titlePngUrl: 'https://images.chitram.test/ground/title.png',
  genre: ['Drama'],
  category: 'political',
  episodeCount: 1,
  createdAt: '2026-03-01T00:00:00.000Z',
  updatedAt: '2026-03-01T00:00:00.000Z',
  episodes: [EPISODE],
};

describe('the series form', () => {
  it('saves an existing series after an edit, though its episode plays a video and has no link', async () => {
    const api = new ApiStandIn()
      .on('GET admin/partners/names', { body: [] })
      .on('GET admin/partners/series/series-1', { body: { partnerId: null } })
      .on('GET admin/series/series-1', { body: SERIES })
      .on('PATCH admin/series/series-1', { body: { ...SERIES, title: 'Ground Report India' } });
    renderPage(<SeriesFormPage />, {
      at: '/admin/series/edit/series-1',
      path: '/admin/series/edit/:seriesId',
      api,
    });
    const title = await screen.findByLabelText<HTMLInputElement>('Title', { selector: 'input' });
    await waitFor(() => expect(title.value).toBe('Ground Report'));
    const episode = screen.getByRole('group', { name: 'Episode 1' });
    expect(within(episode).getByLabelText<HTMLInputElement>('Episode title').value).toBe(
      'Water for Marathwada',
    );
    expect(within(episode).getByLabelText('Episode link').hasAttribute('required')).toBe(false);

    await userEvent.clear(title);
    await userEvent.type(title, 'Ground Report India');
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect((await screen.findByRole('dialog', { name: 'Updated!' })).textContent).toContain(
      'The series and its episodes have been updated.',
    );
    const sent = api.requests.find((r) => r.method === 'PATCH')?.body as Record<string, string>;
    expect(sent).toMatchObject({ title: 'Ground Report India' });
    expect(screen.queryAllByRole('alert')).toEqual([]);
  });
});
