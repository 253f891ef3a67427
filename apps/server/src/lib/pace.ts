/**
 * Letting the event loop in during long work (requests, replies from the database), so that work
 * done in the background delays a request by about `sliceMs` at most, not by the whole of it.
 */

/**
 * Runs steps (a generator that yields between its pieces: `SearchCache.applying`, say) to the end,
 * letting the event loop run whatever is waiting whenever a slice has run `sliceMs`: many changes
 * applied to many answers then delay a request by a slice at most, not by the whole of them.
 * Answers the result and the time spent running the steps.
 */
export async function inSlices<T>(steps: Generator<void, T, void>, sliceMs: number): Promise<{ value: T; busyMs: number }> {
  let busyMs = 0;
  let began = performance.now();
  for (;;) {
    const step = steps.next();
    if (step.done) return { value: step.value, busyMs: busyMs + performance.now() - began };
    const now = performance.now();
    if (now - began >= sliceMs) {
      busyMs += now - began;
      await new Promise<void>((resume) => setImmediate(resume));
      began = performance.now();
    }
  }
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
