/** @jest-environment @chitram/web-testing/jsdom-environment.js */
import type { StreamAnswer } from '@chitram/contracts/web';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { installMediaEngine } from '@chitram/web-testing';
import { ApiStandIn, renderPage } from '../testing/render-page';
import { Player } from './Player';

// hls.js is the edge of this test's world (jsdom has no Media Source Extensions): a stand-in that parses
// a master playlist into three renditions, and lets a test make it fail as hls.js reports failures.
type Listener = (event: string, data: unknown) => void;
interface FakeTrack {
  lang: string;
  name: string;
  forced?: boolean;
  characteristics?: string;
}
const hlsState = {
  supported: true,
  instances: [] as FakeHls[],
  audioTracks: [] as FakeTrack[],
  subtitleTracks: [] as FakeTrack[],
};
class FakeHls {
  static readonly Events = {
    MANIFEST_PARSED: 'hlsManifestParsed',
    ERROR: 'hlsError',
    AUDIO_TRACKS_UPDATED: 'hlsAudioTracksUpdated',
    AUDIO_TRACK_SWITCHED: 'hlsAudioTrackSwitched',
    SUBTITLE_TRACKS_UPDATED: 'hlsSubtitleTracksUpdated',
  } as const;
  static isSupported = () => hlsState.supported;
  currentLevel = -1;
  destroyed = false;
  audioTracks = hlsState.audioTracks;
  subtitleTracks = hlsState.subtitleTracks;
  audioTrack = 0;
  subtitleTrack = -1;
  subtitleDisplay = false;
  private readonly listeners = new Map<string, Listener>();
  constructor(readonly config: { startPosition: number }) {
    hlsState.instances.push(this);
  }
  on(event: string, listener: Listener) {
    this.listeners.set(event, listener);
  }
  loadSource() {}
  attachMedia() {
    queueMicrotask(() =>
      this.emit(FakeHls.Events.MANIFEST_PARSED, {
        levels: [{ height: 480 }, { height: 1080 }, { height: 720 }],
      }),
    );
  }
  emit(event: string, data: unknown) {
    this.listeners.get(event)?.(event, data);
  }
  destroy() {
    this.destroyed = true;
  }
}
jest.mock('hls.js', () => ({ __esModule: true, default: FakeHls }));

const STREAM: StreamAnswer = {
  movieUrl: '/api/stream/movie/m-1/master.m3u8?grant=g',
  maxResolution: 1080,
  isSubscribed: true,
  kind: 'hls',
  renditions: [480, 720, 1080],
  thumbnailsUrl: null,
  markers: {},
};
const VIEWER = {
  token: 'viewer-token',
  phoneNumber: '+919876543210',
  isSubscribed: true,
  activeSubscription: null,
};

beforeAll(() => installMediaEngine(5400));
beforeEach(() => {
  hlsState.supported = true;
  hlsState.instances.length = 0;
  hlsState.audioTracks = [];
  hlsState.subtitleTracks = [];
  window.localStorage.clear();
});

function openPlayer(onClose = jest.fn(), stream: StreamAnswer = STREAM) {
  const api = new ApiStandIn().on('POST playback/heartbeat', { body: { ok: true } });
  const view = renderPage(
    <Player stream={stream} title="Godavari Express" kind="movie" titleId="m-1" onClose={onClose} />,
    { at: '/movie/godavari-express/play', path: '/movie/:slug/play', user: VIEWER, api },
  );
  return { ...view, onClose, player: screen.getByRole('region', { name: 'Player: Godavari Express' }) };
}

const video = () => document.querySelector('video')!;

