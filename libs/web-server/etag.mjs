// Conditional requests (RFC 9110 §13.1.2): whether an If-None-Match header names an entity's tag, for
// the static files (index.mjs) and the answers kept at the edge (edge-cache.mjs) alike.

/** If-None-Match holds a list of tags (or `*`), compared weakly: true when one names `etag`. */
export function matchesEtag(header, etag) {
  if (!header) return false;
  const opaque = (tag) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === opaque(etag));
}
