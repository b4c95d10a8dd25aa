import { parseThumbnails, thumbnailAt } from './trickplay-index';
import { markerFieldErrors } from './videos-answers';

describe('the trickplay index (D42)', () => {
  const vtt = [
    'WEBVTT',
    '',
    '00:00:00.000 --> 00:00:10.000',
    'sheet_001.jpg#xywh=0,0,240,134',
    '',
    '01:00:10.000 --> 01:00:14.500',
    'sheet_002.jpg#xywh=240,134,240,134',
    '',
  ].join('\n');

  it('reads each cue with its tile, the sheet resolved against the index', () => {
    const cues = parseThumbnails(vtt, '/api/stream/tok/trickplay/index.vtt');
    expect(cues).toEqual([
      { start: 0, end: 10, sheet: '/api/stream/tok/trickplay/sheet_001.jpg', x: 0, y: 0, w: 240, h: 134 },
      {
        start: 3610,
        end: 3614.5,
        sheet: '/api/stream/tok/trickplay/sheet_002.jpg',
        x: 240,
        y: 134,
        w: 240,
        h: 134,
      },
    ]);
    expect(thumbnailAt(cues, 3612)?.x).toBe(240);
    expect(thumbnailAt(cues, 4000)?.x).toBe(240);
    expect(parseThumbnails('WEBVTT\n\nnot a cue', '/x.vtt')).toEqual([]);
  });
});

describe('markers against their video (D42)', () => {
  it('takes spans inside the video that do not overlap', () => {
    expect(
      markerFieldErrors(
        { recap: { startSeconds: 0, endSeconds: 30 }, intro: { startSeconds: 30, endSeconds: 90 } },
        600,
      ),
    ).toEqual({});
  });

  it('names the field of each breach', () => {
    expect(
      markerFieldErrors(
        {
          intro: { startSeconds: 10, endSeconds: 5 },
          recap: { startSeconds: 1, endSeconds: 20 },
          credits: { startSeconds: 550, endSeconds: 700 },
        },
        600,
      ),
    ).toEqual({
      'intro.endSeconds': ['must be after the start'],
      'credits.endSeconds': ['must be within the video (600 s)'],
      'recap.startSeconds': ['overlaps the intro'],
    });
  });
});
