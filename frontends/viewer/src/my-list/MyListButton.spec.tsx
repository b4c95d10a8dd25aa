/** @jest-environment @chitram/web-testing/jsdom-environment.js */
import type { ListedTitle } from '@chitram/contracts/web';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiStandIn, renderPage } from '../testing/render-page';
import type { Movie } from '../catalog/types';
import { PosterCard } from '../components/PosterCard';
import { MyListButton } from './MyListButton';

const FILM = '6a1f3c2e-8d4b-4f7a-9c1e-2b3d4e5f6a7b';
const VIEWER = {
  token: 'viewer-token',
  phoneNumber: '+919876543210',
  isSubscribed: false,
  activeSubscription: null,
};
const KEPT: ListedTitle = {
  kind: 'movie',
  titleId: FILM,
  addedAt: '2026-11-27T10:00:00.000Z',
  movie: null,
  episode: null,
};

function openTitle(user: typeof VIEWER | null, list: ListedTitle[] = []) {
  const api = new ApiStandIn()
    .on('GET user/list', { body: list })
    .on(`PUT user/list/${FILM}`, { body: KEPT })
    .on(`DELETE user/list/${FILM}`, { body: { removed: true } });
  return renderPage(<MyListButton titleId={FILM} title="Kaveri" />, {
    at: '/movie/kaveri/play',
    path: '/movie/:slug/play',
    user,
    api,
  });
}

const button = () => screen.getByRole('button', { name: 'My List' });

describe('the My List button', () => {
  it('adds the title, then takes it off again, saying so each time and showing its state', async () => {
    const { api, toasts } = openTitle(VIEWER);
    await waitFor(() => expect(button()).toHaveProperty('disabled', false));
    expect(button().getAttribute('aria-pressed')).toBe('false');
    expect(button().title).toBe('Add to My List: Kaveri');

    await userEvent.click(button());
    await waitFor(() => expect(button().getAttribute('aria-pressed')).toBe('true'));
    expect(api.called(`PUT user/list/${FILM}`)).toBe(1);
    expect(button().title).toBe('Remove from My List: Kaveri');

    // From the keyboard too.
    button().focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(button().getAttribute('aria-pressed')).toBe('false'));
    expect(api.called(`DELETE user/list/${FILM}`)).toBe(1);
    expect(toasts).toEqual([
      { message: 'Added to My List', kind: 'success' },
      { message: 'Removed from My List', kind: 'success' },
    ]);
  });

  it('shows a title already kept as pressed', async () => {
    openTitle(VIEWER, [KEPT]);
    await waitFor(() => expect(button().getAttribute('aria-pressed')).toBe('true'));
  });

  it('sends a visitor to log in first, with a word why, and asks the API nothing', async () => {
    const { api, toasts } = openTitle(null);
    await userEvent.click(button());
    expect(screen.getByTestId('location').textContent).toBe('/login');
    expect(toasts).toEqual([{ message: 'Please log in to keep titles in My List.', kind: 'error' }]);
    expect(api.requests).toEqual([]);
  });

  it('says when the change failed and keeps the state it had', async () => {
    const { api, toasts } = openTitle(VIEWER);
    api.on(`PUT user/list/${FILM}`, { status: 404, body: { code: 'TITLE_NOT_FOUND', message: 'gone' } });
    await waitFor(() => expect(button()).toHaveProperty('disabled', false));
    await userEvent.click(button());
    await waitFor(() => expect(toasts).toHaveLength(1));
    expect(toasts[0].kind).toBe('error');
    expect(button().getAttribute('aria-pressed')).toBe('false');
  });
});

describe('the My List toggle on a title card', () => {
  const movie = {
    _id: FILM,
    slug: 'kaveri',
    title: 'Kaveri',
    thumbnailUrl: '',
    releaseYear: 2024,
    language: 'Tamil',
    isFree: false,
    playable: true,
  } as Movie;

  function openCard(user: typeof VIEWER | null) {
    const api = new ApiStandIn()
      .on('GET user/list', { body: [] })
      .on(`PUT user/list/${FILM}`, { body: KEPT })
      .on(`DELETE user/list/${FILM}`, { body: { removed: true } });
    return renderPage(
      <>
        <PosterCard movie={movie} />
        <MyListButton titleId={FILM} title="Kaveri" />
      </>,
      { at: '/', path: '/', user, api },
    );
  }
  const cardButton = () => screen.getByRole('button', { name: 'My List: Kaveri' });

  it('sits beside the card’s link, works from the keyboard, asks for the list once and keeps every toggle in step', async () => {
    const { api } = openCard(VIEWER);
    await waitFor(() => expect(cardButton()).toHaveProperty('disabled', false));
    // Not inside the link: pressing it never opens the title.
    expect(screen.getByTestId('poster').contains(cardButton())).toBe(false);
    cardButton().focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(cardButton().getAttribute('aria-pressed')).toBe('true'));
    // The page's toggle of the same title follows.
    expect(button().getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByTestId('location').textContent).toBe('/');
    await userEvent.click(cardButton());
    await waitFor(() => expect(button().getAttribute('aria-pressed')).toBe('false'));
    expect(api.called('GET user/list')).toBe(1);
  });

  it('is not on a visitor’s cards', () => {
    openCard(null);
    expect(screen.queryByRole('button', { name: 'My List: Kaveri' })).toBeNull();
    expect(screen.getByTestId('poster')).toBeTruthy();
  });
});
