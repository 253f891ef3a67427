import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import { insertNotification } from '../notifications';
import type { InviteMailer } from './interview-invites';
import * as repo from './interviews.repository';

const batchSize = 20;

interface DueReminder {
  id: number;
  interview_id: number;
  kind: '24h' | '1h';
}

/**
 * Sends the interview reminders that are due, each exactly once, with any number of server
 * processes on one database (docs/decisions/011-interviews.md):
 * - a process claims due rows with FOR UPDATE SKIP LOCKED, so two processes never take the same row;
 * - it marks them sent and writes the notifications in the transaction that claims them, so a
 *   claimed row is never claimed again, also after a crash or restart;
 * - the e-mails go after that commit: a crash between the commit and the send loses an e-mail
 *   rather than sending it twice.
 * A moved or cancelled interview has had its rows replaced or deleted in the transaction that
 * moved it; the status check below is a second guard. The server's job runner (lib/job-runner.ts)
 * calls `runDue` on its timer.
 */
export function createReminderRunner({ db, invites }: { db: Db; invites: InviteMailer }) {
  async function runOnce(now: Date): Promise<{ claimed: number; sent: number }> {
    const claimed = await db.transaction(async (tx) => {
      const due = await queryRows<DueReminder>(
        tx,
        sql`select r.id, r.interview_id, r.kind
            from interview_reminders r
            where r.sent_at is null and r.due_at <= ${now.toISOString()}::timestamptz
            order by r.due_at
            limit ${batchSize}
            for update of r skip locked`,
      );
      if (!due.length) return { claimed: 0, toSend: [] };
      await tx.execute(sql`update interview_reminders set sent_at = ${now.toISOString()}::timestamptz
        where id in (${sql.join(
          due.map((d) => sql`${d.id}`),
          sql`, `,
        )})`);
      const toSend = [];
      for (const reminder of due) {
        const record = await repo.findInterviewRecord(tx, reminder.interview_id);
        const i = record?.interview;
        // Too late to remind (the server was down past the start), or no longer standing.
        if (!record || !i?.scheduledTime || !['scheduled', 'rescheduled'].includes(i.status) || i.scheduledTime <= now) continue;
        const what = `${record.jobTitle} at ${record.companyName}`;
        const when = reminder.kind === '24h' ? 'tomorrow' : 'in one hour';
        await insertNotification(tx, {
          userId: i.jobseekerId,
          type: `interview_reminder_${reminder.kind}`,
          message: `Your interview for ${what} is ${when}.`,
          link: '/jobseekerapplications',
        });
        await insertNotification(tx, {
          userId: i.interviewerId,
          type: `interview_reminder_${reminder.kind}`,
          message: `Your interview with ${record.jobseeker.fullName} for ${record.jobTitle} is ${when}.`,
          link: '/EmployerInterviews',
        });
        toSend.push({ reminder, record });
      }
      return { claimed: due.length, toSend };
    });
    await Promise.all(
      claimed.toSend.map(({ reminder, record }) => invites.send(reminder.kind === '24h' ? 'reminder_24h' : 'reminder_1h', record)),
    );
    return { claimed: claimed.claimed, sent: claimed.toSend.length };
  }

  return {
    /** Sends what is due at `now`; answers how many reminders went out. Runs until nothing more is due. */
    async runDue(now = new Date()): Promise<number> {
      let total = 0;
      for (;;) {
        const { claimed, sent } = await runOnce(now);
        total += sent;
        if (claimed === 0) return total;
      }
    },
  };
}
export type ReminderRunner = ReturnType<typeof createReminderRunner>;

declare module 'fastify' {
  interface FastifyInstance {
    /** The interview reminder runner (tests and benchmarks call `runDue` by hand). */
    reminders: ReminderRunner;
  }
}
