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

const png = (name: string) => new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' });
const field = (name: string, within: HTMLElement = document.body) =>
  within.querySelector<HTMLInputElement>(`[name="${name}"]`)!;
const named = (label: string) =>
  screen.getByLabelText<HTMLInputElement>(label, { selector: 'input, textarea' });

/** The API a new series meets: partners to choose from; what the upload answers. */
function newSeries(answer: { status?: number; body: unknown }) {
  return new ApiStandIn().on('GET admin/partners/names', { body: [] }).on('POST admin/series', answer);
}

describe('the series form', () => {
  it('sends nothing while the series or an episode block lacks what it needs: names each field, focus on the first', async () => {
    const { api } = renderPage(<SeriesFormPage />, {
      at: '/admin/series/upload',
      path: '/admin/series/upload',
      api: newSeries({ body: SERIES }),
    });
    // A file that is no video, chosen for the episode's video.
    await userEvent.upload(
      screen.getByLabelText('Episode 1 video file'),
      new File(['just words'], 'notes.txt', { type: 'text/plain' }),
      { applyAccept: false },
    );
    await userEvent.click(screen.getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(document.activeElement).toBe(named('Title')));
    const messages = screen.getAllByRole('alert').map((a) => a.textContent);
    expect(messages).toEqual(
      expect.arrayContaining([
        'Title is required',
        'Cast is required',
        'Choose at least one genre',
        'Episode title is required',
        'Description is required',
        'Release date is required',
        'Duration is required',
        'Banner is required',
      ]),
    );
    expect(messages.some((m) => m?.startsWith('Choose a video file'))).toBe(true);
    const episode = screen.getByRole('group', { name: 'Episode 1' });
    expect(within(episode).getByLabelText('Episode title').getAttribute('aria-invalid')).toBe('true');
    expect(within(episode).getByLabelText('Episode 1 banner').getAttribute('aria-invalid')).toBe('true');
    // Fixing a field takes its message away.
    await userEvent.type(within(episode).getByLabelText('Episode title'), 'Pilot');
    expect(within(episode).getByLabelText('Episode title').getAttribute('aria-invalid')).toBeNull();
    expect(screen.queryByText('Episode title is required')).toBeNull();
    expect(api.requests.filter((r) => r.method !== 'GET')).toEqual([]);
  });

  it('uploads a new series with its episode in one request, and says so', async () => {
    const { api } = renderPage(<SeriesFormPage />, {
      at: '/admin/series/upload',
      path: '/admin/series/upload',
      api: newSeries({ body: SERIES }),
    });
    await userEvent.type(named('Title'), 'Ground Report');
    await userEvent.type(named('Cast'), 'Ravish Kumar, Nidhi');
    await userEvent.selectOptions(screen.getByLabelText('Language'), 'Hindi');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Drama' }));
    // A second block, then taken away again.
    await userEvent.click(screen.getByRole('button', { name: '+ Add another episode' }));
    expect(screen.getByRole('group', { name: 'Episode 2' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Remove episode 2' }));
    expect(screen.queryByRole('group', { name: 'Episode 2' })).toBeNull();

    const episode = screen.getByRole('group', { name: 'Episode 1' });
    await userEvent.type(within(episode).getByLabelText('Episode title'), 'Water for Marathwada');
    await userEvent.type(within(episode).getByLabelText('Episode link'), 'https://cdn.chitram.test/w.m3u8');
    await userEvent.type(within(episode).getByLabelText('Episode description'), 'A village waits.');
    await userEvent.type(within(episode).getByLabelText('Upload date'), '2026-03-01');
    await userEvent.type(within(episode).getByLabelText('Episode duration'), '24min');
    await userEvent.upload(within(episode).getByLabelText('Episode 1 banner'), png('water.png'));
    await userEvent.click(screen.getByRole('button', { name: 'Upload' }));

    const done = await screen.findByRole('dialog', { name: 'Uploaded!' });
    expect(done.textContent).toContain('The series has been uploaded with 1 episode.');
    const sent = api.requests.find((r) => r.method === 'POST')?.body as Record<string, string>;
    expect(sent).toMatchObject({
      title: 'Ground Report',
      language: 'Hindi',
      genre: 'Drama',
      'episodes[0][title]': 'Water for Marathwada',
      'episodes[0][releaseDate]': '2026-03-01',
      'episodes[0][banner]': 'file:water.png',
    });
    // The saved series is not sent again.
    expect(screen.getByRole('button', { name: 'Upload' }).hasAttribute('disabled')).toBe(true);
  });

  it("shows the server's word on an episode's field beside that field", async () => {
    const api = new ApiStandIn()
      .on('GET admin/partners/names', { body: [] })
      .on('GET admin/partners/series/series-1', { body: { partnerId: null } })
      .on('GET admin/series/series-1', { body: SERIES })
      .on('PATCH admin/series/series-1', {
        status: 400,
        body: {
          code: 'VALIDATION_FAILED',
          message: 'Some fields are not valid.',
          fields: { 'episodes.0.bannerUrl': ['The banner could not be read as an image'] },
        },
      });
    renderPage(<SeriesFormPage />, {
      at: '/admin/series/edit/series-1',
      path: '/admin/series/edit/:seriesId',
      api,
    });
    await waitFor(() => expect(named('Title').value).toBe('Ground Report'));
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    await screen.findByText('The banner could not be read as an image');
    const banner = field('episodes[0][banner]');
    expect(banner.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(banner.getAttribute('aria-describedby')!)?.textContent).toBe(
      'The banner could not be read as an image',
    );
    await waitFor(() => expect(document.activeElement).toBe(banner));
    expect(screen.getByText('Some fields are not valid.')).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Updated!' })).toBeNull();
  });

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
