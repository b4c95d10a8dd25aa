import { chooseAudio, chooseSubtitles, type OfferedTrack } from './track-choice';

const track = (index: number, language: string, kind: Partial<OfferedTrack> = {}): OfferedTrack => ({
  index,
  language,
  name: language,
  forced: false,
  sdh: false,
  ...kind,
});

describe("the player's first audio and subtitles (D44)", () => {
  const dubs = [track(0, 'ta'), track(1, 'hi')];
  const texts = [
    track(0, 'ta', { forced: true }),
    track(1, 'ta'),
    track(2, 'hi', { sdh: true }),
    track(3, 'hi'),
  ];

  it("plays the profile's last audio, else the interface's language, else the title's, else the stream's", () => {
    expect(chooseAudio(dubs, 'hi', 'ta', 'ta')).toBe(1);
    expect(chooseAudio(dubs, 'bn', 'hi-IN', 'ta')).toBe(1);
    expect(chooseAudio(dubs, null, 'en', 'ta')).toBe(0);
    expect(chooseAudio(dubs, null, 'en', 'bn')).toBe(-1);
  });

  it('keeps what the profile chose, off included (then only a forced track in the audio language shows)', () => {
    expect(chooseSubtitles(texts, 'hi+sdh', 'en', 'ta', 'ta')).toBe(2);
    expect(chooseSubtitles(texts, 'hi', 'en', 'ta', 'ta')).toBe(3);
    expect(chooseSubtitles(texts, null, 'hi', 'ta', 'ta')).toBe(0);
    expect(chooseSubtitles(texts, null, 'hi', 'hi', 'hi')).toBe(-1);
  });

  it('turns subtitles on first where the audio is not the interface language (its plain track before SDH)', () => {
    expect(chooseSubtitles(texts, undefined, 'hi', 'ta', 'ta')).toBe(3);
    // The interface has none: the title's own language, when the audio is a dub.
    expect(chooseSubtitles(texts, undefined, 'bn', 'ta', 'hi')).toBe(1);
    // Audio in the interface language: off, but for the forced lines.
    expect(chooseSubtitles(texts, undefined, 'ta', 'ta', 'ta')).toBe(0);
    expect(chooseSubtitles(texts, undefined, 'hi', 'hi', 'hi')).toBe(-1);
  });
});
