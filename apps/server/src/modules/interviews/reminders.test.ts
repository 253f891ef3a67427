import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, like } from 'drizzle-orm';
import type { InterviewOut } from '@jobportal/shared';
import { openPostgres, type Database } from '../../db/client';
import { notifications } from '../../db/schema';
import { createApplication } from '../../seed/factories';
import { createSmtpMailer } from '../../lib/mail';
import { bearer, createTestApp, json, signedInUser, type TestApp } from '../../test/harness';
import { employerWithJob, storedResume } from '../../test/scenes';
import { createInviteMailer } from './interview-invites';
import { createReminderRunner, type ReminderRunner } from './reminders';

let t: TestApp;
let second: Database | undefined;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_MULTIPLIER: '100' });
});
afterAll(async () => {
  await second?.close();
  await t?.close();
});

const hour = 3_600_000;
const silent = { error: () => undefined, warn: () => undefined, info: () => undefined } as never;

/** Another server process's runner on the same database (its own connections on PostgreSQL; PGlite has one process). */
async function otherProcessRunner(): Promise<{ runner: ReminderRunner; flush: () => Promise<void> }> {
  if (t.database.kind === 'postgres') second ??= await openPostgres(t.database.url!, { max: 4 });
  const invites = createInviteMailer({
    mailer: createSmtpMailer(t.smtp.url, t.config.mailFrom),
    log: silent,
    ctx: { productName: 'Hireloop', publicUrl: 'http://localhost', uidDomain: 'localhost', organizerEmail: 'no-reply@hireloop.local' },
  });
  return { runner: createReminderRunner({ db: (second ?? t.database).db, invites }), flush: invites.flush };
}

describe('interview reminders', () => {
  it('fire 24 h and 1 h before, once each, with two processes and a restart; moved and cancelled ones do not fire at their old times', async () => {
    const employer = await employerWithJob(t);
    const seeker = await signedInUser(t, { role: 'jobseeker' });
    const resume = await storedResume(t, seeker.user);
    const application = await createApplication(t.db, { jobId: employer.job.id, jobseekerId: seeker.user.id, resumeFileId: resume.id });
    const start = Date.now();
    const at = (h: number) => new Date(Math.ceil((start + h * hour) / 60_000) * 60_000).toISOString();
    const schedule = async (h: number) =>
      json<InterviewOut>(
        await t.app.inject({
          method: 'POST',
          url: '/api/schedule-interview/',
          headers: bearer(employer.token),
          payload: { application: application.id, scheduled_time: at(h), duration_minutes: 30, time_zone: 'UTC', mode: 'phone' },
        }),
      );
    await schedule(25); // "kept": reminders due at +1 h and +24 h
    const moved = await schedule(30); // would be due at +6 h and +29 h
    const cancelled = await schedule(28); // would be due at +4 h and +27 h
    const patch = (id: number, payload: object) =>
      t.app.inject({ method: 'PATCH', url: `/api/update-interview/${id}/`, headers: bearer(employer.token), payload });
    expect((await patch(moved.id, { scheduled_time: at(50) })).statusCode).toBe(200); // now due at +26 h and +49 h
    expect((await patch(cancelled.id, { status: 'cancelled' })).statusCode).toBe(200);

    const other = await otherProcessRunner();
    const both = async (h: number) => {
      const now = new Date(start + h * hour + 2 * 60_000);
      const sent = await Promise.all([
        t.app.reminders.runDue(now),
        other.runner.runDue(now),
        t.app.reminders.runDue(now),
        other.runner.runDue(now),
      ]);
      return sent.reduce((a, b) => a + b, 0);
    };
    expect(await both(0.5)).toBe(0);
    expect(await both(1)).toBe(1); // kept, 24 h before
    expect(await both(1)).toBe(0);
    // A restart: a new runner on the same database finds nothing left to send.
    const restarted = await otherProcessRunner();
    expect(await restarted.runner.runDue(new Date(start + 1 * hour + 3 * 60_000))).toBe(0);
    expect(await both(6)).toBe(0); // the moved interview's old time
    expect(await both(4)).toBe(0); // the cancelled one's
    expect(await both(24)).toBe(1); // kept, 1 h before
    expect(await both(26)).toBe(1); // moved, 24 h before its new time
    expect(await both(27)).toBe(0);
    expect(await both(49)).toBe(1); // moved, 1 h before
    expect(await both(200)).toBe(0);
    await Promise.all([other.flush(), restarted.flush()]);

    const reminderNotes = async (userId: number) =>
      (
        await t.db
          .select({ n: count() })
          .from(notifications)
          .where(and(eq(notifications.userId, userId), like(notifications.type, 'interview_reminder_%')))
      )[0]!.n;
    expect(await reminderNotes(seeker.user.id)).toBe(4);
    expect(await reminderNotes(employer.user.id)).toBe(4);
    const mails = t.smtp.inbox.filter((m) => m.to.includes(seeker.user.email) && /^(Tomorrow|In one hour)/.test(m.subject));
    expect(mails).toHaveLength(4);
  });
});
