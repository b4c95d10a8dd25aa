// How a title page is shared (issue 19), kept apart from React so it is tested directly.

/** The address a shared title opens: this site's title page, whatever query or hash the viewer had. */
export function titleShareUrl(origin: string, slug: string): string {
  return `${origin}/movie/${encodeURIComponent(slug)}/play`;
}

export type ShareOutcome = 'shared' | 'copied' | 'cancelled' | 'failed';

/** What the browser offers: the Web Share API where present, else the clipboard. */
export interface ShareTargets {
  share?: (data: ShareData) => Promise<void>;
  canShare?: (data: ShareData) => boolean;
  writeText?: (text: string) => Promise<void>;
}

/**
 * Shares through the system's share sheet where the browser has one (phones, tablets); else, or when
 * the sheet fails for another reason than the viewer closing it, copies the link.
 */
export async function shareTitle(
  data: ShareData & { url: string },
  targets: ShareTargets,
): Promise<ShareOutcome> {
  if (targets.share && (targets.canShare?.(data) ?? true)) {
    try {
      await targets.share(data);
      return 'shared';
    } catch (error) {
      // The viewer closed the sheet: nothing to say.
      if (error instanceof DOMException && error.name === 'AbortError') return 'cancelled';
    }
  }
  if (!targets.writeText) return 'failed';
  try {
    await targets.writeText(data.url);
    return 'copied';
  } catch {
    return 'failed';
  }
}
