/** @jest-environment @chitram/web-testing/jsdom-environment.js */
import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { aMovie } from '../testing/a-movie';
import { renderPage } from '../testing/render-page';
import { Rail } from './Rail';

const DRAMA = {
  genre: 'Drama' as const,
  movies: Array.from({ length: 20 }, (_, i) => aMovie(String(i + 1), { title: `Film ${i + 1}` })),
};

/**
 * jsdom lays nothing out, so it has no IntersectionObserver: this one is told by the test when the
 * rail comes near the screen, as the browser's would be by scrolling.
 */
class ScreenWatch {
  static all: ScreenWatch[] = [];
  constructor(private readonly report: (entries: { isIntersecting: boolean }[]) => void) {
    ScreenWatch.all.push(this);
  }
  observe() {}
  disconnect() {}
  comesNear() {
    this.report([{ isIntersecting: true }]);
  }
}

const posters = () => screen.queryAllByTestId('poster');
const at = { at: '/', path: '/' };

describe('a rail of posters', () => {
  beforeEach(() => {
    ScreenWatch.all = [];
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: 1366 });
  });
  afterEach(() => {
    delete (window as { IntersectionObserver?: unknown }).IntersectionObserver;
    delete (HTMLElement.prototype as Partial<HTMLElement>).scrollBy;
  });

  it('on the first screen shows the posters that fit across the window and one more, the rest once scrolled', () => {
    renderPage(<Rail rail={DRAMA} firstScreen />, at);
    // 1366 px of 142 px columns: ten across, and the one a scroll reveals first.
    expect(posters().map((poster) => poster.textContent)).toHaveLength(11);
    expect(posters()[0].textContent).toContain('Film 1');

    fireEvent.scroll(screen.getByRole('list'));
    expect(posters()).toHaveLength(20);
    expect(posters()[19].textContent).toContain('Film 20');
  });

  it('shows them all for its arrows and for the keyboard', async () => {
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: 390 });
    // jsdom does not scroll: this records where the arrow asked the track to go.
    const scrolls: ScrollToOptions[] = [];
    HTMLElement.prototype.scrollBy = function (this: HTMLElement, options: ScrollToOptions) {
      scrolls.push({ ...options, top: this.childElementCount });
    } as HTMLElement['scrollBy'];
    const first = renderPage(<Rail rail={DRAMA} firstScreen />, at);
    expect(posters()).toHaveLength(4);
    await userEvent.click(screen.getByRole('button', { name: 'Scroll Drama right' }));
    expect(posters()).toHaveLength(20);
    // The track held all twenty posters by the time it was scrolled (top: its child count here).
    expect(scrolls).toEqual([expect.objectContaining({ behavior: 'smooth', top: 20 })]);
    first.unmount();

    renderPage(<Rail rail={DRAMA} firstScreen />, at);
    expect(posters()).toHaveLength(4);
    await userEvent.tab(); // the arrows and View all
    await userEvent.tab();
    await userEvent.tab();
    await userEvent.tab(); // into the track's first poster
    expect(posters()).toHaveLength(20);
  });

  it('below the first screen draws its head at once and its posters only when it comes near the screen', () => {
    (window as { IntersectionObserver?: unknown }).IntersectionObserver = ScreenWatch;
    renderPage(<Rail rail={DRAMA} />, at);
    const section = screen.getByRole('region', { name: 'Drama' });
    expect(within(section).getByRole('link', { name: /view all/i })).toBeTruthy();
    expect(posters()).toHaveLength(0);
    expect(section.className).toContain('vw-rail--pending');
    expect(section.getAttribute('aria-busy')).toBe('true');

    act(() => ScreenWatch.all[0].comesNear());
    expect(posters()).toHaveLength(11);
    expect(section.className).not.toContain('vw-rail--pending');
    expect(section.hasAttribute('aria-busy')).toBe(false);
  });
});
