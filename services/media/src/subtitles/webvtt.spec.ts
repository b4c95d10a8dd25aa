import { parseSubtitles, segmentSubtitles, SubtitleFileError, toWebVtt } from './webvtt';

const file = (text: string) => Buffer.from(text, 'utf8');

function refusal(text: string): SubtitleFileError {
  try {
    parseSubtitles(file(text));
  } catch (error) {
    if (error instanceof SubtitleFileError) return error;
    throw error;
  }
  throw new Error('the file was taken');
}

describe('subtitle files (D44)', () => {
  it('turns SRT into WebVTT: times with dots, tags WebVTT knows kept, others dropped, a bare & escaped', () => {
    const srt =
      '\uFEFF1\r\n00:00:01,000 --> 00:00:02,500\r\n<i>Hello</i> & {\\an8}<font color="red">you</font>\r\n\r\n2\r\n00:01:02,345 --> 00:01:04,000\r\nவணக்கம்\r\nline two\r\n';
    const parsed = parseSubtitles(file(srt));
    expect(parsed.format).toBe('srt');
    expect(toWebVtt(parsed.cues)).toBe(
      'WEBVTT\n\n00:00:01.000 --> 00:00:02.500\n<i>Hello</i> &amp; you\n\n00:01:02.345 --> 00:01:04.000\nவணக்கம்\nline two\n',
    );
  });

  it('reads WebVTT by its content, with identifiers, settings, notes and hours left out', () => {
    const vtt =
      'WEBVTT - a film\n\nNOTE made by hand\n\nfirst\n00:05.000 --> 00:07.250 line:90% align:center\nनमस्ते\n\n00:00:01.000 --> 00:00:02.000\nearlier\n';
    const { format, cues } = parseSubtitles(file(vtt));
    expect(format).toBe('vtt');
    expect(cues).toEqual([
      { start: 1, end: 2, settings: '', text: 'earlier' },
      { start: 5, end: 7.25, settings: 'line:90% align:center', text: 'नमस्ते' },
    ]);
  });

  it.each([
    [
      'an SRT cue that ends before it starts',
      '1\n00:00:01,000 --> 00:00:02,000\nok\n\n2\n00:00:05,000 --> 00:00:04,000\nbad\n',
      6,
    ],
    ['an SRT timing with 61 seconds', '1\n00:00:61,000 --> 00:01:02,000\nbad\n', 2],
    ['an SRT timing without its arrow', '1\n00:00:01,000 00:00:02,000\nbad\n', 2],
    ['an SRT block without a timing', '1\n00:00:01,000 --> 00:00:02,000\nok\n\n2\nno timing here\n', 6],
    ['a WebVTT time with a comma', 'WEBVTT\n\n00:00:01,000 --> 00:00:02.000\nbad\n', 3],
    ['a WebVTT cue of no length', 'WEBVTT\n\nid\n00:00:03.000 --> 00:00:03.000\nbad\n', 4],
  ])('refuses %s with its line', (_what, text, line) => {
    expect(refusal(text).line).toBe(line);
  });

  it('refuses bytes that are not UTF-8, and a file without cues', () => {
    expect(() => parseSubtitles(Buffer.from([0x31, 0x0a, 0xff, 0xfe]))).toThrow(SubtitleFileError);
    expect(refusal('WEBVTT\n\nNOTE nothing\n').message).toMatch(/no cues/);
  });

  it('cuts cues into 60 s segments mapped to the first frame, a cue across a boundary in both', () => {
    const { cues } = parseSubtitles(
      file('WEBVTT\n\n00:00:10.000 --> 00:00:12.000\nA\n\n00:00:59.000 --> 00:01:01.000\nB\n'),
    );
    const { playlist, segments } = segmentSubtitles(cues, 90, 126000);
    expect(playlist).toBe(
      '#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:60\n#EXT-X-MEDIA-SEQUENCE:0\n#EXT-X-PLAYLIST-TYPE:VOD\n#EXTINF:60.000,\nseg_0000.vtt\n#EXTINF:30.000,\nseg_0001.vtt\n#EXT-X-ENDLIST\n',
    );
    expect(segments.get('seg_0000.vtt')).toBe(
      'WEBVTT\nX-TIMESTAMP-MAP=MPEGTS:126000,LOCAL:00:00:00.000\n\n00:00:10.000 --> 00:00:12.000\nA\n\n00:00:59.000 --> 00:01:01.000\nB\n',
    );
    expect(segments.get('seg_0001.vtt')).toBe(
      'WEBVTT\nX-TIMESTAMP-MAP=MPEGTS:126000,LOCAL:00:00:00.000\n\n00:00:59.000 --> 00:01:01.000\nB\n',
    );
  });
});
