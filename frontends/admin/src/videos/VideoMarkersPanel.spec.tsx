/** @jest-environment @chitram/web-testing/jsdom-environment.js */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiStandIn, renderPage } from '../testing/render-page';
import { VideoMarkersPanel } from './VideoMarkersPanel';

const VIDEO = '0f5c3a58-6a86-4f0b-9b5e-2f1f3c1d9a01';
const PREVIOUS = '1a2b3c4d-6a86-4f0b-9b5e-2f1f3c1d9a02';
const VTT = [
  'WEBVTT',
  '',
  '00:00:00.000 --> 00:01:00.000',
  'sheet_001.jpg#xywh=0,0,240,134',
  '',
  '00:01:00.000 --> 00:02:00.000',
  'sheet_001.jpg#xywh=240,0,240,134',
  '',
].join('\n');

describe("the admin's marker panel (D42)", () => {
  const realFetch = global.fetch;
  beforeEach(() => {
    global.fetch = jest.fn(async () => new Response(VTT, { status: 200 })) as typeof fetch;
  });
  afterEach(() => {
    global.fetch = realFetch;
  });

  it('scrubs with the trickplay picture, sets times from the scrub bar, and shows the server’s field errors', async () => {
    const saved: unknown[] = [];
    const api = new ApiStandIn()
      .on(`GET admin/videos/${VIDEO}/markers`, {
        body: {
          videoId: VIDEO,
          durationSeconds: 120,
          markers: {},
          thumbnailsUrl: '/api/stream/tok/trickplay/index.vtt',
        },
      })
      .on(`PUT admin/videos/${VIDEO}/markers`, async (request) => {
        const body: unknown = await request.json();
        saved.push(body);
        return saved.length === 1
          ? {
              status: 400,
              body: {
                code: 'VALIDATION_FAILED',
                message: 'The markers do not fit the video.',
                fields: { 'recap.startSeconds': ['overlaps the intro'] },
              },
            }
          : { body: { videoId: VIDEO, durationSeconds: 120, markers: body, thumbnailsUrl: null } };
      });
    renderPage(<VideoMarkersPanel videoId={VIDEO} />, { at: '/admin', path: '/admin', api });
    const scrub = await screen.findByRole('slider');
    await waitFor(() =>
      expect(screen.getByTestId('marker-thumbnail').style.backgroundImage).toBe(
        'url("/api/stream/tok/trickplay/sheet_001.jpg")',
      ),
    );
    fireEvent.change(scrub, { target: { value: '75' } });
    expect(screen.getByTestId('marker-thumbnail').style.backgroundPosition).toBe('-240px 0px');

    await userEvent.click(screen.getAllByRole('button', { name: 'End here' })[0]);
    expect(screen.getByLabelText<HTMLInputElement>('Intro end (seconds)').value).toBe('75');
    await userEvent.type(screen.getByLabelText('Intro start (seconds)'), '10');
    await userEvent.type(screen.getByLabelText('Recap start (seconds)'), '60');
    await userEvent.type(screen.getByLabelText('Recap end (seconds)'), '70');
    await userEvent.click(screen.getByRole('button', { name: 'Save markers' }));
    expect(await screen.findByText('overlaps the intro')).toBeTruthy();
    expect(saved[0]).toEqual({
      intro: { startSeconds: 10, endSeconds: 75 },
      recap: { startSeconds: 60, endSeconds: 70 },
    });

    await userEvent.clear(screen.getByLabelText('Recap start (seconds)'));
    await userEvent.clear(screen.getByLabelText('Recap end (seconds)'));
    await userEvent.click(screen.getByRole('button', { name: 'Save markers' }));
    expect(await screen.findByText('Markers saved.')).toBeTruthy();
    expect(saved[1]).toEqual({ intro: { startSeconds: 10, endSeconds: 75 } });
  });

  it("fills in the previous episode's markers for the admin to check and save", async () => {
    const api = new ApiStandIn()
      .on(`GET admin/videos/${VIDEO}/markers`, {
        body: { videoId: VIDEO, durationSeconds: 120, markers: {}, thumbnailsUrl: null },
      })
      .on(`GET admin/videos/${PREVIOUS}/markers`, {
        body: {
          videoId: PREVIOUS,
          durationSeconds: 118,
          markers: {
            intro: { startSeconds: 5, endSeconds: 35 },
            credits: { startSeconds: 110, endSeconds: 118 },
          },
          thumbnailsUrl: null,
        },
      });
    renderPage(<VideoMarkersPanel videoId={VIDEO} previousVideoId={PREVIOUS} />, {
      at: '/admin',
      path: '/admin',
      api,
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Copy from the previous episode' }));
    await waitFor(() =>
      expect(screen.getByLabelText<HTMLInputElement>('Intro end (seconds)').value).toBe('35'),
    );
    expect(screen.getByLabelText<HTMLInputElement>('Credits start (seconds)').value).toBe('110');
    expect(api.requests.some((r) => r.method === 'PUT')).toBe(false);
  });

  it('offers a suggested intro (D42): Confirm saves it with the markers, Dismiss forgets it', async () => {
    const suggestion = { startSeconds: 5, endSeconds: 35.4 };
    const credits = { startSeconds: 110, endSeconds: 118 };
    const saved: unknown[] = [];
    const api = new ApiStandIn()
      .on(`GET admin/videos/${VIDEO}/markers`, {
        body: {
          videoId: VIDEO,
          durationSeconds: 120,
          markers: { credits },
          suggestedIntro: suggestion,
          thumbnailsUrl: null,
        },
      })
      .on(`PUT admin/videos/${VIDEO}/markers`, async (request) => {
        const body: unknown = await request.json();
        saved.push(body);
        return {
          body: {
            videoId: VIDEO,
            durationSeconds: 120,
            markers: body,
            suggestedIntro: null,
            thumbnailsUrl: null,
          },
        };
      });
    renderPage(<VideoMarkersPanel videoId={VIDEO} />, { at: '/admin', path: '/admin', api });
    const row = await screen.findByRole('group', { name: 'Suggested intro 0:05–0:35' });
    await userEvent.click(within(row).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Markers saved.')).toBeTruthy();
    expect(saved).toEqual([{ credits, intro: suggestion }]);
    expect(screen.queryByTestId('suggested-intro')).toBeNull();
    expect(screen.getByLabelText<HTMLInputElement>('Intro end (seconds)').value).toBe('35.4');
  });

  it('dismisses a suggested intro', async () => {
    const answer = { videoId: VIDEO, durationSeconds: 120, markers: {}, thumbnailsUrl: null };
    const api = new ApiStandIn()
      .on(`GET admin/videos/${VIDEO}/markers`, {
        body: { ...answer, suggestedIntro: { startSeconds: 0, endSeconds: 8 } },
      })
      .on(`DELETE admin/videos/${VIDEO}/markers/suggested-intro`, {
        body: { ...answer, suggestedIntro: null },
      });
    renderPage(<VideoMarkersPanel videoId={VIDEO} />, { at: '/admin', path: '/admin', api });
    const row = await screen.findByRole('group', { name: 'Suggested intro 0:00–0:08' });
    await userEvent.click(within(row).getByRole('button', { name: 'Dismiss' }));
    expect(await screen.findByText('The suggested intro is dismissed.')).toBeTruthy();
    expect(screen.queryByTestId('suggested-intro')).toBeNull();
    expect(api.requests.some((r) => r.method === 'PUT')).toBe(false);
  });
});
