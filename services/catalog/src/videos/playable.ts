import type { TitleVideo } from '@chitram/contracts';

/** A link worth playing as given: an absolute http(s) address (D23). */
const EXTERNAL = /^https?:\/\//i;

export function isExternalLink(link: string | null | undefined): link is string {
  return EXTERNAL.test(link ?? '');
}

/**
 * Whether a title has something to play now (issue 19): a ready video, or its own link played as given
 * (D23). One that has not is shown "Coming soon", with no Play, and is never the home page's hero.
 */
export function isPlayable(
  video: Pick<TitleVideo, 'state'> | null,
  link: string | null | undefined,
): boolean {
  return video?.state === 'ready' || isExternalLink(link);
}
