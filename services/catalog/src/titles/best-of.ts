/**
 * The `limit` best of the items offered, in the order `ahead` gives (`ahead(a, b)`: a goes before b);
 * an item goes after every kept one it is not ahead of, so among equals the earlier offered stays
 * first. Kept in order as they come: no list of every candidate is made and sorted.
 */
export class BestOf<T> {
  private readonly kept: T[] = [];

  constructor(
    private readonly limit: number,
    private readonly ahead: (a: T, b: T) => boolean,
  ) {}

  offer(item: T): void {
    const kept = this.kept;
    let at = kept.length;
    while (at > 0 && !this.ahead(kept[at - 1], item)) at--;
    if (at >= this.limit) return;
    kept.splice(at, 0, item);
    if (kept.length > this.limit) kept.pop();
  }

  list(): T[] {
    return this.kept;
  }
}
