import { audioRenditionArgs } from './audio-rendition';

describe("an audio track's rendition (D44)", () => {
  const args = audioRenditionArgs({
    input: '/work/source',
    stream: 1,
    durationSeconds: 5425.5,
    startPts: 131_280,
    outDir: '/work/out',
  });
  const after = (flag: string) => args[args.indexOf(flag) + 1];

  it('takes the one audio stream asked for, and nothing of the picture', () => {
    expect(after('-i')).toBe('/work/source');
    expect(after('-map')).toBe('0:a:1');
    expect(args).toEqual(expect.arrayContaining(['-vn', '-sn', '-dn']));
  });

  it('makes it AAC stereo 48 kHz at −16 LUFS, as long as the video (cut, or padded with silence)', () => {
    expect(after('-af')).toBe('loudnorm=I=-16:TP=-1.5:LRA=11,aresample=48000,apad');
    expect(after('-t')).toBe('5425.500');
    expect([after('-c:a'), after('-b:a'), after('-ac'), after('-ar')]).toEqual(['aac', '128k', '2', '48000']);
  });

  it("starts its clock where the video's does, in 6-second VOD segments numbered from 0", () => {
    expect(after('-output_ts_offset')).toBe('1.458667');
    expect([after('-muxdelay'), after('-muxpreload')]).toEqual(['0', '0']);
    expect([after('-f'), after('-hls_time'), after('-hls_playlist_type')]).toEqual(['hls', '6', 'vod']);
    expect(after('-hls_segment_filename')).toBe('/work/out/segment_%04d.ts');
    expect(args.at(-1)).toBe('/work/out/index.m3u8');
  });
});
