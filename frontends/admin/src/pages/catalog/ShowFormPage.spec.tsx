/** @jest-environment @chitram/web-testing/jsdom-environment.js */
import type { Episode } from '@chitram/contracts/web';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiStandIn, renderPage } from '../../testing/render-page';
import { ShowFormPage } from './ShowFormPage';

const SHOW: Episode = {
  _id: 'show-1',
  seriesId: null,
  title: 'Morning Yoga',
  description: 'Twenty minutes to start the day.',
  duration: '20min',
  releaseDate: '2026-02-01',
  cast: ['Asha'],
  rating: 'U',
  category: 'health',
  bannerUrl: 'https://images.chitram.test/yoga/banner.jpg',
  titlePngUrl: null,
  episodeNumber: 3,
  createdAt: '2026-02-01T00:00:00.000Z',
  updatedAt: '2026-02-01T00:00:00.000Z',
  videoUrl: 'https://cdn.chitram.test/yoga/3.m3u8',
  video: null,
  playable: true,
};

const png = (name: string) => new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' });
const field = (label: string) =>
  screen.getByLabelText<HTMLInputElement>(label, { selector: 'input, textarea, select' });

function partners() {
  return new ApiStandIn()
    .on('GET admin/partners/names', { body: [] })
    .on('GET admin/partners/titles/episode/show-1', { body: { partnerId: null } });
}

describe('the show form', () => {
  it('sends nothing while required fields are empty or wrong: says what each needs, focus on the first', async () => {
    const { api } = renderPage(<ShowFormPage />, {
      at: '/admin/shows/upload',
      path: '/admin/shows/upload',
      api: partners(),
    });
    await userEvent.type(field('Episode number'), '0');
    await userEvent.click(screen.getByRole('button', { name: 'Upload show' }));
    await waitFor(() => expect(document.activeElement).toBe(field('Title')));
    const messages = screen.getAllByRole('alert').map((a) => a.textContent);
    expect(messages).toEqual(
      expect.arrayContaining([
        'Title is required',
        'Video URL is required',
        'Duration is required',
        'Release date is required',
        'Episode number must be a whole number from 1',
        'Description is required',
        'Banner is required',
      ]),
    );
    expect(field('Video URL').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Banner', { selector: 'input' }).getAttribute('aria-invalid')).toBe('true');
    expect(api.requests.filter((r) => r.method !== 'GET')).toEqual([]);
  });

  it('uploads a new show with its banner, and says so', async () => {
    const api = partners().on('POST series/upload-episode', { body: { ...SHOW, _id: 'show-2' } });
    renderPage(<ShowFormPage />, { at: '/admin/shows/upload', path: '/admin/shows/upload', api });
    await userEvent.type(field('Title'), 'Morning Yoga');
    await userEvent.type(field('Video URL'), 'https://cdn.chitram.test/yoga/3.m3u8');
    await userEvent.type(field('Duration'), '20min');
    await userEvent.type(field('Release date'), '2026-02-01');
    await userEvent.type(field('Cast'), 'Asha, Ravi');
    await userEvent.selectOptions(field('Category'), 'Health and Fitness');
    await userEvent.type(field('Description'), 'Twenty minutes to start the day.');
    await userEvent.upload(screen.getByLabelText('Banner', { selector: 'input' }), png('yoga.png'));
    await userEvent.click(screen.getByRole('button', { name: 'Upload show' }));

    const done = await screen.findByRole('dialog', { name: 'Uploaded!' });
    expect(done.textContent).toContain('The show has been uploaded.');
    const sent = api.requests.find((r) => r.method === 'POST')?.body as Record<string, string>;
    expect(sent).toMatchObject({
      title: 'Morning Yoga',
      releaseDate: '2026-02-01',
      category: 'health',
      'cast[]': 'Ravi',
      banner: 'file:yoga.png',
    });
    // Left empty, the episode number is not sent: the next in its category is given.
    expect(Object.keys(sent)).not.toContain('episodeNumber');
  });

  it("fills an existing show in, and shows the server's word on a field beside that field", async () => {
    const api = partners()
      .on('GET series/episodes/show-1', { body: SHOW })
      .on('PATCH series/show/standalone/episodes/show-1', {
        status: 400,
        body: {
          code: 'VALIDATION_FAILED',
          message: 'Some fields are not valid.',
          fields: { releaseDate: ['The release date may not be after today'] },
        },
      });
    renderPage(<ShowFormPage />, {
      at: '/admin/shows/edit/show-1',
      path: '/admin/shows/edit/:showId',
      api,
    });
    await waitFor(() => expect(field('Title').value).toBe('Morning Yoga'));
    expect(field('Episode number').value).toBe('3');
    expect(field('Category').value).toBe('health');
    // The banner it has is kept: no new one is needed.
    expect(screen.getByText('Current file kept')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Update show' }));
    await screen.findByText('The release date may not be after today');
    expect(field('Release date').getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(field('Release date')));
    expect(field('Title').value).toBe('Morning Yoga');
    expect(screen.queryByRole('dialog', { name: 'Updated!' })).toBeNull();
  });
});
