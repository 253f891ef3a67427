import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmployerPersonOut, FormerTeamOut, LoginResponse, TeamInvitationOut, TeamOut } from '@jobportal/shared';
import { applications, authSessions, companyMembers, oneTimeCodes, users } from '../../db/schema';
import { createApplication, createCompany, createJob, createRecruiter, createUser } from '../../seed/factories';
import { createMemoryRateLimiter } from '../../lib/rate-limiter';
import { bearer, createTestApp, json, signedInUser, type TestApp } from '../../test/harness';
import { storedResume } from '../../test/scenes';

let t: TestApp;
// Held here so a test can let "a minute pass" for the one-code-a-minute rule.
const limiter = createMemoryRateLimiter();
let admin: { token: string };
let seeker: Awaited<ReturnType<typeof signedInUser>>;

beforeAll(async () => {
  // Many people sign in from one address here.
  t = await createTestApp({ RATE_LIMIT_MULTIPLIER: '20' }, { limiter });
  admin = await signedInUser(t, { role: 'admin' });
  seeker = await signedInUser(t, { role: 'jobseeker' });
});
afterAll(async () => {
  await t?.close();
  limiter.close();
});

let sequence = 0;
const address = (name: string) => `${name}-${Date.now().toString(36)}-${sequence++}@example.test`;

async function ownerWithCompany(isApproved = true) {
  const owner = await signedInUser(t, { role: 'employer', fullName: 'Olivia Owner' });
  const company = await createCompany(t.db, owner.user.id, { isApproved, name: `Team Co ${sequence++}` });
  return { ...owner, company };
}

const invite = (companyId: number, token: string | undefined, email: unknown) =>
  t.app.inject({ method: 'POST', url: `/api/companies/${companyId}/members/`, headers: token ? bearer(token) : {}, payload: { email } });
