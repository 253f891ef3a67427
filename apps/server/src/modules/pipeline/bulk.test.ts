import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BulkResult, CompanyOut, JobOut } from '@jobportal/shared';
import { applicationStatusHistory, applications, auditLog, chatMessages, chatRooms, notifications } from '../../db/schema';
import { createApplicants, createCompany, createJob, createMessageTemplate, createRecruiter } from '../../seed/factories';
import { bearer, createTestApp, json, signedInUser, type TestApp } from '../../test/harness';

let t: TestApp;
let w: Awaited<ReturnType<typeof world>>;

async function world() {
  const owner = await signedInUser(t, { role: 'employer', fullName: 'Olivia Owner' });
  const company = await createCompany(t.db, owner.user.id, { isApproved: true, name: 'Bulk Co' });
  const recruiterUser = await createRecruiter(t.db, company.id, { fullName: 'Riley Recruiter' });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/login/',
    payload: { email: recruiterUser.email, password: 'correct-horse-battery' },
  });
  const recruiter = { user: recruiterUser, token: res.json<{ accessToken: string }>().accessToken };
  const other = await signedInUser(t, { role: 'employer' });
  await createCompany(t.db, other.user.id, { isApproved: true });
  const seeker = await signedInUser(t, { role: 'jobseeker' });
  return { owner, company, recruiter, other, seeker };
}

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_MULTIPLIER: '20' });
  w = await world();
});
afterAll(() => t?.close());

const bulk = (jobId: number, token: string, payload: unknown) =>
  t.app.inject({ method: 'POST', url: `/api/jobs/${jobId}/applicants/bulk/`, headers: bearer(token), payload: payload as object });
const statusesOf = async (ids: number[]) =>
  (await t.db.select({ status: applications.status }).from(applications).where(inArray(applications.id, ids))).map((r) => r.status);

