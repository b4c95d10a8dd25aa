/**
 * Answers kept for a few seconds, by key: what a stream grant asks of other services (a title's
 * playback source, a viewer's plan) is the same for thousands of grants in a row. An entry lives at
 * most `ttlMs` (or less, as `keep` says), and goes at once when forgotten (the events that change it).
 * A load that was under way when its key (or everything) was forgotten is answered but not kept: it
 * may predate the change. Loads of one key at the same time share one call.
 */
export class ShortCache<V> {
  private readonly entries = new Map<string, { value: V; until: number }>();
  private readonly loading = new Map<string, Promise<V>>();
  /** Bumped by every forget: a load started before it is not kept. */
  private generation = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 50_000,
  ) {}

  /**
   * The kept value of `key`, else `load()`'s, kept until `keep(value)` (epoch ms; `ttlMs` at most,
   * nothing kept when it says 0).
   */
  get(key: string, load: () => Promise<V>, keep: (value: V) => number = () => Infinity): Promise<V> {
    const now = Date.now();
    const entry = this.entries.get(key);
    if (entry && entry.until > now) return Promise.resolve(entry.value);
    if (entry) this.entries.delete(key);
    const generation = this.generation;
    const sharedKey = `${generation} ${key}`;
    const pending = this.loading.get(sharedKey);
    if (pending) return pending;
    const loaded = load()
      .then((value) => {
        const until = Math.min(Date.now() + this.ttlMs, keep(value));
        if (generation === this.generation && until > Date.now()) this.set(key, value, until);
        return value;
      })
      .finally(() => this.loading.delete(sharedKey));
    this.loading.set(sharedKey, loaded);
    return loaded;
  }

  forget(key: string): void {
    this.generation++;
    this.entries.delete(key);
  }

  clear(): void {
    this.generation++;
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }

  private set(key: string, value: V, until: number): void {
    this.entries.delete(key);
    this.entries.set(key, { value, until });
    // Oldest out first; a full cache is one of many short-lived viewers, never a leak.
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= this.maxEntries) break;
      this.entries.delete(oldest);
    }
  }
}
