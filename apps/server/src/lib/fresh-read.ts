/** A read shared by concurrent callers, each getting a value read late enough for it. */
export interface FreshReader<T> {
  /**
   * A value read by a read begun after this call, or, given `notBefore` (by `now()`'s clock), by
   * one begun at or after it: the running read when it began late enough, else the next one.
   */
  (notBefore?: number): Promise<T>;
  /** Whether a read runs now (or is queued behind one that does). */
  readonly busy: boolean;
}

/**
 * Wraps a read so that every call gets a value read *after* the call began (or after the moment it
 * names), never an older one, while concurrent calls share reads: callers that arrive while a read
 * runs all wait for the one next read. Under load that is one read per round trip instead of one
 * per caller. `read` is told when it began.
 *
 * Reads never overlap: the next read starts in the same step that the one before is done with, so
 * a caller that asks again the moment its read ends (its continuation runs before a later one could
 * start) waits for that next read instead of starting a second one beside it.
 */
export function freshReader<T>(read: (startedAt: number) => Promise<T>, now: () => number = () => performance.now()): FreshReader<T> {
  let running: { value: Promise<T>; startedAt: number } | undefined;
  /** The next read, and how to start it once the running one ends. */
  let queued: { value: Promise<T>; start: () => void } | undefined;
  const start = (): Promise<T> => {
    const startedAt = now();
    const current = { value: read(startedAt), startedAt };
    running = current;
    const next = () => {
      if (running !== current) return;
      running = undefined;
      const waiting = queued;
      queued = undefined;
      waiting?.start();
    };
    current.value.then(next, next);
    return current.value;
  };
  const call = (notBefore?: number): Promise<T> => {
    if (!running) return start();
    if (notBefore !== undefined && running.startedAt >= notBefore) return running.value;
    if (!queued) {
      let begin!: () => void;
      const value = new Promise<T>((resolve, reject) => {
        begin = () => start().then(resolve, reject);
      });
      queued = { value, start: begin };
    }
    return queued.value;
  };
  return Object.defineProperty(call, 'busy', { get: () => running !== undefined }) as FreshReader<T>;
}
