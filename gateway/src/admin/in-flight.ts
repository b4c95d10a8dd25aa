/**
 * Reads of one key that arrive while that key is being answered share the answer on its way instead of
 * asking the services again (a single flight). Nothing is kept once the answer is given: a read that
 * arrives afterwards asks afresh, so an answer is never older than one round trip before its request,
 * whatever the number of gateway instances (each shares only its own reads in flight).
 */
export class InFlight<T> {
  private readonly pending = new Map<string, Promise<T>>();

  share(key: string, read: () => Promise<T>): Promise<T> {
    const running = this.pending.get(key);
    if (running) return running;
    const started = read().finally(() => this.pending.delete(key));
    this.pending.set(key, started);
    return started;
  }
}
