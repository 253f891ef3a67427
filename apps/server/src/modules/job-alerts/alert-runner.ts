import type { FastifyBaseLogger } from 'fastify';
import { alertSearchQuery } from '@jobportal/shared';
import type { Db } from '../../db/client';
import { utcToday } from '../../lib/dates';
import type { EventBus } from '../../lib/events';
import type { Mailer } from '../../lib/mail';
import { alertEmail, nextDigestAt } from './alert-mail';
import * as emails from './alert-emails.repository';
import * as queue from './alert-queue.repository';
import { findJobTokens } from './percolator.repository';

/** The most jobs one e-mail lists. */
export const jobsPerEmail = 10;
/** Jobs matched per transaction of the queue. */
const queueBatch = 10;
/** Alerts e-mailed per transaction. */
const emailBatch = 20;

/**
 * Matches public jobs with the alerts' searches, in the caller's transaction: a match row per search
 * and job that has none yet, then the alerts' notices and e-mail times. Answers the notices written,
 * the matches (searches and jobs) and the owners of the alerts that heard of them.
 */
export async function matchJobs(tx: Db, jobIds: number[]): Promise<{ notices: number; matches: number; userIds: number[] }> {
  const fresh = new Map<number, number>();
  const today = utcToday();
  let matches = 0;
  for (const jobId of jobIds) {
    const tokens = await findJobTokens(tx, jobId, today);
    if (!tokens) continue;
    for (const searchId of await queue.insertMatches(tx, jobId, tokens)) {
      fresh.set(searchId, (fresh.get(searchId) ?? 0) + 1);
      matches++;
    }
  }
  return { ...(await queue.afterMatches(tx, fresh)), matches };
}

/**
 * The alerts' background work (docs/decisions/024-job-alerts.md), run by any number of processes
 * on one database: the queue of jobs that became public is claimed FOR UPDATE SKIP LOCKED and its
 * matches, notices and e-mail times written in the claiming transaction (a crash rolls it all
 * back: the job waits in the queue again); the e-mails that are due are claimed the same way and
 * sent after their commit (a crash in between loses an e-mail rather than sending it twice).
 */
export function createAlertRunner(deps: {
  db: Db;
  events: EventBus;
  mailer: Mailer;
  log: FastifyBaseLogger;
  productName: string;
  /** The public address links start with. */
  base: string;
  manageToken: (alert: { id: number; tokenSalt: string }) => string;
}) {
  const { db, events, mailer, log, base } = deps;
  /** Matches the queued jobs, a batch per transaction, until the queue is empty; answers the jobs matched. */
  async function processQueue(): Promise<number> {
    let done = 0;
    for (;;) {
      const { claimed, notices, userIds } = await db.transaction(async (tx) => {
        const jobs = await queue.claimQueued(tx, queueBatch);
        const { notices, userIds } = await matchJobs(
          tx,
          jobs.map((job) => job.jobId),
        );
        return { claimed: jobs.length, notices, userIds };
      });
      done += claimed;
      if (notices) await events.emit('notifications.created', {});
      // Their unread notices count more jobs now: their screens read them again.
      if (userIds.length) await events.emit('job_alerts.matched', { userIds });
      // Closing: what is left waits in the queue for the next pass (this process's or another's).
      if (claimed < queueBatch || closing) return done;
    }
  }

  /** Sends the e-mails due at `now`, each alert's claimed in a transaction and sent after it commits (at most once). */
  async function sendDue(now = new Date()): Promise<number> {
    let sent = 0;
    for (;;) {
      const { claimed, outbox } = await db.transaction(async (tx) => {
        const due = await emails.claimDueEmails(tx, now, emailBatch);
        const outbox = [];
        const today = utcToday(now);
        for (const alert of due) {
          const { jobs, more } = alert.to ? await emails.takeUnemailed(tx, alert.id, today, jobsPerEmail) : { jobs: [], more: 0 };
          const send = alert.to !== null && jobs.length > 0;
          const next = alert.to === null || alert.frequency === 'instant' ? null : nextDigestAt(now, alert.frequency, alert.timeZone);
          await emails.emailDone(tx, alert.id, send, next);
          if (send) {
            outbox.push(
              alertEmail({
                to: alert.to!,
                productName: deps.productName,
                alertName: alert.name,
                frequency: alert.frequency,
                jobs,
                more,
                links: { base, manageToken: deps.manageToken(alert), searchQuery: alertSearchQuery(alert.criteria) },
              }),
            );
          }
        }
        return { claimed: due.length, outbox };
      });
      for (const message of outbox) {
        try {
          await mailer.send(message);
          sent++;
        } catch (error) {
          log.warn({ err: error }, 'job alert e-mail failed');
        }
      }
      if (claimed < emailBatch) return sent;
    }
  }

  // One pass at a time in this process; a kick during a pass runs another after it.
  let running: Promise<void> | undefined;
  let closing = false;
  let again = false;
  function kick(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      try {
        do {
          again = false;
          await processQueue();
          await sendDue();
        } while (again && !closing);
      } catch (error) {
        log.warn({ err: error }, 'job alerts pass failed; the job runner retries');
      } finally {
        running = undefined;
      }
    })();
    return running;
  }

  return {
    processQueue,
    sendDue,
    kick,
    /** Waits for this process's pass in progress (started by an event), if any. */
    /** Stops after the batch in progress (the server is closing); the queue keeps the rest. */
    close: async () => {
      closing = true;
      while (running) await running;
    },
    idle: async () => {
      while (running) await running;
    },
  };
}