describe('the player', () => {
  it('offers Auto and the renditions highest first, and tells hls.js the one chosen', async () => {
    openPlayer();
    const menu = await screen.findByRole('combobox', { name: 'Quality' });
    expect(
      within(menu)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Auto', '1080p', '720p', '480p']);
    await userEvent.selectOptions(menu, '720p');
    // hls.js numbers levels as the playlist lists them: 720p is the third.
    expect(hlsState.instances[0].currentLevel).toBe(2);
    await userEvent.selectOptions(menu, 'Auto');
    expect(hlsState.instances[0].currentLevel).toBe(-1);
  });

  it('offers the audio and subtitle tracks in their own languages, and remembers the choice for the profile (D44)', async () => {
    hlsState.audioTracks = [
      { lang: 'ta', name: 'தமிழ்' },
      { lang: 'hi', name: 'हिन्दी' },
    ];
    const sdh =
      'public.accessibility.transcribes-spoken-dialog,public.accessibility.describes-music-and-sound';
    hlsState.subtitleTracks = [
      { lang: 'ta', name: 'தமிழ் (forced)', forced: true },
      { lang: 'hi', name: 'हिन्दी (SDH)', characteristics: sdh },
      { lang: 'ta', name: 'தமிழ்' },
    ];
    const { onClose } = openPlayer();
    // An English interface and a film without its language said: the first audio (Tamil), subtitles off
    // but for the forced Tamil track (the audio's language: its foreign lines).
    const audio = await screen.findByRole('button', { name: /^Audio\W+தமிழ்$/ });
    expect(hlsState.instances[0].subtitleTrack).toBe(0);
    await userEvent.click(audio);
    const audioPanel = screen.getByRole('group', { name: 'Audio' });
    await userEvent.click(within(audioPanel).getByRole('radio', { name: 'हिन्दी' }));
    expect(hlsState.instances[0].audioTrack).toBe(1);
    // Once hls.js has switched, the video says which language it plays.
    act(() => hlsState.instances[0].emit(FakeHls.Events.AUDIO_TRACK_SWITCHED, { id: 1 }));
    expect(video().dataset.audioLanguage).toBe('hi');
    await userEvent.click(screen.getByRole('button', { name: /^Subtitles\W+Off$/ }));
    const panel = screen.getByRole('group', { name: 'Subtitles' });
    expect(
      within(panel)
        .getAllByRole('radio')
        .map((r) => r.closest('label')?.textContent),
    ).toEqual(['Off', 'हिन्दी (SDH)', 'தமிழ்']);
    const looks = screen.getByRole('group', { name: 'Size' });
    await userEvent.click(within(panel).getByRole('radio', { name: 'தமிழ்' }));
    expect(hlsState.instances[0]).toMatchObject({ subtitleTrack: 2, subtitleDisplay: true });
    await userEvent.click(within(looks).getByRole('radio', { name: 'Large' }));
    await userEvent.click(within(looks).getByRole('checkbox', { name: 'Background behind the words' }));
    expect(document.querySelector('video')?.className).toBe(
      'vw-player__video vw-player__video--cues-large vw-player__video--cue-background',
    );
    // Esc closes the panel, not the player.
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('group', { name: 'Subtitles' })).toBeNull();
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: /^Subtitles\W+தமிழ்$/ })).toBeTruthy();
    expect(JSON.parse(window.localStorage.getItem('chitram.player.tracks.visitor') ?? '{}')).toEqual({
      audio: 'hi',
      subtitles: 'ta',
      size: 'large',
      background: true,
    });
  });

  it('takes the keyboard as soon as it opens: Space and k play and pause, arrows seek 10 s, m mutes', async () => {
    const { player } = openPlayer();
    await screen.findByRole('combobox', { name: 'Quality' });
    expect(document.activeElement).toBe(player);
    act(() => void video().pause());

    await userEvent.keyboard(' ');
    expect(video().paused).toBe(false);
    expect(screen.getByRole('button', { name: 'Pause' })).toBeTruthy();
    player.focus();
    await userEvent.keyboard('k');
    expect(video().paused).toBe(true);

    await userEvent.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}{ArrowLeft}');
    expect(video().currentTime).toBe(20);
    expect(screen.getByText('0:20 / 1:30:00')).toBeTruthy();
    await userEvent.keyboard('m');
    expect(video().muted).toBe(true);
  });

  it('closes on Esc, but not while a dialog is open over it', async () => {
    const { onClose } = openPlayer();
    await screen.findByRole('combobox', { name: 'Quality' });
    const dialog = document.body.appendChild(document.createElement('dialog'));
    dialog.setAttribute('open', '');
    await userEvent.keyboard('{Escape}');
    expect(onClose).not.toHaveBeenCalled();
    dialog.remove();
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('keeps its screen with a heartbeat saying where the viewer is', async () => {
    const { api } = openPlayer();
    await screen.findByRole('combobox', { name: 'Quality' });
    act(() => {
      video().currentTime = 42;
      video().dispatchEvent(new Event('pause'));
    });
    await waitFor(() => expect(api.called('POST playback/heartbeat')).toBeGreaterThan(0));
    expect(api.requests.filter((r) => r.path === 'playback/heartbeat').at(-1)?.body).toEqual({
      kind: 'movie',
      titleId: 'm-1',
      positionSeconds: 42,
      durationSeconds: 5400,
    });
  });

  it('says a stream the server refused (403) has expired', async () => {
    openPlayer();
    await screen.findByRole('combobox', { name: 'Quality' });
    act(() => hlsState.instances[0].emit('hlsError', { fatal: true, response: { code: 403 } }));
    expect(screen.getByRole('alert').textContent).toBe(
      'This stream has expired or is not yours. Close the player and press Play again.',
    );
    expect(hlsState.instances[0].destroyed).toBe(true);
  });

  it('ignores a failure hls.js recovers from by itself', async () => {
    openPlayer();
    await screen.findByRole('combobox', { name: 'Quality' });
    act(() => hlsState.instances[0].emit('hlsError', { fatal: false, details: 'bufferStalledError' }));
    expect(screen.queryByRole('alert')).toBeNull();
    act(() => hlsState.instances[0].emit('hlsError', { fatal: true, details: 'manifestLoadError' }));
    expect(screen.getByRole('alert').textContent).toBe('Something went wrong while streaming');
  });

  it('tells a browser that can play HLS neither way so, instead of a black box', async () => {
    hlsState.supported = false;
    openPlayer();
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This browser cannot play this stream. Try a recent Chrome, Firefox or Safari.',
    );
  });

  it('shows "Skip intro" during the intro only, and the button or S jumps past it (D42)', async () => {
    const { player } = openPlayer(jest.fn(), {
      ...STREAM,
      markers: { intro: { startSeconds: 10, endSeconds: 40 }, recap: { startSeconds: 60, endSeconds: 90 } },
    });
    await screen.findByRole('combobox', { name: 'Quality' });
    const at = (seconds: number) =>
      act(() => {
        video().currentTime = seconds;
        video().dispatchEvent(new Event('timeupdate'));
      });
    at(5);
    expect(screen.queryByRole('button', { name: 'Skip intro' })).toBeNull();
    at(15);
    await userEvent.click(screen.getByRole('button', { name: 'Skip intro' }));
    expect(video().currentTime).toBe(40);
    at(40);
    expect(screen.queryByRole('button', { name: 'Skip intro' })).toBeNull();
    at(61);
    expect(screen.getByRole('button', { name: 'Skip recap' })).toBeTruthy();
    player.focus();
    await userEvent.keyboard('s');
    expect(video().currentTime).toBe(90);
  });

  it("shows the picture and time where the pointer is on the seek bar, from the grant's trickplay index (D42)", async () => {
    const fetched = await withTrickplayIndex();
    const bar = await seekBarOf(1000);
    await waitFor(() => expect(fetched).toEqual(['/api/stream/tok/trickplay/index.vtt']));
    // Three quarters along a 90-minute film: 1:07:30, in the second thumbnail.
    await waitFor(() => {
      pointAt(bar, 750);
      const thumb = screen.getByTestId('seek-preview').querySelector<HTMLElement>('.vw-seek__thumb');
      expect(thumb?.style.backgroundImage).toBe('url("/api/stream/tok/trickplay/sheet_001.jpg")');
      expect(thumb?.style.backgroundPosition).toBe('-240px 0px');
    });
    expect(screen.getByTestId('seek-preview').textContent).toBe('1:07:30');
    fireEvent.pointerLeave(bar);
    expect(screen.queryByTestId('seek-preview')).toBeNull();
    // The keyboard (or a drag) moves the slider: the picture follows, and the video goes there.
    const slider = screen.getByRole('slider', { name: 'Seek' });
    fireEvent.change(slider, { target: { value: '600' } });
    expect(video().currentTime).toBe(600);
    expect(screen.getByTestId('seek-preview').textContent).toBe('10:00');
  });

  it('keeps the picture whole at the ends of the bar, as close to them as it is drawn (a phone draws it smaller)', async () => {
    await withTrickplayIndex();
    const bar = await seekBarOf(390);
    // The tile is 240 px wide; a phone's styles draw it 160 px wide, and its time narrower still.
    const drawn = jest.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (
      this: Element,
    ) {
      const width = this.classList.contains('vw-seek__thumb') ? 160 : 40;
      return { left: 0, width, top: 0, height: 20 } as DOMRect;
    });
    try {
      await waitFor(() => {
        pointAt(bar, 5);
        expect(screen.getByTestId('seek-preview').querySelector('.vw-seek__thumb')).not.toBeNull();
      });
      pointAt(bar, 4);
      // Its centre is half its drawn width in from the bar's start (not half the tile's: 120 px)…
      expect(screen.getByTestId('seek-preview').style.left).toBe('80px');
      // …and from its end.
      pointAt(bar, 388);
      expect(screen.getByTestId('seek-preview').style.left).toBe('310px');
    } finally {
      drawn.mockRestore();
    }
  });
});

