import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import type { ChatRoomOut } from '@jobportal/shared';
import {
  applications,
  auditLog,
  authSessions,
  chatMessages,
  chatRooms,
  companies,
  companyMembers,
  interviewFeedbacks,
  interviews,
  jobs,
  jobseekerProfiles,
  notifications,
  savedJobs,
  uploadedFiles,
  users,
} from '../../db/schema';
import {
  createApplication,
  createChatMessage,
  createChatRoom,
  createCompany,
  createFeedback,
  createInterview,
  createProfile,
  createRecruiter,
  createSavedJob,
  createUploadedFile,
  createUser,
} from '../../seed/factories';
import { bearer, createTestApp, json, listenLocally, signedInUser, type TestApp } from '../../test/harness';
import { employerWithJob, storedResume } from '../../test/scenes';

let t: TestApp;
let url: string;
const sockets: Socket[] = [];
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_MULTIPLIER: '100' });
  url = await listenLocally(t);
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await t?.close();
});

const password = 'correct-horse-battery';
const remove = (token: string | null, payload: object) =>
  t.app.inject({ method: 'DELETE', url: '/api/account/', headers: token ? bearer(token) : {}, payload });
const signIn = (email: string) => t.app.inject({ method: 'POST', url: '/api/login/', payload: { email, password } });

/** A job seeker with everything a deletion touches: profile, files, an application with an interview and feedback, a conversation, saved job, notification. */
async function fullSeeker() {
  const employer = await employerWithJob(t);
  const seeker = await signedInUser(t, { role: 'jobseeker', fullName: 'Dana Delete' });
  const photo = await createUploadedFile(t.db, t.storage, seeker.user.id, {
    name: 'dana.png',
    contentType: 'image/png',
    data: Buffer.from('png'),
    folder: 'photos',
  });
  const resume = await storedResume(t, seeker.user);
  await createProfile(t.db, seeker.user.id, {
    bio: 'Dana bio',
    photoFileId: photo.id,
    resumeFileId: resume.id,
    skills: [{ skill_name: 'Go' }],
  });
  const application = await createApplication(t.db, { jobId: employer.job.id, jobseekerId: seeker.user.id, resumeFileId: resume.id });
  await t.db.update(applications).set({ coverLetter: 'Dear Dana employer' }).where(eq(applications.id, application.id));
  const interview = await createInterview(t.db, {
    applicationId: application.id,
    interviewerId: employer.user.id,
    scheduledTime: new Date(Date.now() - 86_400_000),
    status: 'completed',
  });
  await createFeedback(t.db, { interviewId: interview.id, authorId: employer.user.id, isApproved: true });
  const room = await createChatRoom(t.db, { jobseekerId: seeker.user.id, companyId: employer.company.id, employerId: employer.user.id });
  await createChatMessage(t.db, { roomId: room.id, senderId: seeker.user.id, fromJobseeker: true, content: 'Hello from Dana' });
  await createChatMessage(t.db, { roomId: room.id, senderId: employer.user.id, fromJobseeker: false, content: 'Hello Dana' });
  await createSavedJob(t.db, seeker.user.id, employer.job.id);
  await t.db.insert(notifications).values({ userId: seeker.user.id, type: 'x', message: 'for Dana' });
  return { employer, seeker, application, interview, room, files: [photo, resume] };
}

