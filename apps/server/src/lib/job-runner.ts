import type { FastifyBaseLogger } from 'fastify';

/** One kind of background work: does what is due at `now` (it claims its own rows, so any number of processes may run it). */
export interface Job {
  name: string;
  run(now: Date): Promise<unknown>;
}

/**
 * The server's background work on one timer (docs/decisions/011-interviews.md, 017-privacy.md):
 * interview reminders, data exports, retention. Each tick runs every job once, one after another;
 * a tick still running when the next is due is skipped, and a failing job is logged without
 * stopping the others. The jobs themselves claim their rows in the database (FOR UPDATE SKIP
 * LOCKED, or a daily row), so processes never do the same work twice.
 */
export function createJobRunner({ jobs, log }: { jobs: Job[]; log: FastifyBaseLogger }) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;

  async function runDue(now = new Date()): Promise<void> {
    for (const job of jobs) {
      try {
        await job.run(now);
      } catch (error) {
        log.error({ err: error, job: job.name }, `${job.name} failed`);
      }
    }
  }

  return {
    runDue,
    /** Runs the jobs every `intervalSeconds` (0: never; tests call the jobs themselves). */
    start(intervalSeconds: number) {
      if (intervalSeconds <= 0 || timer) return;
      timer = setInterval(() => {
        running ??= runDue().finally(() => (running = undefined));
      }, intervalSeconds * 1000);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}
export type JobRunner = ReturnType<typeof createJobRunner>;