const join = (payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/companies/join/', payload });
const team = (companyId: number, token: string) => t.app.inject({ url: `/api/companies/${companyId}/members/`, headers: bearer(token) });

/** The owner invites a new address and the invitee joins with the mailed code: the recruiter's session. */
async function invitedRecruiter(owner: Awaited<ReturnType<typeof ownerWithCompany>>, name = 'Riley Recruiter') {
  const email = address('recruiter');
  expect((await invite(owner.company.id, owner.token, email)).statusCode).toBe(201);
  const otp = await t.smtp.waitForCode(email);
  const res = await join({ email, otp, full_name: name, password: 'hiring-team-pass-42' });
  expect(res.statusCode).toBe(200);
  return { email, session: json<LoginResponse>(res) };
}

describe('inviting and joining', () => {
  it('lets the owner invite a new address; the invitee joins with the code as a recruiter who works on the company', async () => {
    const owner = await ownerWithCompany();
    const job = await createJob(t.db, owner.company.id, { title: 'Platform Engineer' });
    const email = address('new');
    const res = await invite(owner.company.id, owner.token, email.toUpperCase());
    expect(res.statusCode, res.body).toBe(201);
    const invitation = json<TeamInvitationOut>(res);
    expect(invitation).toMatchObject({ email, invited_by: { id: owner.user.id, full_name: 'Olivia Owner' }, is_expired: false });
    const mail = await t.smtp.waitForMail(email);
    expect(mail.raw).toContain(owner.company.name);
    const otp = await t.smtp.waitForCode(email);

    const joined = await join({ email, otp, full_name: 'Riley Recruiter', password: 'hiring-team-pass-42' });
    expect(joined.statusCode).toBe(200);
    const session = json<LoginResponse>(joined);
    expect(session).toMatchObject({ role: 'employer', companyDetailsSubmitted: true, user: { email, full_name: 'Riley Recruiter' } });

    // The recruiter works on the company's jobs exactly as the owner does.
    const auth = bearer(session.accessToken);
    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/api/jobs/${job.id}/`,
      headers: auth,
      payload: { title: 'Staff Platform Engineer' },
    });
    expect(patched.statusCode).toBe(200);
    const posted = await t.app.inject({
      method: 'POST',
      url: '/api/jobs/',
      headers: auth,
      payload: {
        title: 'Data Analyst',
        description: 'Turn our hiring numbers into decisions, with the people who make them.',
        location: 'Berlin, Germany',
        employment_type: 'Full-time',
        experience_level: 'Mid level',
        categories: [],
        skills_required: [],
        status: 'open',
      },
    });
    expect(posted.statusCode, posted.body).toBe(201);
    expect(json<{ posted_by: { full_name: string } }>(posted).posted_by.full_name).toBe('Riley Recruiter');

    // The team lists both, owner first; the invitation is no longer pending; login says the same.
    const listed = json<TeamOut>(await team(owner.company.id, owner.token));
    expect(listed.members.map((m) => [m.full_name, m.role])).toEqual([
      ['Olivia Owner', 'owner'],
      ['Riley Recruiter', 'recruiter'],
    ]);
    expect(listed.members[1]).toMatchObject({ invited_by: { id: owner.user.id }, jobs_posted: 1 });
    expect(listed.invitations).toEqual([]);
    expect(listed.can_manage).toBe(true);
    expect(json<TeamOut>(await team(owner.company.id, session.accessToken)).can_manage).toBe(false);
    const login = await t.app.inject({ method: 'POST', url: '/api/login/', payload: { email, password: 'hiring-team-pass-42' } });
    expect(json<LoginResponse>(login).companyDetailsSubmitted).toBe(true);
    // The invitation is accepted and its code used up: joining again is refused like any stale code.
    expect((await join({ email, otp, full_name: 'X', password: 'hiring-team-pass-42' })).statusCode).toBe(400);
  });

  it('lets an existing employer account without a company join without a password', async () => {
    const owner = await ownerWithCompany();
    const existing = await createUser(t.db, { role: 'employer', fullName: 'Sam Existing' });
    expect((await invite(owner.company.id, owner.token, existing.email)).statusCode).toBe(201);
    const otp = await t.smtp.waitForCode(existing.email);
    const res = await join({ email: existing.email, otp });
    expect(res.statusCode).toBe(200);
    expect(json<LoginResponse>(res)).toMatchObject({ user: { id: existing.id, full_name: 'Sam Existing' }, companyDetailsSubmitted: true });
  });

  it('sends an address at most one code a minute (429 with Retry-After); a minute later a new code for the same invitation (200)', async () => {
    const owner = await ownerWithCompany();
    const email = address('again');
    expect((await invite(owner.company.id, owner.token, email)).statusCode).toBe(201);
    const again = await invite(owner.company.id, owner.token, email);
    expect(again.statusCode).toBe(429);
    expect(again.headers['retry-after']).toBeDefined();
    await t.smtp.waitForMail(email);
    expect(t.smtp.count(email)).toBe(1);
    // A minute later: the same invitation with a new code; the first code no longer works.
    const first = await t.smtp.waitForCode(email);
    await limiter.reset(`resend:company_invite:${email}`);
    const resent = await invite(owner.company.id, owner.token, email);
    expect(resent.statusCode).toBe(200);
    const second = await t.smtp.waitForCode(email, 2);
    const listed = json<TeamOut>(await team(owner.company.id, owner.token)).invitations;
    expect(listed.map((i) => i.email)).toEqual([email]);
    expect(listed[0]?.id).toBe(json<TeamInvitationOut>(resent).id);
    if (first !== second) {
      const stale = await join({ email, otp: first, full_name: 'Late', password: 'hiring-team-pass-42' });
      expect(stale.statusCode).toBe(400);
    }
    expect((await join({ email, otp: second, full_name: 'On Time', password: 'hiring-team-pass-42' })).statusCode).toBe(200);
  });

  it('refuses bad input with 400, and a wrong or expired code', async () => {
    const owner = await ownerWithCompany();
    for (const email of ['', 'not-an-email', 42, null]) expect((await invite(owner.company.id, owner.token, email)).statusCode).toBe(400);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/companies/abc/members/',
          headers: bearer(owner.token),
          payload: { email: 'a@b.co' },
        })
      ).statusCode,
    ).toBe(400);
    expect((await join({ email: 'x@example.test' })).statusCode).toBe(400);
    expect((await join({ email: 'x@example.test', otp: '12' })).statusCode).toBe(400);

    const email = address('codes');
    expect((await invite(owner.company.id, owner.token, email)).statusCode).toBe(201);
    const otp = await t.smtp.waitForCode(email);
    const wrong = otp === '000000' ? '111111' : '000000';
    // A new address must choose a name and password: refused before the code is used.
    const missing = await join({ email, otp });
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(json<{ fields: object }>(missing).fields).sort()).toEqual(['full_name', 'password']);
    const bad = await join({ email, otp: wrong, full_name: 'N', password: 'hiring-team-pass-42' });
    expect(bad.statusCode).toBe(400);
    expect(json<{ code: string }>(bad).code).toBe('invalid_otp');
    // Expired: ten minutes on, the code no longer works.
    await t.db
      .update(oneTimeCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oneTimeCodes.email, email));
    const expired = await join({ email, otp, full_name: 'N', password: 'hiring-team-pass-42' });
    expect(expired.statusCode).toBe(400);
    expect(json<{ code: string }>(expired).code).toBe('otp_expired');
    expect(await t.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
  });

  it('stops after five wrong codes', async () => {
    const owner = await ownerWithCompany();
    const email = address('tries');
    await invite(owner.company.id, owner.token, email);
    const otp = await t.smtp.waitForCode(email);
    const wrong = otp === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++)
      expect((await join({ email, otp: wrong, full_name: 'N', password: 'hiring-team-pass-42' })).statusCode).toBe(400);
    const res = await join({ email, otp, full_name: 'N', password: 'hiring-team-pass-42' });
    expect(json<{ code: string }>(res).code).toBe('otp_expired');
  });

  it('refuses a job seeker account, and an account that works for another company (409), only to someone holding the code', async () => {
    const owner = await ownerWithCompany();
    expect((await invite(owner.company.id, owner.token, seeker.user.email)).statusCode).toBe(201);
    const otp = await t.smtp.waitForCode(seeker.user.email);
    // Without the right code nothing is told about the account behind the address.
    const wrong = otp === '000000' ? '111111' : '000000';
    const guessed = await join({ email: seeker.user.email, otp: wrong });
    expect(guessed.statusCode).toBe(400);
    expect(json<{ code: string }>(guessed).code).toBe('invalid_otp');
    expect((await join({ email: 'nobody-invited@example.test', otp: wrong })).statusCode).toBe(400);
    expect((await join({ email: seeker.user.email, otp })).statusCode).toBe(409);
    const other = await ownerWithCompany();
    expect((await invite(owner.company.id, owner.token, other.user.email)).statusCode).toBe(201);
    const otp2 = await t.smtp.waitForCode(other.user.email);
    expect((await join({ email: other.user.email, otp: otp2 })).statusCode).toBe(409);
    // Someone already on the team is not invited again.
    expect((await invite(owner.company.id, owner.token, owner.user.email)).statusCode).toBe(409);
  });

  it('lets only the owner invite: 403 for a recruiter, another employer on an approved company, a job seeker, an admin; 404 when the company is hidden; 401 anonymous', async () => {
    const owner = await ownerWithCompany();
    const recruiter = await invitedRecruiter(owner);
    const stranger = await ownerWithCompany();
    const pending = await ownerWithCompany(false);
    const email = address('nobody');
    expect((await invite(owner.company.id, recruiter.session.accessToken, email)).statusCode).toBe(403);
    expect((await invite(owner.company.id, stranger.token, email)).statusCode).toBe(403);
    expect((await invite(pending.company.id, stranger.token, email)).statusCode).toBe(404);
    expect((await invite(999999, owner.token, email)).statusCode).toBe(404);
    expect((await invite(owner.company.id, seeker.token, email)).statusCode).toBe(403);
    expect((await invite(owner.company.id, admin.token, email)).statusCode).toBe(403);
    expect((await invite(owner.company.id, undefined, email)).statusCode).toBe(401);
    expect(t.smtp.count(email)).toBe(0);
  });
});

describe('the team list', () => {
  it('is for the company members and admins: 403 to others who see the company, 404 to those who do not', async () => {
    const owner = await ownerWithCompany();
    const recruiter = await invitedRecruiter(owner);
    const pending = await ownerWithCompany(false);
    const stranger = await ownerWithCompany();
    expect((await team(owner.company.id, recruiter.session.accessToken)).statusCode).toBe(200);
    expect((await team(owner.company.id, admin.token)).statusCode).toBe(200);
    expect((await team(owner.company.id, stranger.token)).statusCode).toBe(403);
    expect((await team(pending.company.id, stranger.token)).statusCode).toBe(404);
    expect((await team(owner.company.id, seeker.token)).statusCode).toBe(403);
    expect((await t.app.inject({ url: `/api/companies/${owner.company.id}/members/` })).statusCode).toBe(401);
  });
});

describe('removing a recruiter and withdrawing an invitation', () => {
  it('ends the recruiter access on the very next request and tells them why; they keep their account; what they did stays, attributed to them', async () => {
    const owner = await ownerWithCompany();
    const job = await createJob(t.db, owner.company.id);
    const applicant = await createUser(t.db, { role: 'jobseeker' });
    const resume = await storedResume(t, applicant);
    const application = await createApplication(t.db, { jobId: job.id, jobseekerId: applicant.id, resumeFileId: resume.id });
    const { email, session } = await invitedRecruiter(owner, 'Moved By Recruiter');
    const recruiterId = session.user.id;
    const moved = await t.app.inject({
      method: 'PATCH',
      url: `/api/jobs/${application.id}/applications/status/`,
      headers: bearer(session.accessToken),
      payload: { status: 'reviewed' },
    });
    expect(moved.statusCode).toBe(200);
    expect(json<{ last_moved_by: { id: number; full_name: string } }>(moved).last_moved_by).toEqual({
      id: recruiterId,
      full_name: 'Moved By Recruiter',
    });
    const former = () => t.app.inject({ url: '/api/companies/former/', headers: bearer(session.accessToken) });
    expect(json<FormerTeamOut>(await former())).toEqual({ company: null });

    const url = `/api/companies/${owner.company.id}/members/${recruiterId}/`;
    expect((await t.app.inject({ method: 'DELETE', url, headers: bearer(owner.token) })).statusCode).toBe(204);
    // The next request of the removed recruiter no longer reaches the company...
    expect((await t.app.inject({ url: `/api/jobs/${job.id}/applicants/`, headers: bearer(session.accessToken) })).statusCode).toBe(403);
    expect(await t.db.select().from(companyMembers).where(eq(companyMembers.userId, recruiterId))).toHaveLength(0);
    // ...but they stay signed in, and a refresh says they have no company now (the web then shows the company screen).
    const sessions = await t.db.select().from(authSessions).where(eq(authSessions.userId, recruiterId));
    expect(sessions.some((s) => s.revokedAt === null)).toBe(true);
    const refresh = await t.app.inject({ method: 'POST', url: '/api/token/refresh/', payload: { refresh: session.refreshToken } });
    expect(refresh.statusCode).toBe(200);
    expect(json<{ companyDetailsSubmitted: boolean }>(refresh).companyDetailsSubmitted).toBe(false);
    // They are told what happened and what they can do: on the bell, by e-mail, and on the company screen.
    const bell = json<{ results: Array<{ type: string; message: string; link: string }> }>(
      await t.app.inject({ url: '/api/notifications/', headers: bearer(session.accessToken) }),
    ).results;
    expect(bell[0]).toMatchObject({ type: 'team_member_removed', link: '/EmployerCompanyManagement' });
    expect(bell[0]?.message).toBe(
      `Olivia Owner removed you from the hiring team of ${owner.company.name}. Your account stays: ask Olivia Owner to invite you again, or submit your own company.`,
    );
    // The second mail to the address (the first brought the invitation's code).
    const mail = await t.smtp.waitForMail(email, 2);
    expect(mail.subject).toBe(`You are no longer on the hiring team of ${owner.company.name}`);
    expect(mail.raw.replace(/=\r?\n/g, '')).toMatch(/ask Olivia Owner to invite you again/);
    const told = json<FormerTeamOut>(await former()).company;
    expect(told).toMatchObject({ id: owner.company.id, name: owner.company.name });
    expect(Date.now() - Date.parse(told!.removed_at)).toBeLessThan(60_000);
    // The admin's employer list shows them as the company's former recruiter.
    const person = json<EmployerPersonOut>(await t.app.inject({ url: `/api/employers/${recruiterId}/`, headers: bearer(admin.token) }));
    expect(person).toMatchObject({ company: null, former_company: { id: owner.company.id, name: owner.company.name } });
    // Their move stays, and the owner still sees who made it.
    const [row] = await t.db.select().from(applications).where(eq(applications.id, application.id));
    expect(row?.status).toBe('reviewed');
    const list = await t.app.inject({ url: `/api/jobs/${job.id}/applicants/`, headers: bearer(owner.token) });
    expect(json<{ results: Array<{ last_moved_by: { id: number } }> }>(list).results[0]?.last_moved_by.id).toBe(recruiterId);
    // The admin sees the recruiter's move and the removal in the audit log.
    const audit = (action: string) => t.app.inject({ url: `/api/admin/audit/?action=${action}`, headers: bearer(admin.token) });
    const moves = json<{ results: Array<{ actor: { id: number }; object_id: string }> }>(await audit('application.status_changed')).results;
    expect(moves.some((e) => e.actor.id === recruiterId && e.object_id === String(application.id))).toBe(true);
    const removals = json<{ results: Array<{ actor: { id: number }; object_id: string }> }>(await audit('team.member_removed')).results;
    expect(removals.some((e) => e.actor.id === owner.user.id && e.object_id === String(recruiterId))).toBe(true);
    // Removing them again: they are no longer on the team.
    expect((await t.app.inject({ method: 'DELETE', url, headers: bearer(owner.token) })).statusCode).toBe(404);
    // Invited again (a minute later), they join with their account, and are no longer a former recruiter.
    await limiter.reset(`resend:company_invite:${email}`);
    expect((await invite(owner.company.id, owner.token, email)).statusCode).toBe(201);
    const rejoined = await join({ email, otp: await t.smtp.waitForCode(email, 3) });
    expect(rejoined.statusCode, rejoined.body).toBe(200);
    const back = json<LoginResponse>(rejoined);
    expect(back.companyDetailsSubmitted).toBe(true);
    expect(json<FormerTeamOut>(await t.app.inject({ url: '/api/companies/former/', headers: bearer(back.accessToken) }))).toEqual({
      company: null,
    });
    const again = json<EmployerPersonOut>(await t.app.inject({ url: `/api/employers/${recruiterId}/`, headers: bearer(admin.token) }));
    expect(again).toMatchObject({ company: { id: owner.company.id }, former_company: null });
  });

  it('never removes the owner, and lets only the owner remove (403 recruiter and others who see the company, 404 hidden, 401 anonymous)', async () => {
    const owner = await ownerWithCompany();
    const recruiter = await createRecruiter(t.db, owner.company.id);
    const other = await invitedRecruiter(owner);
    const stranger = await ownerWithCompany();
    const pending = await ownerWithCompany(false);
    const del = (companyId: number, userId: number, token?: string) =>
      t.app.inject({ method: 'DELETE', url: `/api/companies/${companyId}/members/${userId}/`, headers: token ? bearer(token) : {} });
    const ownerRemoval = await del(owner.company.id, owner.user.id, owner.token);
    expect(ownerRemoval.statusCode).toBe(403);
    expect(json<{ detail: string }>(ownerRemoval).detail).toMatch(/owner cannot be removed/);
    expect((await del(owner.company.id, recruiter.id, other.session.accessToken)).statusCode).toBe(403);
    expect((await del(owner.company.id, recruiter.id, stranger.token)).statusCode).toBe(403);
    expect((await del(pending.company.id, pending.user.id, stranger.token)).statusCode).toBe(404);
    expect((await del(owner.company.id, recruiter.id, seeker.token)).statusCode).toBe(403);
    expect((await del(owner.company.id, recruiter.id)).statusCode).toBe(401);
    expect((await del(owner.company.id, stranger.user.id, owner.token)).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/companies/${owner.company.id}/members/x/`, headers: bearer(owner.token) }))
        .statusCode,
    ).toBe(400);
    expect(await t.db.select().from(companyMembers).where(eq(companyMembers.userId, recruiter.id))).toHaveLength(1);
  });

  it('withdraws a pending invitation: listed until then, its code stops working', async () => {
    const owner = await ownerWithCompany();
    const recruiter = await invitedRecruiter(owner);
    const email = address('withdrawn');
    const { id } = json<TeamInvitationOut>(await invite(owner.company.id, owner.token, email));
    const otp = await t.smtp.waitForCode(email);
    expect(json<TeamOut>(await team(owner.company.id, owner.token)).invitations.map((i) => i.email)).toEqual([email]);
    const url = `/api/companies/${owner.company.id}/invitations/${id}/`;
    expect((await t.app.inject({ method: 'DELETE', url, headers: bearer(recruiter.session.accessToken) })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'DELETE', url })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'DELETE', url, headers: bearer(owner.token) })).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'DELETE', url, headers: bearer(owner.token) })).statusCode).toBe(404);
    expect(json<TeamOut>(await team(owner.company.id, owner.token)).invitations).toEqual([]);
    const res = await join({ email, otp, full_name: 'Late', password: 'hiring-team-pass-42' });
    expect(res.statusCode).toBe(400);
    expect(json<{ code: string }>(res).code).toBe('otp_expired');
  });
});
