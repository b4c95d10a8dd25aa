/**
 * A line of text still to come: a shimmering bar inside the element that will hold the text, which so
 * keeps the height that element will have (its font's line), and nothing moves when the words arrive.
 */
export function SkeletonText({ width }: { width: string }) {
  return <span className="vw-skeleton vw-skeleton--text" style={{ width }} aria-hidden="true" />;
}
