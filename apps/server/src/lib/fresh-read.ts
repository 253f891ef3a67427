/**
 * Wraps a read so that every call gets a value read *after* the call began (never an older one),
 * while concurrent calls share reads: callers that arrive while a read runs all wait for the one
 * next read. Under load that is one read per round trip instead of one per caller.
 *
 * Reads never overlap: the next read starts in the same step that the one before is done with, so
 * a caller that asks again the moment its read ends (its continuation runs before a later one could
 * start) waits for that next read instead of starting a second one beside it.
 */
export function freshReader<T>(read: () => Promise<T>): () => Promise<T> {
  let running: Promise<T> | undefined;
  /** The next read, and how to start it once the running one ends. */
  let queued: { value: Promise<T>; start: () => void } | undefined;
  const start = (): Promise<T> => {
    const current = read();
    running = current;
    const next = () => {
      if (running !== current) return;
      running = undefined;
      const waiting = queued;
      queued = undefined;
      waiting?.start();
    };
    current.then(next, next);
    return current;
  };
  return () => {
    if (!running) return start();
    if (!queued) {
      let begin!: () => void;
      const value = new Promise<T>((resolve, reject) => {
        begin = () => start().then(resolve, reject);
      });
      queued = { value, start: begin };
    }
    return queued.value;
  };
}