describe('DELETE /api/account/', () => {
  it('erases the job seeker: files, profile, saved jobs, notifications, sessions and sockets go; the other side keeps a "Former member"', async () => {
    const { employer, seeker, application, interview, room, files } = await fullSeeker();
    const socket = connect(url, {
      path: '/socket.io/',
      auth: { token: seeker.token },
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
    });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    const disconnected = new Promise<string>((resolve) => socket.once('disconnect', (reason) => resolve(reason)));

    const res = await remove(seeker.token, { password });
    expect(res.statusCode).toBe(204);
    expect(await disconnected).toBe('io server disconnect');

    // Signed out everywhere, and the old address and password open nothing.
    expect((await t.app.inject({ url: '/api/account/exports/', headers: bearer(seeker.token) })).statusCode).toBe(401);
    expect((await signIn(seeker.user.email)).statusCode).toBe(401);
    expect(await t.db.select().from(authSessions).where(eq(authSessions.userId, seeker.user.id))).toEqual([]);

    // What goes.
    for (const file of files) expect(fs.existsSync(path.join(t.uploadsDir, file.storageKey))).toBe(false);
    expect(await t.db.select().from(uploadedFiles).where(eq(uploadedFiles.ownerId, seeker.user.id))).toEqual([]);
    expect(await t.db.select().from(jobseekerProfiles).where(eq(jobseekerProfiles.userId, seeker.user.id))).toEqual([]);
    expect(await t.db.select().from(savedJobs).where(eq(savedJobs.userId, seeker.user.id))).toEqual([]);
    expect(await t.db.select().from(notifications).where(eq(notifications.userId, seeker.user.id))).toEqual([]);
    const [row] = await t.db.select().from(users).where(eq(users.id, seeker.user.id));
    expect(row).toMatchObject({ fullName: 'Former member', passwordHash: null, isActive: false, timeZone: null });
    expect(row!.email).not.toContain(seeker.user.email.split('@')[0]);
    expect(row!.deletedAt).toBeInstanceOf(Date);

    // What stays for the company: the application without letter or resume, the interview and its feedback, the conversation.
    const [kept] = await t.db.select().from(applications).where(eq(applications.id, application.id));
    expect(kept).toMatchObject({ coverLetter: '', resumeFileId: null });
    expect(await t.db.select().from(interviews).where(eq(interviews.id, interview.id))).toHaveLength(1);
    expect(await t.db.select().from(interviewFeedbacks).where(eq(interviewFeedbacks.interviewId, interview.id))).toHaveLength(1);
    expect(await t.db.select().from(chatMessages).where(eq(chatMessages.roomId, room.id))).toHaveLength(2);
    const seen = json<ChatRoomOut>(await t.app.inject({ url: `/api/chatrooms/${room.id}/`, headers: bearer(employer.token) }));
    expect(seen.jobseeker.full_name).toBe('Former member');
    expect(seen.jobseeker.photo).toBeNull();

    // The audit entry names the account by id, with no e-mail or name of it.
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user.self_deleted'), eq(auditLog.objectId, String(seeker.user.id))));
    expect(entry).toBeDefined();
    expect(JSON.stringify(entry)).not.toContain(seeker.user.email);
    expect(JSON.stringify(entry)).not.toContain('Dana');

    // The address can sign up again, as a new person.
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/signup/',
      payload: { email: seeker.user.email, password: 'a-new-long-password-42', full_name: 'Dana Again', role: 'jobseeker' },
    });
    expect(again.statusCode).toBe(201);
    const [fresh] = await t.db.select().from(users).where(eq(users.email, seeker.user.email));
    expect(fresh!.id).not.toBe(seeker.user.id);
  });

  it('refuses a wrong password or code (400, nothing deleted), empty or mixed proof (400), and nobody signed out (401)', async () => {
    const seeker = await signedInUser(t, { role: 'jobseeker' });
    const wrong = await remove(seeker.token, { password: 'not-the-password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json<{ fields: Record<string, string[]> }>().fields.password).toBeDefined();
    expect((await remove(seeker.token, {})).statusCode).toBe(400);
    expect((await remove(seeker.token, { password, otp: '123456' })).statusCode).toBe(400);
    expect((await remove(seeker.token, { otp: '12' })).statusCode).toBe(400);
    // A code never asked for is expired (400 too).
    expect((await remove(seeker.token, { otp: '123456' })).statusCode).toBe(400);
    expect((await remove(null, { password })).statusCode).toBe(401);
    const [row] = await t.db.select().from(users).where(eq(users.id, seeker.user.id));
    expect(row!.deletedAt).toBeNull();
    expect((await t.app.inject({ url: '/api/account/exports/', headers: bearer(seeker.token) })).statusCode).toBe(200);
  });

  it('deletes with a mailed code (an account without a password)', async () => {
    const seeker = await signedInUser(t, { role: 'jobseeker' });
    // Signs in with codes or Google from now on: no password to give.
    await t.db.update(users).set({ passwordHash: null }).where(eq(users.id, seeker.user.id));
    const sent = await t.app.inject({ method: 'POST', url: '/api/account/deletion-code/', headers: bearer(seeker.token) });
    expect(sent.statusCode).toBe(202);
    const code = await t.smtp.waitForCode(seeker.user.email);
    expect((await remove(seeker.token, { password })).statusCode).toBe(400);
    expect((await remove(seeker.token, { otp: code })).statusCode).toBe(204);
    const [row] = await t.db.select().from(users).where(eq(users.id, seeker.user.id));
    expect(row!.fullName).toBe('Former member');
  });

  it('makes an owner with recruiters hand the company over first (409, then 400 for a stranger, then 204)', async () => {
    const owner = await signedInUser(t, { role: 'employer' });
    const company = await createCompany(t.db, owner.user.id, { isApproved: true });
    const recruiter = await createRecruiter(t.db, company.id);
    const stranger = await createUser(t.db, { role: 'employer' });
    const refused = await remove(owner.token, { password });
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ fields: Record<string, string[]> }>().fields.new_owner_id).toBeDefined();
    expect((await remove(owner.token, { password, new_owner_id: stranger.id })).statusCode).toBe(400);
    expect((await remove(owner.token, { password, new_owner_id: recruiter.id })).statusCode).toBe(204);
    const [kept] = await t.db.select().from(companies).where(eq(companies.id, company.id));
    expect(kept!.ownerId).toBe(recruiter.id);
    expect(
      await t.db
        .select({ u: companyMembers.userId, r: companyMembers.role })
        .from(companyMembers)
        .where(eq(companyMembers.companyId, company.id)),
    ).toEqual([{ u: recruiter.id, r: 'owner' }]);
  });

  it('lets an owner alone delete the company with the account when they say so: its jobs go, its applicants are told', async () => {
    const { employer, seeker } = await (async () => {
      const e = await employerWithJob(t);
      const s = await signedInUser(t, { role: 'jobseeker' });
      const resume = await storedResume(t, s.user);
      await createApplication(t.db, { jobId: e.job.id, jobseekerId: s.user.id, resumeFileId: resume.id });
      return { employer: e, seeker: s };
    })();
    expect((await remove(employer.token, { password })).statusCode).toBe(409);
    expect(await t.db.select().from(companies).where(eq(companies.id, employer.company.id))).toHaveLength(1);
    expect((await remove(employer.token, { password, delete_company: true })).statusCode).toBe(204);
    expect(await t.db.select().from(companies).where(eq(companies.id, employer.company.id))).toEqual([]);
    expect(await t.db.select().from(jobs).where(eq(jobs.companyId, employer.company.id))).toEqual([]);
    const told = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, seeker.user.id), eq(notifications.type, 'job_closed')));
    expect(told).toHaveLength(1);
    expect(told[0]!.message).toContain(employer.job.title);
  });

  it('refuses the last active administrator (409)', async () => {
    await t.db.update(users).set({ isActive: false }).where(eq(users.role, 'admin'));
    const admin = await signedInUser(t, { role: 'admin' });
    expect((await remove(admin.token, { password })).statusCode).toBe(409);
    await signedInUser(t, { role: 'admin' });
    expect((await remove(admin.token, { password })).statusCode).toBe(204);
  });
});

