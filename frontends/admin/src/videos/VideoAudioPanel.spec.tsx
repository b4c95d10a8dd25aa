/** @jest-environment @chitram/web-testing/jsdom-environment.js */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiStandIn, renderPage } from '../testing/render-page';
import { VideoAudioPanel } from './VideoAudioPanel';

const VIDEO = '0f5c3a58-6a86-4f0b-9b5e-2f1f3c1d9a01';
const ORIGINAL = {
  audioTrackId: 'a1b2c3d4e5f6',
  videoId: VIDEO,
  language: 'ta',
  original: true,
  source: 'original',
  sourceStream: null,
  name: 'தமிழ்',
  state: 'ready',
  error: null,
  createdAt: '2026-12-01T21:00:00.000Z',
};
const TELUGU = {
  ...ORIGINAL,
  audioTrackId: 'b1b2c3d4e5f6',
  language: 'te',
  original: false,
  source: 'stream',
  sourceStream: 1,
  name: 'తెలుగు',
  state: 'transcoding',
};
const HINDI = {
  ...TELUGU,
  audioTrackId: 'c1b2c3d4e5f6',
  language: 'hi',
  source: 'upload',
  sourceStream: null,
  name: 'हिन्दी',
  state: 'queued',
};
const STREAMS = [
  { stream: 0, language: 'tam', title: null, codec: 'aac', channels: 2 },
  { stream: 1, language: 'tel', title: 'Telugu dub', codec: 'ac3', channels: 6 },
];
const UPLOAD = `admin/videos/${VIDEO}/audio/upload/c1b2c3d4e5f6`;

describe("the admin's audio tracks panel (D44)", () => {
  it("adds a dub from one of the source's streams, shows it being made until it is ready, and removes one", async () => {
    let listed: object[] = [];
    const sent: unknown[] = [];
    const api = new ApiStandIn()
      .on(`GET admin/videos/${VIDEO}/audio`, () => ({
        body: { videoId: VIDEO, tracks: listed, sourceStreams: STREAMS },
      }))
      .on(`POST admin/videos/${VIDEO}/audio`, async (request) => {
        sent.push(await request.json());
        listed = [ORIGINAL, TELUGU];
        return { status: 201, body: TELUGU };
      })
      .on(`DELETE admin/videos/${VIDEO}/audio/${TELUGU.audioTrackId}`, () => {
        listed = [];
        return { body: { videoId: VIDEO, tracks: listed, sourceStreams: STREAMS } };
      });
    renderPage(<VideoAudioPanel videoId={VIDEO} />, { at: '/admin', path: '/admin', api });
    expect(
      await screen.findByText("Only the video's own sound. Add a dub in another language."),
    ).toBeTruthy();

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'Telugu (తెలుగు)');
    await userEvent.click(
      screen.getByRole('radio', { name: 'Source audio stream 2 (tel, Telugu dub, ac3, 6 ch)' }),
    );
    // The file picker is for a file: gone when the sound comes from the source.
    expect(screen.queryByLabelText(/^Audio file/)).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Add audio track' }));
    await screen.findByText('Telugu audio added; it plays once it is made.');
    expect(sent).toEqual([{ language: 'te', sourceStream: 1 }]);
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      "Tamil (தமிழ்), originalthe video's own sound · ready",
      'Telugu (తెలుగు)source audio stream 2 · being made…Remove',
    ]);
    // A language the video has is not offered again.
    const languages = within(screen.getByRole('combobox', { name: 'Language' }));
    expect(languages.queryByRole('option', { name: 'Telugu (తెలుగు)' })).toBeNull();
    expect(languages.queryByRole('option', { name: 'Tamil (தமிழ்)' })).toBeNull();

    // It is read again while it is being made, until it is ready.
    listed = [ORIGINAL, { ...TELUGU, state: 'ready' }];
    await screen.findByText('source audio stream 2 · ready', {}, { timeout: 5000 });

    await userEvent.click(screen.getByRole('button', { name: 'Remove Telugu (తెలుగు) audio' }));
    await screen.findByText('Telugu (తెలుగు) audio removed.');
    expect(screen.queryAllByRole('listitem')).toHaveLength(0);
  });

  it('sends a file over tus in its language, and shows why a file that is not audio was refused', async () => {
    let listed: object[] = [];
    const patched: string[] = [];
    let created = '';
    const api = new ApiStandIn()
      .on(`GET admin/videos/${VIDEO}/audio`, () => ({
        body: { videoId: VIDEO, tracks: listed, sourceStreams: [] },
      }))
      .on(`POST admin/videos/${VIDEO}/audio/upload`, (request) => {
        created = `${new URL(request.url).search} ${request.headers.get('upload-length')}`;
        return { status: 201, headers: { location: `/api/${UPLOAD}` } };
      })
      .on(`PATCH ${UPLOAD}`, async (request) => {
        const body = await request.text();
        patched.push(`${request.headers.get('upload-offset')}:${body}`);
        if (body.startsWith('not'))
          return {
            status: 415,
            body: {
              code: 'AUDIO_INVALID',
              message: 'The file is not audio: no audio stream was found in it.',
            },
          };
        listed = [ORIGINAL, HINDI];
        return { status: 204, headers: { 'upload-offset': String(new TextEncoder().encode(body).length) } };
      });
    renderPage(<VideoAudioPanel videoId={VIDEO} />, { at: '/admin', path: '/admin', api });
    await screen.findByText("Only the video's own sound. Add a dub in another language.");
    expect(screen.getByRole('radio', { name: 'An audio file' })).toHaveProperty('checked', true);

    const picker = screen.getByLabelText("Audio file (WAV, MP3, AAC, FLAC or a video's sound; resumable)");
    await userEvent.click(screen.getByRole('button', { name: 'Add audio track' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Choose an audio file.');

    await userEvent.upload(picker, new File(['not a sound'], 'notes.wav', { type: 'audio/wav' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add audio track' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'The file is not audio: no audio stream was found in it.',
      ),
    );
    expect(created).toBe('?language=hi 11');

    await userEvent.upload(picker, new File(['RIFF…WAVE'], 'hindi.wav', { type: 'audio/wav' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add audio track' }));
    await screen.findByText('Hindi audio added; it plays once it is made.');
    expect(patched).toEqual(['0:not a sound', '0:RIFF…WAVE']);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      "Tamil (தமிழ்), originalthe video's own sound · ready",
      'Hindi (हिन्दी)uploaded file · being made…Remove',
    ]);
  });
});