const INDEX = [
  'WEBVTT',
  '',
  '00:00:00.000 --> 00:45:00.000',
  'sheet_001.jpg#xywh=0,0,240,134',
  '',
  '00:45:00.000 --> 01:30:00.000',
  'sheet_001.jpg#xywh=240,0,240,134',
  '',
].join('\n');

/** A player whose grant has a trickplay index (two thumbnails of a 90-minute film); the URLs it fetched. */
async function withTrickplayIndex(): Promise<string[]> {
  const fetched: string[] = [];
  const realFetch = global.fetch;
  global.fetch = jest.fn(async (url: string | URL | Request) => {
    fetched.push(String(url));
    return new Response(INDEX, { status: 200 });
  }) as typeof fetch;
  restoreFetch = () => (global.fetch = realFetch);
  openPlayer(jest.fn(), { ...STREAM, thumbnailsUrl: '/api/stream/tok/trickplay/index.vtt' });
  await screen.findByRole('combobox', { name: 'Quality' });
  act(() => {
    video().dispatchEvent(new Event('timeupdate'));
  });
  return fetched;
}
let restoreFetch: (() => void) | undefined;
afterEach(() => {
  restoreFetch?.();
  restoreFetch = undefined;
});

/** The seek bar, laid out this wide from the window's left edge. */
async function seekBarOf(width: number): Promise<HTMLElement> {
  const bar = screen.getByRole('slider', { name: 'Seek' }).parentElement!;
  bar.getBoundingClientRect = () => ({ left: 0, width, top: 0, height: 28 }) as DOMRect;
  return bar;
}

/** The pointer over the bar (jsdom has no PointerEvent: a mouse event of that type carries its place). */
function pointAt(bar: HTMLElement, clientX: number) {
  fireEvent(bar, new MouseEvent('pointermove', { bubbles: true, clientX }));
}
