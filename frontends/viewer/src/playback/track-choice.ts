// The audio and subtitle choices of the player (D44): which track plays first, and what a profile chose
// last time. Pure rules, and the browser storage they are kept in.

/** A track of the stream as the player offers it: hls.js's index, its language and kind. */
export interface OfferedTrack {
  index: number;
  /** BCP 47 code of the master playlist's LANGUAGE (`ta`, `bho`); '' when it names none. */
  language: string;
  name: string;
  forced: boolean;
  sdh: boolean;
}

export const SUBTITLE_SIZES = ['small', 'medium', 'large'] as const;
export type SubtitleSize = (typeof SUBTITLE_SIZES)[number];

/** What a profile chose: an audio language, a subtitle language or off, and how subtitles look. */
export interface TrackPreferences {
  audio: string | null;
  /** A language, with `+sdh` for its SDH track; null: off. */
  subtitles: string | null;
  size: SubtitleSize;
  background: boolean;
}

export const DEFAULT_PREFERENCES: TrackPreferences = {
  audio: null,
  subtitles: null,
  size: 'medium',
  background: false,
};

const base = (code: string | null | undefined) => (code ?? '').toLowerCase().split('-')[0];

/** The key of a subtitle track in the preferences: its language, and `+sdh` for SDH. */
export const subtitleKey = (track: OfferedTrack) => `${base(track.language)}${track.sdh ? '+sdh' : ''}`;

/**
 * The audio track to play: the one the profile chose last time if this stream has it, else the one in
 * the profile's interface language, else the title's own language, else the stream's default (-1).
 */
export function chooseAudio(
  tracks: OfferedTrack[],
  saved: string | null,
  interfaceLanguage: string,
  titleLanguage: string | null,
): number {
  for (const wanted of [saved, interfaceLanguage, titleLanguage]) {
    const found = wanted ? tracks.find((t) => base(t.language) === base(wanted)) : undefined;
    if (found) return found.index;
  }
  return -1;
}

/**
 * The subtitle track to show (-1: off). A choice the profile made is kept (off included) when this
 * stream has that track. Otherwise subtitles come on only where they help: in the interface language
 * when the audio is in another one (then, failing that, in the title's language when the audio is not
 * the title's). With subtitles off, a forced track in the audio's language still shows (its foreign lines).
 */
export function chooseSubtitles(
  tracks: OfferedTrack[],
  saved: TrackPreferences['subtitles'] | undefined,
  interfaceLanguage: string,
  titleLanguage: string | null,
  audioLanguage: string | null,
): number {
  const plain = tracks.filter((t) => !t.forced);
  const forcedFor = (language: string | null) =>
    tracks.find((t) => t.forced && base(t.language) === base(language))?.index ?? -1;
  if (saved !== undefined) {
    if (saved === null) return forcedFor(audioLanguage ?? titleLanguage);
    const found =
      plain.find((t) => subtitleKey(t) === saved) ?? plain.find((t) => base(t.language) === base(saved));
    if (found) return found.index;
  }
  const audio = base(audioLanguage ?? titleLanguage);
  for (const wanted of [interfaceLanguage, titleLanguage]) {
    if (!wanted || base(wanted) === audio) continue;
    const found =
      plain.find((t) => base(t.language) === base(wanted) && !t.sdh) ??
      plain.find((t) => base(t.language) === base(wanted));
    if (found) return found.index;
  }
  return forcedFor(audio);
}

/** Where a profile's choices are kept: this browser's storage, one entry per profile (D44). */
export const preferencesKey = (profileId: string) => `chitram.player.tracks.${profileId}`;

export function loadPreferences(profileId: string | null): Partial<TrackPreferences> | undefined {
  if (!profileId) return undefined;
  try {
    const stored = JSON.parse(window.localStorage.getItem(preferencesKey(profileId)) ?? 'null') as unknown;
    if (!stored || typeof stored !== 'object') return undefined;
    const value = stored as Record<string, unknown>;
    const out: Partial<TrackPreferences> = {};
    if (typeof value.audio === 'string' || value.audio === null) out.audio = value.audio;
    if (typeof value.subtitles === 'string' || value.subtitles === null) out.subtitles = value.subtitles;
    if ((SUBTITLE_SIZES as readonly unknown[]).includes(value.size)) out.size = value.size as SubtitleSize;
    if (typeof value.background === 'boolean') out.background = value.background;
    return out;
  } catch {
    return undefined;
  }
}

export function savePreferences(profileId: string | null, preferences: Partial<TrackPreferences>): void {
  if (!profileId) return;
  try {
    const current = loadPreferences(profileId) ?? {};
    window.localStorage.setItem(preferencesKey(profileId), JSON.stringify({ ...current, ...preferences }));
  } catch {
    // Storage full or refused (a private window): the choice holds for this play only.
  }
}
