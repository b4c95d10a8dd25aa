/**
 * A line of text still to come: a shimmering bar inside the element that will hold the text, which so
 * keeps the height that element will have (its font's line), and nothing moves when the words arrive.
 */
export function SkeletonText({ width }: { width: string }) {
  return <span className="vw-skeleton vw-skeleton--text" style={{ width }} aria-hidden="true" />;
}

/** A rail still to come: its heading and a row of posters, holding the room the rail will take. */
export function SkeletonRail() {
  return (
    <div className="vw-skeleton-rail" aria-hidden="true">
      <span className="vw-skeleton vw-skeleton--heading" />
      <div className="vw-skeleton-rail__track">
        {[0, 1, 2, 3, 4, 5, 6].map((i) => (
          <span key={i} className="vw-skeleton vw-skeleton--poster" />
        ))}
      </div>
    </div>
  );
}
