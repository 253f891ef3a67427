import type { DomainEvents, EventBus } from '../../lib/events';
import type { Db } from '../../db/client';
import { recordAudit } from '../audit';
import { presentMessage, storeCompanyMessages } from '../chat';
import { insertNotifications, notificationsFor } from '../notifications';
import * as moves from './pipeline-moves.repository';
import { firstNameOf } from './bulk.service';

/** How long an application may wait for any answer before it is closed for the job seeker's sake. */
export const unansweredDays = 30;
const batch = 200;

/** The polite closing note the job seeker reads in the chat (and whose notice rings their bell). */
export const closingMessage = (a: { jobseekerName: string; jobTitle: string; companyName: string }) =>
  `Hello ${firstNameOf(a.jobseekerName)}, thank you for applying to ${a.jobTitle}. We have not been able to answer your ` +
  `application within ${unansweredDays} days, so we are closing it now rather than keep you waiting. ` +
  `We wish you every success in your search. — ${a.companyName}`;

/**
 * No ghosting (issue #50): a background job of the job runner. Applications of jobs that close
 * unanswered ones (`jobs.auto_close`) left without any answer (no move, message or interview; see
 * `firstAnswerAt`) for 30 days are rejected by the system, with a polite chat message from the
 * company and the usual status notification. Rows are claimed FOR UPDATE SKIP LOCKED in the
 * transaction that closes them, so any number of processes may run it.
 */
export function createNoGhosting({ db, events }: { db: Db; events: EventBus }) {
  async function runBatch(now: Date): Promise<number> {
    const before = new Date(now.getTime() - unansweredDays * 86_400_000);
    const statusEvents: Array<DomainEvents['application.status_changed']> = [];
    const messages = await db.transaction(async (tx) => {
      const due = await moves.claimUnanswered(tx, before, batch);
      if (!due.length) return [];
      await moves.moveApplications(
        tx,
        due.map((a) => a.id),
        'rejected',
        { actor: 'system', userId: null },
      );
      for (const a of due) {
        statusEvents.push({
          applicationId: a.id,
          jobId: a.jobId,
          jobTitle: a.jobTitle,
          companyName: a.companyName,
          jobseekerId: a.jobseekerId,
          jobseekerName: a.jobseekerName,
          employerId: a.employerId,
          from: a.status,
          to: 'rejected',
          changedBy: 'system',
          changedByUserId: a.employerId,
        });
        await recordAudit(tx, {
          by: null,
          action: 'application.auto_closed',
          objectType: 'application',
          objectId: a.id,
          before: { status: a.status },
          after: { status: 'rejected' },
        });
      }
      await insertNotifications(
        tx,
        statusEvents.flatMap((e) => notificationsFor('application.status_changed', e)),
      );
      // One message per company and sender: the member who speaks for each job writes it.
      const stored = [];
      for (const a of due) {
        const [m] = await storeCompanyMessages(tx, { companyId: a.companyId, senderId: a.employerId }, [
          { jobseekerId: a.jobseekerId, jobId: a.jobId, content: closingMessage(a) },
        ]);
        if (m) stored.push({ ...m, companyId: a.companyId });
      }
      return stored;
    });
    for (const e of statusEvents) await events.emit('application.status_changed', e);
    for (const m of messages) {
      await events.emit('chat.message_created', {
        audience: { roomId: m.roomId, jobseekerId: m.jobseekerId, companyId: m.companyId },
        message: presentMessage(m),
        rooms: undefined,
      });
    }
    if (messages.length) await events.emit('notifications.created', {});
    return statusEvents.length;
  }

  return {
    /** Closes every application due at `now`, a batch per transaction; answers how many. */
    async runDue(now = new Date()): Promise<number> {
      let total = 0;
      for (let n = await runBatch(now); n > 0; n = await runBatch(now)) total += n;
      return total;
    },
  };
}
export type NoGhosting = ReturnType<typeof createNoGhosting>;
