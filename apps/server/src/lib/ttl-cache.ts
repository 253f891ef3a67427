/**
 * A small in-process cache: entries expire after `ttlMs`, the least recently used go first past
 * `maxEntries`, and an entry stored under one data version is never served for another.
 */
export class VersionedCache<V> {
  private readonly entries = new Map<string, { version: number; expires: number; value: V }>();

  constructor(
    private readonly maxEntries: number,
    private readonly ttlMs: number,
  ) {}

  get(key: string, version: number, now = Date.now()): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (entry.version !== version || entry.expires <= now) return undefined;
    this.entries.set(key, entry);
    return entry.value;
  }

  set(key: string, version: number, value: V, now = Date.now()): void {
    this.entries.delete(key);
    this.entries.set(key, { version, expires: now + this.ttlMs, value });
    while (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
  }

  get size(): number {
    return this.entries.size;
  }
}