describe('bulk actions', () => {
  it('moves many applicants at once, each with their history entry and notification, and one audit entry', async () => {
    const job = await createJob(t.db, w.company.id, { title: 'Analyst' });
    const ids = await createApplicants(t.db, { jobId: job.id, count: 5 });
    const res = await bulk(job.id, w.recruiter.token, { ids, action: 'move', status: 'reviewed' });
    expect(res.statusCode, res.body).toBe(200);
    expect(json<BulkResult>(res)).toEqual({ action: 'move', ids });
    expect(new Set(await statusesOf(ids))).toEqual(new Set(['reviewed']));
    const history = await t.db.select().from(applicationStatusHistory).where(inArray(applicationStatusHistory.applicationId, ids));
    expect(history.filter((h) => h.status === 'reviewed' && h.changedByUserId === w.recruiter.user.id)).toHaveLength(5);
    const notices = await t.db.select().from(notifications).where(eq(notifications.type, 'application_status_changed'));
    expect(notices.filter((n) => n.message === 'Your application to Analyst at Bulk Co is now: Reviewed.')).toHaveLength(5);
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'applicants.bulk_moved'), eq(auditLog.objectId, String(job.id))));
    expect(audit).toHaveLength(1);
  });

  it('rejects with a template as a chat message the job seekers read, filled in for each', async () => {
    const job = await createJob(t.db, w.company.id, { title: 'Designer' });
    const ids = await createApplicants(t.db, { jobId: job.id, count: 3, namePrefix: 'Kim' });
    const template = await createMessageTemplate(t.db, {
      companyId: w.company.id,
      body: 'Dear {first_name}, thank you for applying to {job_title}.',
    });
    const res = await bulk(job.id, w.owner.token, { ids, action: 'reject', template: template.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(new Set(await statusesOf(ids))).toEqual(new Set(['rejected']));
    const messages = await t.db
      .select({ content: chatMessages.content, jobseekerId: chatRooms.jobseekerId })
      .from(chatMessages)
      .innerJoin(chatRooms, eq(chatRooms.id, chatMessages.roomId))
      .where(eq(chatRooms.companyId, w.company.id));
    expect(messages.map((m) => m.content).sort()).toEqual([
      'Dear Kim, thank you for applying to Designer.',
      'Dear Kim, thank you for applying to Designer.',
      'Dear Kim, thank you for applying to Designer.',
    ]);
    const chatNotices = await t.db.select().from(notifications).where(eq(notifications.type, 'chat_message'));
    expect(chatNotices.filter((n) => messages.some((m) => m.jobseekerId === n.userId))).toHaveLength(3);
  });

  it('e-mails a written rejection when asked', async () => {
    const job = await createJob(t.db, w.company.id, { title: 'Writer' });
    const seeker = await signedInUser(t, { role: 'jobseeker', fullName: 'Mary Shelley', email: `mary-${Date.now()}@example.test` });
    const [id] = await t.db.insert(applications).values({ jobId: job.id, jobseekerId: seeker.user.id }).returning({ id: applications.id });
    const res = await bulk(job.id, w.owner.token, {
      ids: [id!.id],
      action: 'reject',
      message: 'Hello {first_name}, not this time for {job_title}.',
      channel: 'email',
    });
    expect(res.statusCode, res.body).toBe(200);
    const mail = await t.smtp.waitForMail(seeker.user.email);
    expect(mail.raw).toContain('Hello Mary, not this time for Writer.');
  });

  it('exports the selection as CSV', async () => {
    const job = await createJob(t.db, w.company.id);
    const ids = await createApplicants(t.db, { jobId: job.id, count: 2, namePrefix: '=cmd' });
    const res = await bulk(job.id, w.owner.token, { ids, action: 'export' });
    expect(res.statusCode).toBe(200);
    const lines = json<BulkResult>(res).csv!.trim().split('\r\n');
    expect(lines[0]).toBe('application_id,name,email,current_job_title,status,applied_at');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(`${ids[0]},'=cmd 1,`);
  });

  it('refuses bad input with fields, and callers who are not the job company', async () => {
    const job = await createJob(t.db, w.company.id);
    const ids = await createApplicants(t.db, { jobId: job.id, count: 2 });
    const fieldsOf = async (payload: unknown) => {
      const res = await bulk(job.id, w.owner.token, payload);
      expect(res.statusCode, res.body).toBe(400);
      return Object.keys(json<{ fields: Record<string, string[]> }>(res).fields);
    };
    expect(await fieldsOf({ ids: [], action: 'move', status: 'reviewed' })).toEqual(['ids']);
    expect(await fieldsOf({ ids, action: 'fly' })).toEqual(['action']);
    expect(await fieldsOf({ ids, action: 'move' })).toEqual(['status']);
    expect(await fieldsOf({ ids, action: 'reject' })).toEqual(['template']);
    expect(await fieldsOf({ ids, action: 'reject', message: 'Hi {name}' })).toEqual(['message']);
    expect(await fieldsOf({ ids, action: 'reject', template: 999999 })).toEqual(['template']);
    expect(await fieldsOf({ ids: [...ids, 999999], action: 'move', status: 'reviewed' })).toEqual(['ids.999999']);
    expect((await bulk(job.id, w.other.token, { ids, action: 'export' })).statusCode).toBe(403);
    expect((await bulk(job.id, w.seeker.token, { ids, action: 'export' })).statusCode).toBe(403);
    expect((await bulk(999999, w.owner.token, { ids, action: 'export' })).statusCode).toBe(404);
    expect(new Set(await statusesOf(ids))).toEqual(new Set(['applied']));
  });
});

describe('a bulk action on 500 applicants is all or nothing', () => {
  it('refuses the whole move, with the rule per id, when one applicant may not move', async () => {
    const job = await createJob(t.db, w.company.id);
    const ids = await createApplicants(t.db, { jobId: job.id, count: 500, statusOf: (i) => (i === 250 ? 'hired' : 'applied') });
    const res = await bulk(job.id, w.owner.token, { ids, action: 'move', status: 'reviewed' });
    expect(res.statusCode).toBe(400);
    expect(json<{ fields: Record<string, string[]> }>(res).fields).toEqual({
      [`ids.${ids[250]}`]: ["This application is hired, which is final: its status can't change any more."],
    });
    expect((await statusesOf(ids)).filter((s) => s === 'reviewed')).toEqual([]);
  });

  it('leaves nothing changed when the database fails midway (after half the rows were written)', async () => {
    const job = await createJob(t.db, w.company.id, { title: 'Atomic' });
    const ids = await createApplicants(t.db, { jobId: job.id, count: 500 });
    const template = await createMessageTemplate(t.db, { companyId: w.company.id });
    // The 300th application's chat message fails: statuses, history and notices are written by then.
    await t.db.execute(
      sql.raw(`create function fail_bulk() returns trigger language plpgsql as $$
      begin if new.room_id = (select id from chat_rooms where jobseeker_id = (select jobseeker_id from applications where id = ${ids[299]}))
        then raise exception 'disk on fire'; end if; return new; end $$`),
    );
    await t.db.execute(sql.raw('create trigger fail_bulk before insert on chat_messages for each row execute function fail_bulk()'));
    try {
      const res = await bulk(job.id, w.owner.token, { ids, action: 'reject', template: template.id });
      expect(res.statusCode).toBe(500);
    } finally {
      await t.db.execute(sql.raw('drop trigger fail_bulk on chat_messages'));
      await t.db.execute(sql.raw('drop function fail_bulk()'));
    }
    expect(new Set(await statusesOf(ids))).toEqual(new Set(['applied']));
    const history = await t.db.select().from(applicationStatusHistory).where(inArray(applicationStatusHistory.applicationId, ids));
    expect(history.filter((h) => h.status !== 'applied')).toEqual([]);
    const seekers = (await t.db.select({ id: applications.jobseekerId }).from(applications).where(inArray(applications.id, ids))).map(
      (r) => r.id,
    );
    expect(await t.db.select().from(notifications).where(inArray(notifications.userId, seekers))).toEqual([]);
    expect(await t.db.select().from(chatRooms).where(inArray(chatRooms.jobseekerId, seekers))).toEqual([]);
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'applicants.bulk_rejected'), eq(auditLog.objectId, String(job.id))));
    expect(audit).toEqual([]);
  });
});

