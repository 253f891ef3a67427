import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { chatMessages, chatRooms } from '../../db/schema';
import { createApplication, createChatMessage, createChatRoom, createCompany, createJob, createUser } from '../../seed/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { storedResume } from '../../test/scenes';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000);

describe('unread message e-mails', () => {
  it('e-mails a message unread for 15 minutes once per conversation and quiet spell, never a read one', async () => {
    const owner = await createUser(t.db, { role: 'employer', fullName: 'Olga Owner' });
    const company = await createCompany(t.db, owner.id, { isApproved: true });
    const job = await createJob(t.db, company.id);
    const seeker = await createUser(t.db, { role: 'jobseeker', fullName: 'Sam Seeker' });
    await createApplication(t.db, { jobId: job.id, jobseekerId: seeker.id, resumeFileId: (await storedResume(t, seeker)).id });
    const room = await createChatRoom(t.db, { jobseekerId: seeker.id, companyId: company.id, employerId: owner.id, jobId: job.id });
    const say = (minutes: number, read = false) =>
      createChatMessage(t.db, {
        roomId: room.id,
        senderId: owner.id,
        fromJobseeker: false,
        content: `m${minutes}`,
        createdAt: minutesAgo(minutes),
        readAt: read ? minutesAgo(1) : null,
      });

    await say(30, true);
    await say(5);
    expect(await t.app.unreadReminders.runOnce()).toBe(0);

    // Two messages unread for over 15 minutes: one e-mail.
    await say(20);
    await say(16);
    expect(await t.app.unreadReminders.runOnce()).toBe(1);
    const mail = await t.smtp.waitForMail(seeker.email);
    expect(mail.subject).toContain('2 unread messages');
    expect(await t.app.unreadReminders.runOnce()).toBe(0);

    // A message after that e-mail, once it too has waited 15 minutes, starts a new spell: one more.
    // (The e-mail is moved 20 minutes back rather than waiting.)
    await t.db
      .update(chatRooms)
      .set({ jobseekerEmailedAt: minutesAgo(20) })
      .where(eq(chatRooms.id, room.id));
    await t.db
      .update(chatMessages)
      .set({ readAt: minutesAgo(19) })
      .where(eq(chatMessages.roomId, room.id));
    await say(17);
    expect(await t.app.unreadReminders.runOnce()).toBe(1);
    expect((await t.smtp.waitForMail(seeker.email, 2)).subject).toContain('an unread message');
    expect(await t.app.unreadReminders.runOnce()).toBe(0);
    // The owner is never e-mailed: the job seeker wrote nothing.
    expect(t.smtp.inbox.some((m) => m.to.includes(owner.email))).toBe(false);
  });
});
