import path from 'node:path';
import { eq, inArray, isNull, sql } from 'drizzle-orm';
import { describe, expect, inject, it } from 'vitest';
import { makePdf } from '../../seed/documents';
import { createApplication, createCompany, createInterview, createJob, createUploadedFile, createUser } from '../../seed/factories';
import { interviewReminders, interviews } from '../../db/schema';
import { createLocalStorage } from '../../lib/storage';
import { waitForExit } from '../../test/server-process';
import { useServerProcesses } from '../../test/process-pair';
import { waitFor } from '../../test/wait';

/**
 * Reminders exactly once with real server processes (docs/decisions/011-interviews.md): two
 * processes on one PostgreSQL database run the reminder loop every second and mail a real SMTP peer;
 * one is killed with SIGKILL between two waves of due reminders and started again. Every due
 * reminder reaches both sides once; a cancelled interview's never does. PostgreSQL pass only
 * (vitest.config.ts): PGlite is one process's database.
 */
const target = inject('testDb');
const subject = /^In one hour: /;

describe.skipIf(target.kind !== 'postgres')('interview reminders across two server processes with a kill -9', () => {
  const setting = useServerProcesses('reminders', {
    RATE_LIMIT_MULTIPLIER: '100',
    JWT_SECRET: 'reminder-test-secret-long-enough-0123456789',
  });
  const { dataDir, start } = setting;

  it('mails each due reminder once to each side, across a SIGKILL and a restart, and never a cancelled one', async () => {
    const { database, smtp } = setting;
    const db = database.db;
    const storage = createLocalStorage(path.join(dataDir, 'uploads'));
    const owner = await createUser(db, { role: 'employer', email: 'owner@reminders.test', password: 'correct-horse-battery' });
    const company = await createCompany(db, owner.id, { isApproved: true });
    const job = await createJob(db, company.id);
    const soon = Date.now() + 50 * 60_000;

    /** An interview of its own job seeker, 50 minutes ahead (each in its own quarter hour) with its 1-hour reminder not yet due. */
    let n = 0;
    const interview = async () => {
      const i = n++;
      const seeker = await createUser(db, { role: 'jobseeker', email: `seeker-${i}@reminders.test`, password: null });
      const resume = await createUploadedFile(db, storage, seeker.id, {
        name: 'cv.pdf',
        contentType: 'application/pdf',
        data: makePdf(`Seeker ${i}`, ['cv']),
      });
      const application = await createApplication(db, { jobId: job.id, jobseekerId: seeker.id, resumeFileId: resume.id });
      const row = await createInterview(db, {
        applicationId: application.id,
        interviewerId: owner.id,
        scheduledTime: new Date(soon + i * 15 * 60_000),
        durationMinutes: 15,
      });
      await db.insert(interviewReminders).values({ interviewId: row.id, kind: '1h', dueAt: new Date(Date.now() + 3_600_000) });
      return { id: row.id, email: seeker.email };
    };
    const waves = [[], [], []] as Array<Array<{ id: number; email: string }>>;
    for (const wave of waves) for (let i = 0; i < 8; i++) wave.push(await interview());
    const cancelledByApi = await interview();
    const cancelledLate = await interview();

    /** Makes a wave's reminders due: their due time is now in the past. */
    const makeDue = (ids: number[]) =>
      db
        .update(interviewReminders)
        .set({ dueAt: sql`now() - interval '1 second'` })
        .where(inArray(interviewReminders.interviewId, ids));
    const remindersTo = (email: string) => smtp.inbox.filter((m) => m.to.includes(email) && subject.test(m.subject)).length;
    const mailedOnce = (wave: Array<{ email: string }>) => wave.every((i) => remindersTo(i.email) === 1);
    const unsent = async () =>
      (await db.select({ id: interviewReminders.id }).from(interviewReminders).where(isNull(interviewReminders.sentAt))).length;

    const [a, b] = await Promise.all([start(), start()]);

    // Cancelled through the API: its reminder rows go with the cancellation.
    const login = await fetch(`${a!.url}/api/login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: owner.email, password: 'correct-horse-battery' }),
    });
    const { accessToken } = (await login.json()) as { accessToken: string };
    const cancel = await fetch(`${a!.url}/api/update-interview/${cancelledByApi.id}/`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` },
      body: JSON.stringify({ status: 'cancelled' }),
    });
    expect(cancel.status).toBe(200);
    // Cancelled as a runner might see it in a race: the row is still there, the interview is not standing.
    await db.update(interviews).set({ status: 'cancelled' }).where(eq(interviews.id, cancelledLate.id));

    // Wave 1, with both processes running.
    await makeDue([...waves[0]!.map((i) => i.id), cancelledByApi.id, cancelledLate.id]);
    await waitFor('wave 1 mailed', () => mailedOnce(waves[0]!) && smtp.inbox.filter((m) => subject.test(m.subject)).length >= 16);
    await waitFor('wave 1 claimed', async () => (await unsent()) === 16);

    // Kill -9 one process between the waves; the other carries wave 2 alone.
    a!.child.kill('SIGKILL');
    await waitForExit(a!.child);
    await makeDue(waves[1]!.map((i) => i.id));
    await waitFor('wave 2 mailed', () => mailedOnce(waves[1]!));

    // Start it again on the same database: it finds nothing of waves 1 and 2 left to send, and shares wave 3.
    const again = await start();
    await makeDue(waves[2]!.map((i) => i.id));
    await waitFor('wave 3 mailed', () => mailedOnce(waves[2]!));
    await waitFor('every due reminder claimed', async () => (await unsent()) === 0);

    // Stop both gracefully: an e-mail still in flight is sent before the exit, so the count below is final.
    for (const s of [b!, again]) s.child.kill('SIGTERM');
    expect(await Promise.all([waitForExit(b!.child), waitForExit(again.child)])).toEqual([0, 0]);

    for (const i of waves.flat()) expect(remindersTo(i.email), i.email).toBe(1);
    for (const i of [cancelledByApi, cancelledLate]) expect(remindersTo(i.email), i.email).toBe(0);
    // The interviewer's copy: one per reminder, 24 in all.
    expect(remindersTo(owner.email)).toBe(24);
    expect(smtp.inbox.filter((m) => subject.test(m.subject))).toHaveLength(48);
  }, 90_000);
});
