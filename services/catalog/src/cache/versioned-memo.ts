/**
 * Parts of answers kept in this process's memory under the catalogue version they were read at (the
 * version of CatalogueCache, which every admin write bumps): a newer version forgets them all, and a
 * read made under an older one is neither answered nor kept. Bounded in entries, least recently used
 * out first. Unlike the Redis cache of whole answers, these parts are shared by different requests
 * (two search terms with a word in common read that word's titles once).
 */
export class VersionedMemo<V> {
  private version = -1;
  private readonly entries = new Map<string, V>();

  constructor(private readonly maxEntries: number) {}

  get size(): number {
    return this.entries.size;
  }

  get(version: number, key: string): V | undefined {
    if (version !== this.version) return undefined;
    const value = this.entries.get(key);
    if (value !== undefined) {
      this.entries.delete(key); // most recently used last
      this.entries.set(key, value);
    }
    return value;
  }

  set(version: number, key: string, value: V): void {
    if (version < this.version) return;
    if (version > this.version) {
      this.entries.clear();
      this.version = version;
    }
    this.entries.delete(key);
    this.entries.set(key, value);
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= this.maxEntries) break;
      this.entries.delete(oldest);
    }
  }
}
