/**
 * What separates the words of a search term: white space and ASCII or common Unicode punctuation, as
 * the database's catalog_tokens() splits titles, cast and descriptions (migration Catalogue), so that
 * words in Indian scripts stay whole. White space as the database's C.UTF-8 classes have it (no-break
 * spaces are not, though U+00A0 is listed among the punctuation).
 */
const SEPARATORS =
  /[\t\n\v\f\r \u1680\u2000-\u2006\u2008-\u200a\u2028\u2029\u205f\u3000\x21-\x2f\x3a-\x40\x5b-\x60\x7b-\x7e\u00a0\u0964\u0965\u2013\u2014\u2018\u2019\u201c\u201d\u2026]+/u;
/** Longer "words" are not words (catalog_tokens drops them too). */
const MAX_WORD_LENGTH = 60;

/** Code point order, as the database sorts text in the C collation. */
function byCodePoint(a: string, b: string): number {
  const x = [...a];
  const y = [...b];
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    const d = x[i].codePointAt(0)! - y[i].codePointAt(0)!;
    if (d !== 0) return d;
  }
  return x.length - y.length;
}

/**
 * The distinct words of a search term, lower-cased, in code point order, the first `max` of them:
 * catalog_tokens(term) worked out here, so that they are the words the search index holds.
 */
export function searchTokens(term: string, max: number): string[] {
  const words = new Set<string>();
  for (const word of term.split(SEPARATORS)) {
    // Letter by letter, as the database lowers text (no rule that looks at the letters around).
    const lower = Array.from(word, (letter) => letter.toLowerCase()).join('');
    if (lower !== '' && [...lower].length <= MAX_WORD_LENGTH) words.add(lower);
  }
  return [...words].sort(byCodePoint).slice(0, max);
}
