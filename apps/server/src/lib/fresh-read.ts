/**
 * Wraps a read so that every call gets a value read *after* the call began (never an older one),
 * while concurrent calls share reads: callers that arrive while a read runs all wait for the one
 * next read. Under load that is one read per round trip instead of one per caller.
 */
export function freshReader<T>(read: () => Promise<T>): () => Promise<T> {
  let running: Promise<T> | undefined;
  let queued: Promise<T> | undefined;
  const start = () => {
    const current = read().finally(() => {
      if (running === current) running = undefined;
    });
    running = current;
    return current;
  };
  return () => {
    if (!running) return start();
    // `running` may have started before this call: wait for it, then share the read after it.
    queued ??= running
      .catch(() => undefined)
      .then(() => {
        queued = undefined;
        return start();
      });
    return queued;
  };
}
