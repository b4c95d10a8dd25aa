/**
 * DECISIONS D23: the HLS ladder. Renditions from 360p up to the source's height among these, each with
 * the bitrate a viewer on a mobile network can sustain for it (H.264 Main/High, AAC 128 kb/s).
 */
export const RENDITION_HEIGHTS = [360, 480, 720, 1080, 1440, 2160] as const;
export type RenditionHeight = (typeof RENDITION_HEIGHTS)[number];

const VIDEO_KBPS: Record<RenditionHeight, number> = {
  360: 800,
  480: 1400,
  720: 2800,
  1080: 5000,
  1440: 9000,
  2160: 16000,
};
export const AUDIO_KBPS = 128;
/** D23: segments of 6 seconds. */
export const SEGMENT_SECONDS = 6;

export interface Rendition {
  height: RenditionHeight;
  videoKbps: number;
}

/**
 * The renditions for a source of this height: every rung up to it, and at least 360p (a smaller source
 * is scaled up to 360 rather than refused). A source between two rungs gets the rungs below it: never
 * an upscaled rendition that adds bytes and no detail.
 */
export function ladderFor(sourceHeight: number): Rendition[] {
  const heights = RENDITION_HEIGHTS.filter((h) => h <= sourceHeight);
  return (heights.length ? heights : [360 as const]).map((height) => ({
    height,
    videoKbps: VIDEO_KBPS[height],
  }));
}

/** The bandwidth a master playlist announces for a rendition (video, audio and container overhead). */
export function bandwidthOf(rendition: Rendition): number {
  return Math.round((rendition.videoKbps + AUDIO_KBPS) * 1000 * 1.1);
}