describe('no ghosting', () => {
  it('closes applications unanswered for 30 days with a polite message, unless answered or the job opts out', async () => {
    const old = new Date(Date.now() - 31 * 86_400_000);
    const job = await createJob(t.db, w.company.id, { title: 'Ghost Hunter' });
    const optedOut = await createJob(t.db, w.company.id, { autoClose: false });
    const [due, answered] = await createApplicants(t.db, { jobId: job.id, count: 2, appliedAt: old, namePrefix: 'Casper' });
    const [kept] = await createApplicants(t.db, { jobId: optedOut.id, count: 1, appliedAt: old });
    const [recent] = await createApplicants(t.db, { jobId: job.id, count: 1 });
    await bulk(job.id, w.owner.token, { ids: [answered], action: 'move', status: 'reviewed' });

    expect(await t.app.noGhosting.runDue()).toBe(1);
    expect(await statusesOf([due!])).toEqual(['rejected']);
    expect(await statusesOf([answered!])).toEqual(['reviewed']);
    expect(await statusesOf([kept!, recent!])).toEqual(['applied', 'applied']);
    const [entry] = await t.db
      .select()
      .from(applicationStatusHistory)
      .where(and(eq(applicationStatusHistory.applicationId, due!), eq(applicationStatusHistory.status, 'rejected')));
    expect(entry!.changedBy).toBe('system');
    const [message] = await t.db
      .select()
      .from(chatMessages)
      .where(sql`${chatMessages.content} like 'Hello Casper, thank you for applying to Ghost Hunter.%'`);
    expect(message).toBeDefined();
    expect(await t.app.noGhosting.runDue()).toBe(0);
  });
});

describe("response time (a job's page and its company's)", () => {
  // Kept 10 minutes per company in the process: each case has its own company.
  async function companyAnswering(count: number, hours: number) {
    const owner = await signedInUser(t, { role: 'employer' });
    const company = await createCompany(t.db, owner.user.id, { isApproved: true });
    const job = await createJob(t.db, company.id);
    const appliedAt = new Date(Date.now() - 5 * 86_400_000);
    const ids = await createApplicants(t.db, { jobId: job.id, count: 12, appliedAt });
    await t.db.insert(applicationStatusHistory).values(
      ids.slice(0, count).map((id, i) => ({
        applicationId: id,
        status: 'reviewed' as const,
        changedBy: 'employer' as const,
        changedAt: new Date(appliedAt.getTime() + (hours + (i % 2 ? 1 : -1) * i) * 3_600_000),
      })),
    );
    const companyPage = json<CompanyOut>(await t.app.inject({ url: `/api/companies/${company.id}/` }));
    return { ...json<JobOut>(await t.app.inject({ url: `/api/jobs/${job.id}/` })), companyPage };
  }

  it("shows a company's median time to a first answer once it answered 10 applications in 90 days", async () => {
    const nine = await companyAnswering(9, 50);
    expect(nine.response_time).toBeNull();
    expect(nine.companyPage.response_time).toBeNull();
    expect(nine.auto_close).toBe(true);
    const ten = await companyAnswering(10, 50);
    expect(ten.response_time).toEqual({ median_hours: 50.5, answered: 10 });
    // The company's own page says it too.
    expect(ten.companyPage.response_time).toEqual({ median_hours: 50.5, answered: 10 });
  });
});
