// The seek bar's pictures (D42), for the player and the admin's marker panel: the WebVTT index media writes beside a video's sprite sheets, one cue
// per thumbnail naming its sheet and tile (`sheet_001.jpg#xywh=x,y,w,h`), relative to the index.

export interface Thumbnail {
  start: number;
  end: number;
  /** The sheet's address, resolved against the index's. */
  sheet: string;
  x: number;
  y: number;
  w: number;
  h: number;
}

const seconds = (stamp: string) =>
  stamp
    .split(':')
    .map(Number)
    .reduce((total, part) => total * 60 + part, 0);

/** The thumbnails of a WebVTT index; cues that are not `#xywh=` tiles are left out. */
export function parseThumbnails(vtt: string, indexUrl: string): Thumbnail[] {
  const base = new URL(indexUrl, 'http://index.invalid/');
  const cue = /([\d:.]+) --> ([\d:.]+)[^\n]*\n([^\s#]+)#xywh=(\d+),(\d+),(\d+),(\d+)/g;
  return [...vtt.matchAll(cue)].map((m) => {
    const sheet = new URL(m[3], base);
    return {
      start: seconds(m[1]),
      end: seconds(m[2]),
      sheet: sheet.origin === 'http://index.invalid' ? sheet.pathname : sheet.href,
      x: Number(m[4]),
      y: Number(m[5]),
      w: Number(m[6]),
      h: Number(m[7]),
    };
  });
}

/** The thumbnail shown at a time: the cue it falls in, else the nearest end one. */
export function thumbnailAt(thumbnails: readonly Thumbnail[], at: number): Thumbnail | undefined {
  return thumbnails.find((t) => at >= t.start && at < t.end) ?? (at <= 0 ? thumbnails[0] : thumbnails.at(-1));
}
