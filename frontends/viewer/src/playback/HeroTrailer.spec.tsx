/** @jest-environment @chitram/web-testing/jsdom-environment.js */
import type { TrailerAnswer } from '@chitram/contracts/web';
import { useState } from 'react';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { installMediaEngine } from '@chitram/web-testing';
import { ApiStandIn, renderPage } from '../testing/render-page';
import { HeroTrailerControls, HeroTrailerVideo, TRAILER_DELAY_MS, useHeroTrailer } from './HeroTrailer';

// The hero's trailer (D45): hls.js is a stand-in that parses the master at once.
const hlsState = { instances: [] as FakeHls[] };
class FakeHls {
  static readonly Events = { MANIFEST_PARSED: 'hlsManifestParsed', ERROR: 'hlsError' } as const;
  static isSupported = () => true;
  destroyed = false;
  source = '';
  private readonly listeners = new Map<string, () => void>();
  constructor() {
    hlsState.instances.push(this);
  }
  on(event: string, listener: () => void) {
    this.listeners.set(event, listener);
  }
  loadSource(url: string) {
    this.source = url;
  }
  attachMedia() {
    queueMicrotask(() => this.listeners.get(FakeHls.Events.MANIFEST_PARSED)?.());
  }
  destroy() {
    this.destroyed = true;
  }
}
jest.mock('hls.js', () => ({ __esModule: true, default: FakeHls }));

const TRAILER: TrailerAnswer = {
  trailer: {
    movieUrl: '/api/stream/t-1/master.m3u8',
    kind: 'hls',
    renditions: [360, 480, 720],
    maxResolution: 720,
  },
};

/** The title page's use of it: Play stops it. */
function Hero() {
  const [stopped, setStopped] = useState(false);
  const trailer = useHeroTrailer('godavari-express', stopped);
  return (
    <div>
      <button type="button" onClick={() => setStopped(true)}>
        Play
      </button>
      <div aria-hidden="true">
        <HeroTrailerVideo trailer={trailer} />
      </div>
      <HeroTrailerControls trailer={trailer} />
    </div>
  );
}

function openHero(answer: TrailerAnswer = TRAILER) {
  const api = new ApiStandIn().on('GET movie/godavari-express/trailer', { body: answer });
  const view = renderPage(<Hero />, { at: '/movie/godavari-express/play', path: '/movie/:slug/play', api });
  return { ...view, api };
}

const trailerVideo = () => document.querySelector<HTMLVideoElement>('video.vw-title__trailer');
const WAIT = { timeout: TRAILER_DELAY_MS + 3000 };

beforeAll(() => installMediaEngine(12));
beforeEach(() => {
  hlsState.instances.length = 0;
});
afterEach(() => {
  delete (window as { matchMedia?: unknown }).matchMedia;
});

describe("the hero's trailer", () => {
  it('asks for the trailer only after a pause, and plays it muted; Unmute unmutes it', async () => {
    const { api } = openHero();
    expect(api.called('GET movie/godavari-express/trailer')).toBe(0);
    await waitFor(() => expect(trailerVideo()).not.toBeNull(), WAIT);
    await waitFor(() => expect(hlsState.instances[0]?.source).toBe(TRAILER.trailer!.movieUrl));
    const video = trailerVideo()!;
    expect(video.muted).toBe(true);
    expect(video.paused).toBe(false);
    // Invisible until it plays, then faded in; the buttons come with it.
    expect(video.classList.contains('vw-title__trailer--on')).toBe(false);
    act(() => void video.dispatchEvent(new Event('playing')));
    expect(video.classList.contains('vw-title__trailer--on')).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Unmute' }));
    expect(video.muted).toBe(false);
    expect(screen.getByRole('button', { name: 'Mute' })).toBeTruthy();
  }, 15_000);

  it('offers Replay when it ended, which plays it again from the start', async () => {
    openHero();
    await waitFor(() => expect(trailerVideo()).not.toBeNull(), WAIT);
    const video = trailerVideo()!;
    act(() => void video.dispatchEvent(new Event('playing')));
    video.currentTime = 12;
    act(() => void video.dispatchEvent(new Event('ended')));
    fireEvent.click(screen.getByRole('button', { name: 'Replay' }));
    expect(video.currentTime).toBe(0);
    act(() => void video.dispatchEvent(new Event('playing')));
    expect(screen.getByRole('button', { name: 'Unmute' })).toBeTruthy();
  }, 15_000);

  it('shows nothing for a title without a trailer', async () => {
    const { api } = openHero({ trailer: null });
    await waitFor(() => expect(api.called('GET movie/godavari-express/trailer')).toBe(1), WAIT);
    expect(trailerVideo()).toBeNull();
    expect(screen.queryByRole('button', { name: 'Unmute' })).toBeNull();
  }, 15_000);

  it('never asks when the viewer prefers reduced motion', async () => {
    window.matchMedia = ((query: string) => ({
      matches: query.includes('reduce'),
    })) as typeof window.matchMedia;
    const { api } = openHero();
    await new Promise((resolve) => setTimeout(resolve, TRAILER_DELAY_MS + 500));
    expect(api.called('GET movie/godavari-express/trailer')).toBe(0);
    expect(trailerVideo()).toBeNull();
  }, 15_000);

  it('stops for good once Play is pressed', async () => {
    openHero();
    await waitFor(() => expect(trailerVideo()).not.toBeNull(), WAIT);
    await waitFor(() => expect(hlsState.instances).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: 'Play' }));
    await waitFor(() => expect(trailerVideo()).toBeNull());
    expect(hlsState.instances[0].destroyed).toBe(true);
  }, 15_000);
});
