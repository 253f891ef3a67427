import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { claimUnpushed, presentNotification } from '../modules/notifications';
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
}: {
  db: Db;
  io: LiveServer;
  log: FastifyBaseLogger;
  sweepSeconds: number;
}) {
  let running: Promise<void> | undefined;
  let again = false;
  let closed = false;

  async function drain(): Promise<void> {
    for (;;) {
      const rows = await claimUnpushed(db, 200);
      for (const row of rows) io.to(`user:${row.userId}`).emit('notification:new', presentNotification(row));
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
