/** Paths under /api/movie/ that are routes, so no title may take them as its slug. */
const RESERVED_SLUGS = new Set(['subscription-status', 'stream']);
const MAX_SLUG_LENGTH = 80;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string): boolean {
  return UUID.test(value);
}

/**
 * A title's URL name (DECISIONS D10): lower case, Latin accents dropped, words of any script kept
 * whole (vowel signs included), everything else a single hyphen. 'Bāhubali: The Beginning' →
 * 'bahubali-the-beginning'; 'బాహుబలి 2' → 'బాహుబలి-2'. A title with no letters or digits is 'title'.
 */
export function slugify(title: string): string {
  const words = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
  // Cut by code points, never inside a surrogate pair, and not on a hyphen.
  const cut = Array.from(words).slice(0, MAX_SLUG_LENGTH).join('').replace(/-+$/, '');
  return cut.normalize('NFC') || 'title';
}

/**
 * The first free slug for `base` given the slugs already taken that start with it: `base` itself,
 * else `base-2`, `base-3`, ... Reserved route names and id-shaped slugs count as taken.
 */
export function firstFreeSlug(base: string, taken: Iterable<string>): string {
  const used = new Set(taken);
  const free = (slug: string) => !used.has(slug) && !RESERVED_SLUGS.has(slug) && !isUuid(slug);
  if (free(base)) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base}-${n}`;
    if (free(candidate)) return candidate;
  }
}
