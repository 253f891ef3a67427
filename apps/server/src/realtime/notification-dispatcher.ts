import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { claimUnpushed, noticesPresenter, type PresentNotices } from '../modules/notifications';
import type { LiveServer } from './realtime';

/**
 * Pushes every notification row to its user (`notification:new`), whichever module wrote it: rows
 * are claimed (`pushed_at`) and pushed after their commit. Kicked by `notifications.created`, and
 * it sweeps every few seconds for rows written without a kick (another process without Redis, a
 * crash between commit and push). Claims are SKIP LOCKED, so processes never push a row twice.
 */
export function createNotificationDispatcher({
  db,
  io,
  log,
  sweepSeconds,
  present = noticesPresenter(),
}: {
  db: Db;
  io: LiveServer;
  log: FastifyBaseLogger;
  sweepSeconds: number;
  /** How rows are shown (the notifications service's: some types' words are worked out when shown). */
  present?: PresentNotices;
}) {
  let running: Promise<void> | undefined;
  let again = false;
  let closed = false;

  async function drain(): Promise<void> {
    for (;;) {
      const rows = await claimUnpushed(db, 200);
      const shown = await present(rows);
      rows.forEach((row, i) => io.to(`user:${row.userId}`).emit('notification:new', shown[i]!));
      if (rows.length < 200) return;
    }
  }

  function flush(): Promise<void> {
    if (closed) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      try {
        do {
          again = false;
          await drain();
        } while (again && !closed);
      } catch (error) {
        if (!closed) log.warn({ err: error }, 'pushing notifications failed; the next sweep retries');
      } finally {
        running = undefined;
      }
    })();
    return running;
  }

  const timer = setInterval(() => void flush(), sweepSeconds * 1000);
  timer.unref();
  return {
    kick: () => void flush(),
    flush,
    close() {
      closed = true;
      clearInterval(timer);
    },
  };
}
