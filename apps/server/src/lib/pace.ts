/**
 * Letting the event loop in during long work (requests, replies from the database), so that work
 * done in the background delays a request by about `sliceMs` at most, not by the whole of it.
 */

/**
 * For a loop in an async function: `breathe()` between its pieces answers undefined while the run
 * begun at the last pause (or at the start) is younger than `sliceMs`, else a promise to await,
 * resolved on the next turn of the event loop.
 */
export function breather(sliceMs: number): () => Promise<void> | undefined {
  let began = performance.now();
  return () => {
    if (performance.now() - began < sliceMs) return undefined;
    return new Promise<void>((resume) =>
      setImmediate(() => {
        began = performance.now();
        resume();
      }),
    );
  };
}

/**
 * For many small pieces of work that would otherwise run back to back in one drain of the microtask
 * queue (the answers one shared read completes, say): `pace(work)` queues `work` and answers its
 * result; the queue runs in order, and lets the event loop in whenever its run has taken `sliceMs`.
 */
export function pacer(sliceMs: number): <T>(work: () => T) => Promise<T> {
  const queue: Array<() => void> = [];
  let scheduled = false;
  const drain = () => {
    const began = performance.now();
    while (queue.length) {
      if (performance.now() - began >= sliceMs) {
        setImmediate(drain);
        return;
      }
      queue.shift()!();
    }
    scheduled = false;
  };
  return <T>(work: () => T) =>
    new Promise<T>((resolve, reject) => {
      queue.push(() => {
        try {
          resolve(work());
        } catch (error) {
          reject(error);
        }
      });
      if (!scheduled) {
        scheduled = true;
        queueMicrotask(drain);
      }
    });
}
