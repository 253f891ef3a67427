/**
 * Gathers the calls made in one synchronous run (until the microtask queue next runs) into one call
 * of `run` with all their asks, in order: `run` answers each ask at the same index, and each caller
 * gets its own answer (or the failure, when `run` fails).
 */
export function batched<A, R>(run: (asks: A[]) => Promise<R[]>): (ask: A) => Promise<R> {
  type Waiting = { ask: A; resolve: (answer: R) => void; reject: (error: unknown) => void };
  let gathering: Waiting[] | undefined;
  return (ask) =>
    new Promise<R>((resolve, reject) => {
      if (!gathering) {
        const batch: Waiting[] = (gathering = []);
        queueMicrotask(() => {
          gathering = undefined;
          Promise.resolve()
            .then(() => run(batch.map((b) => b.ask)))
            .then(
              (answers) => batch.forEach((b, i) => b.resolve(answers[i]!)),
              (error: unknown) => batch.forEach((b) => b.reject(error)),
            );
        });
      }
      gathering.push({ ask, resolve, reject });
    });
}
