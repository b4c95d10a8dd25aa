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

  /** Whether `item`, offered now, would be kept: so that one need not be made only to be dropped. */
  wouldKeep(item: T): boolean {
    const kept = this.kept;
    if (kept.length < this.limit) return true;
    return this.limit > 0 && !this.ahead(kept[kept.length - 1], item);
  }

  list(): T[] {
    return this.kept;
  }
}
