/** @jest-environment @chitram/web-testing/jsdom-environment.js */
import type { AdminMovie } from '@chitram/contracts/web';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiStandIn, renderPage } from '../../testing/render-page';
import { MovieFormPage } from './MovieFormPage';

const MOVIE: AdminMovie = {
  _id: 'movie-1',
  slug: 'godavari-express',
  title: 'Godavari Express',
  description: 'A night train, two strangers and a river.',
  cast: ['Nani', 'Sai Pallavi'],
  genre: ['Drama'],
  language: 'Telugu',
  rating: 'U/A',
  releaseYear: 2023,
  duration: '2hr 10min',
  thumbnailUrl: 'https://images.chitram.test/godavari/poster.jpg',
  bannerUrl: 'https://images.chitram.test/godavari/banner.jpg',
  titlePngUrl: 'https://images.chitram.test/godavari/title.png',
  trailerUrl: null,
  isFree: false,
  type: 'movie',
  vendor: null,
  playable: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  movieUrl: 'https://cdn.chitram.test/godavari/master.m3u8',
  video: null,
};

/** The API the movie form meets: partners to choose from, none chosen yet. */
function catalogue() {
  return new ApiStandIn()
    .on('GET admin/partners/names', { body: [] })
    .on('GET admin/partners/titles/movie/movie-1', { body: { partnerId: null } });
}

const field = (name: string) => screen.getByLabelText(name, { selector: 'input, textarea, select' });

describe('the movie form', () => {
  it('sends nothing while required fields are empty: says what each needs, and puts the focus on the first', async () => {
    const { api } = renderPage(<MovieFormPage />, {
      at: '/admin/movies/upload',
      path: '/admin/movies/upload',
      api: catalogue(),
    });
    await userEvent.click(screen.getByRole('button', { name: 'Upload Movie' }));
    expect(field('Title').getAttribute('aria-invalid')).toBe('true');
    // The form moves the focus once its messages are drawn.
    await waitFor(() => expect(document.activeElement).toBe(field('Title')));
    const messages = screen.getAllByRole('alert').map((a) => a.textContent);
    expect(messages).toEqual(
      expect.arrayContaining([
        'Title is required',
        'Description is required',
        'Cast is required',
        'Release year is required',
        'Duration is required',
        'Choose at least one genre',
        'Thumbnail is required',
      ]),
    );
    expect(api.requests.filter((r) => r.method !== 'GET')).toEqual([]);
  });

  it('fills an existing movie in, and sends only the change with Update', async () => {
    const api = catalogue()
      .on('GET admin/movies/movie-1', { body: MOVIE })
      .on('PATCH admin/movies/update/movie-1', { body: { ...MOVIE, title: 'Godavari Express: Return' } });
    renderPage(<MovieFormPage />, {
      at: '/admin/movies/edit/movie-1',
      path: '/admin/movies/edit/:movieId',
      api,
    });
    await waitFor(() => expect((field('Title') as HTMLInputElement).value).toBe('Godavari Express'));
    expect((field('Cast') as HTMLInputElement).value).toBe('Nani, Sai Pallavi');
    expect((field('Language') as HTMLSelectElement).value).toBe('Telugu');

    await userEvent.clear(field('Title'));
    await userEvent.type(field('Title'), 'Godavari Express: Return');
    await userEvent.click(screen.getByRole('button', { name: 'Update Movie' }));
    const done = await screen.findByRole('dialog', { name: 'Updated!' });
    expect(done.textContent).toContain('Godavari Express: Return has been updated.');
    const sent = api.requests.find((r) => r.method === 'PATCH')?.body as Record<string, string>;
    expect(sent).toMatchObject({ title: 'Godavari Express: Return', language: 'Telugu', genre: 'Drama' });
    // No new pictures were chosen: the stored ones stay.
    expect(Object.keys(sent)).not.toContain('thumbnail');
  });

  it("shows the server's word on a field beside that field, and keeps what was typed", async () => {
    const api = catalogue()
      .on('GET admin/movies/movie-1', { body: MOVIE })
      .on('PATCH admin/movies/update/movie-1', {
        status: 400,
        body: {
          code: 'VALIDATION_FAILED',
          message: 'Some fields are not valid.',
          fields: { thumbnailUrl: ['The picture could not be read as an image'] },
        },
      });
    renderPage(<MovieFormPage />, {
      at: '/admin/movies/edit/movie-1',
      path: '/admin/movies/edit/:movieId',
      api,
    });
    await waitFor(() => expect((field('Title') as HTMLInputElement).value).toBe('Godavari Express'));
    await userEvent.type(field('Duration'), ' 5s');
    await userEvent.click(screen.getByRole('button', { name: 'Update Movie' }));
    await screen.findByText('The picture could not be read as an image');
    // Said of the thumbnail's own picker, where a screen reader reads it with the field.
    const picker = screen.getByLabelText('Thumbnail', { selector: 'input' });
    expect(picker.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(picker.getAttribute('aria-describedby')!)?.textContent).toContain(
      'The picture could not be read as an image',
    );
    expect((field('Duration') as HTMLInputElement).value).toBe('2hr 10min 5s');
    expect(screen.queryByRole('dialog', { name: 'Updated!' })).toBeNull();
  });
});