describe('retention (the daily job)', () => {
  it('purges a former job seeker after 180 days, applications untouched for 24 months and sign-ins ended 90 days ago, once a day', async () => {
    const day = 86_400_000;
    const now = new Date('2031-06-15T03:00:00Z');
    const old = await createUser(t.db, { role: 'jobseeker' });
    const recent = await createUser(t.db, { role: 'jobseeker' });
    await t.db
      .update(users)
      .set({ deletedAt: new Date(now.getTime() - 181 * day) })
      .where(eq(users.id, old.id));
    await t.db
      .update(users)
      .set({ deletedAt: new Date(now.getTime() - 10 * day) })
      .where(eq(users.id, recent.id));

    const employer = await employerWithJob(t);
    const a = await signedInUser(t, { role: 'jobseeker' });
    const b = await signedInUser(t, { role: 'jobseeker' });
    const staleApp = await createApplication(t.db, {
      jobId: employer.job.id,
      jobseekerId: a.user.id,
      resumeFileId: (await storedResume(t, a.user)).id,
    });
    const liveApp = await createApplication(t.db, {
      jobId: employer.job.id,
      jobseekerId: b.user.id,
      resumeFileId: (await storedResume(t, b.user)).id,
    });
    await t.db
      .update(applications)
      .set({ updatedAt: new Date('2029-06-01T00:00:00Z') })
      .where(eq(applications.id, staleApp.id));
    await t.db
      .update(applications)
      .set({ updatedAt: new Date('2029-07-01T00:00:00Z') })
      .where(eq(applications.id, liveApp.id));
    await t.db
      .update(authSessions)
      .set({ revokedAt: new Date(now.getTime() - 91 * day) })
      .where(eq(authSessions.userId, a.user.id));
    await t.db
      .update(authSessions)
      .set({ expiresAt: new Date(now.getTime() + day) })
      .where(eq(authSessions.userId, b.user.id));

    const done = await t.app.retention.runDaily(now);
    expect(done).not.toBe(false);
    expect(await t.db.select().from(users).where(eq(users.id, old.id))).toEqual([]);
    expect(await t.db.select().from(users).where(eq(users.id, recent.id))).toHaveLength(1);
    expect(await t.db.select().from(applications).where(eq(applications.id, staleApp.id))).toEqual([]);
    expect(await t.db.select().from(applications).where(eq(applications.id, liveApp.id))).toHaveLength(1);
    expect(await t.db.select().from(authSessions).where(eq(authSessions.userId, a.user.id))).toEqual([]);
    expect(await t.db.select().from(authSessions).where(eq(authSessions.userId, b.user.id))).toHaveLength(1);
    // The stale application's resume (no profile uses it) is released.
    expect(await t.db.select().from(uploadedFiles).where(eq(uploadedFiles.ownerId, a.user.id))).toEqual([]);
    // Once a day: the same day again does nothing; the next day runs.
    expect(await t.app.retention.runDaily(new Date(now.getTime() + 3600_000))).toBe(false);
    expect(await t.app.retention.runDaily(new Date(now.getTime() + day))).not.toBe(false);
    // A conversation of the purged former member went with it.
    expect(await t.db.select().from(chatRooms).where(eq(chatRooms.jobseekerId, old.id))).toEqual([]);
  });
});
