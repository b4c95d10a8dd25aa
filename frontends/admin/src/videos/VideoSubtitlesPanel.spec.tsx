/** @jest-environment @chitram/web-testing/jsdom-environment.js */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiStandIn, renderPage } from '../testing/render-page';
import { VideoSubtitlesPanel } from './VideoSubtitlesPanel';

const VIDEO = '0f5c3a58-6a86-4f0b-9b5e-2f1f3c1d9a01';
const TAMIL = {
  subtitleId: 'a1b2c3d4e5f6',
  videoId: VIDEO,
  language: 'ta',
  forced: false,
  sdh: false,
  name: 'தமிழ்',
  cueCount: 3,
  format: 'srt',
  createdAt: '2026-11-28T05:00:00.000Z',
};
const HINDI = { ...TAMIL, subtitleId: 'b1b2c3d4e5f6', language: 'hi', sdh: true, name: 'हिन्दी (SDH)' };

describe("the admin's subtitles panel (D44)", () => {
  it('lists the tracks, sends a file with its language and kind, shows a broken timing with its line, removes one', async () => {
    const sent: { url: string; type: string | null; body: string }[] = [];
    let listed = [TAMIL];
    const api = new ApiStandIn()
      .on(`GET admin/videos/${VIDEO}/subtitles`, () => ({ body: { videoId: VIDEO, subtitles: listed } }))
      .on(`POST admin/videos/${VIDEO}/subtitles`, async (request) => {
        sent.push({
          url: request.url,
          type: request.headers.get('content-type'),
          body: await request.text(),
        });
        if (sent.length === 1)
          return {
            status: 400,
            body: {
              code: 'SUBTITLE_INVALID',
              message: 'Line 6: the cue ends (00:00:02,500) before it starts (00:00:03,000).',
              fields: { file: ['Line 6: …'] },
            },
          };
        listed = [HINDI, TAMIL];
        return { status: 201, body: { ...HINDI, format: 'vtt', cueCount: 2 } };
      })
      .on(`DELETE admin/videos/${VIDEO}/subtitles/${TAMIL.subtitleId}`, () => {
        listed = [HINDI];
        return { body: { videoId: VIDEO, subtitles: listed } };
      });
    renderPage(<VideoSubtitlesPanel videoId={VIDEO} />, { at: '/admin', path: '/admin', api });
    const list = await screen.findByRole('list');
    expect(within(list).getByRole('listitem').textContent).toContain('Tamil (தமிழ்)full · 3 cues');

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'Hindi (हिन्दी)');
    await userEvent.click(screen.getByRole('checkbox', { name: 'SDH (sounds and speakers)' }));
    const picker = screen.getByLabelText('Subtitle file (SRT or WebVTT, up to 512 KB)');
    await userEvent.upload(picker, new File(['1\n00:00:03,000 --> 00:00:02,500\nbad\n'], 'hindi.srt'));
    await userEvent.click(screen.getByRole('button', { name: 'Add subtitles' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Line 6: the cue ends (00:00:02,500) before it starts (00:00:03,000).',
    );
    expect(sent[0].url).toContain('?language=hi&forced=false&sdh=true');
    expect(sent[0].type).toBe('application/x-subrip');

    await userEvent.upload(picker, new File(['WEBVTT\n\n00:01.000 --> 00:02.000\nनमस्ते\n'], 'hindi.vtt'));
    await userEvent.click(screen.getByRole('button', { name: 'Add subtitles' }));
    await screen.findByText('हिन्दी (SDH) added: 2 cues.');
    expect(sent[1]).toMatchObject({ type: 'text/vtt', body: 'WEBVTT\n\n00:01.000 --> 00:02.000\nनमस्ते\n' });
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Hindi (हिन्दी)SDH · 3 cuesRemove',
      'Tamil (தமிழ்)full · 3 cuesRemove',
    ]);

    await userEvent.click(screen.getByRole('button', { name: 'Remove Tamil subtitles (full)' }));
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(1));
    expect(await screen.findByText('தமிழ் removed.')).toBeTruthy();
  });
});
