import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { AuditEntry } from '@jobportal/shared';
import { auditLog, users, type AuditLogRow } from '../../db/schema';
import { createApplication, createCategory, createCompany, createJob, createSkill, createUser } from '../../seed/factories';
import { bearer, createTestApp, json, signedInUser, type TestApp } from '../../test/harness';
import { employerWithJob, storedResume } from '../../test/scenes';
import { recordAudit } from './audit.repository';

let t: TestApp;
let admin: { user: { id: number; email: string; fullName: string }; token: string };
beforeAll(async () => {
  // Many people sign in from one address here.
  t = await createTestApp({ RATE_LIMIT_MULTIPLIER: '100' });
  admin = await signedInUser(t, { role: 'admin', fullName: 'Ada Admin' });
});
afterAll(() => t?.close());

type Page<T> = { results: T[]; count: number; next: string | null; previous: string | null };

/** The entries about one object, oldest first. */
const entriesOf = (objectType: string, objectId: number | string) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.objectType, objectType), eq(auditLog.objectId, String(objectId))))
    .orderBy(asc(auditLog.id));

const totalEntries = async () => (await t.db.select({ n: sql<number>`count(*)::int` }).from(auditLog))[0]!.n;

/** The database's own message under Drizzle's wrapper. */
function databaseMessage(error: unknown): string {
  let e = error;
  while (e instanceof Error && e.cause) e = e.cause;
  return e instanceof Error ? e.message : String(e);
}

const withRequestId = (token: string, requestId: string) => ({ ...bearer(token), 'x-request-id': requestId });

describe('the audit_log table', () => {
  it('refuses UPDATE, DELETE and TRUNCATE, whoever asks', async () => {
    await recordAudit(t.db, { by: null, action: 'category.created', objectType: 'category', objectId: 'kept', after: { name: 'Kept' } });
    const [row] = await entriesOf('category', 'kept');
    expect(row).toMatchObject({ actorId: null, actorEmail: null, actorName: null, requestId: null, after: { name: 'Kept' } });
    for (const statement of [
      sql`update audit_log set action = 'category.renamed' where id = ${row!.id}`,
      sql`delete from audit_log where id = ${row!.id}`,
      sql`truncate audit_log`,
    ]) {
      const error = await t.db.execute(statement).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(databaseMessage(error)).toMatch(/audit_log is append-only/);
    }
    expect(await entriesOf('category', 'kept')).toEqual([row]);
  });

  it('keeps the entries and the actor’s snapshot when the user is deleted', async () => {
    const gone = await signedInUser(t, { role: 'admin', fullName: 'Gone Admin', email: 'gone-admin@example.test' });
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/job-skills/',
      headers: bearer(gone.token),
      payload: { name: 'Snapshot skill' },
    });
    expect(created.statusCode).toBe(201);
    await t.db.delete(users).where(eq(users.id, gone.user.id));
    const [entry] = await entriesOf('skill', json<{ id: number }>(created).id);
    expect(entry).toMatchObject({ actorId: gone.user.id, actorEmail: 'gone-admin@example.test', actorName: 'Gone Admin' });
  });
});

describe('who writes the audit log', () => {
  it('an employer’s move: one entry with the actor, the statuses and the request id; a refused move writes nothing', async () => {
    const employer = await employerWithJob(t);
    const seeker = await createUser(t.db, { role: 'jobseeker' });
    const application = await createApplication(t.db, {
      jobId: employer.job.id,
      jobseekerId: seeker.id,
      resumeFileId: (await storedResume(t, seeker)).id,
    });
    const move = (status: string, requestId: string) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/jobs/${application.id}/applications/status/`,
        headers: withRequestId(employer.token, requestId),
        payload: { status },
      });

    const moved = await move('reviewed', 'req-move-1');
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.headers['x-request-id']).toBe('req-move-1');
    const entries = await entriesOf('application', application.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actorId: employer.user.id,
      actorEmail: employer.user.email,
      actorName: employer.user.fullName,
      action: 'application.status_changed',
      before: { status: 'applied' },
      after: { status: 'reviewed' },
      requestId: 'req-move-1',
    });

    const before = await totalEntries();
    const refused = await move('applied', 'req-move-2');
    expect(refused.statusCode).toBe(400);
    expect(await totalEntries()).toBe(before);
    expect(await entriesOf('application', application.id)).toHaveLength(1);
  });

  it('a job seeker’s withdrawal, with the request id the server gave when none was sent', async () => {
    const employer = await employerWithJob(t);
    const seeker = await signedInUser(t, { role: 'jobseeker', fullName: 'Wes Withdraw' });
    const application = await createApplication(t.db, {
      jobId: employer.job.id,
      jobseekerId: seeker.user.id,
      resumeFileId: (await storedResume(t, seeker.user)).id,
      path: ['reviewed'],
    });
    const res = await t.app.inject({ method: 'POST', url: `/api/applications/${application.id}/withdraw/`, headers: bearer(seeker.token) });
    expect(res.statusCode, res.body).toBe(200);
    const requestId = res.headers['x-request-id'];
    expect(typeof requestId).toBe('string');
    expect(await entriesOf('application', application.id)).toEqual([
      expect.objectContaining({
        actorId: seeker.user.id,
        actorName: 'Wes Withdraw',
        action: 'application.withdrawn',
        before: { status: 'reviewed' },
        after: { status: 'withdrawn' },
        requestId,
      }),
    ]);
    // Withdrawing again is refused (409) and writes nothing.
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/applications/${application.id}/withdraw/`,
      headers: bearer(seeker.token),
    });
    expect(again.statusCode).toBe(409);
    expect(await entriesOf('application', application.id)).toHaveLength(1);
  });

  it('company approval: the toggle both ways and PATCH {is_approved}; a PATCH that changes nothing writes nothing', async () => {
    const owner = await createUser(t.db, { role: 'employer' });
    const company = await createCompany(t.db, owner.id, { isApproved: false });
    const toggle = (requestId: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/companies/${company.id}/toggle_approval/`,
        headers: withRequestId(admin.token, requestId),
      });
    const patch = (isApproved: boolean, requestId: string) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/companies/${company.id}/`,
        headers: withRequestId(admin.token, requestId),
        payload: { is_approved: isApproved },
      });

    expect((await toggle('req-approve')).statusCode).toBe(200);
    expect((await toggle('req-unapprove')).statusCode).toBe(200);
    expect((await patch(true, 'req-patch')).statusCode).toBe(200);
    expect((await patch(true, 'req-patch-same')).statusCode).toBe(200);
    const entries = await entriesOf('company', company.id);
    expect(entries.map((e) => [e.action, e.before, e.after, e.requestId, e.actorId])).toEqual([
      ['company.approval_changed', { is_approved: false }, { is_approved: true }, 'req-approve', admin.user.id],
      ['company.approval_changed', { is_approved: true }, { is_approved: false }, 'req-unapprove', admin.user.id],
      ['company.approval_changed', { is_approved: false }, { is_approved: true }, 'req-patch', admin.user.id],
    ]);
    expect(entries[0]).toMatchObject({ actorEmail: admin.user.email, actorName: 'Ada Admin' });
  });

  it('a company deleted (by an admin or its owner): one entry with its name; a refused delete writes nothing', async () => {
    const owner = await signedInUser(t, { role: 'employer' });
    const company = await createCompany(t.db, owner.user.id, { isApproved: true, name: 'Short Lived Co' });
    const stranger = await signedInUser(t, { role: 'employer' });
    const refused = await t.app.inject({ method: 'DELETE', url: `/api/companies/${company.id}/`, headers: bearer(stranger.token) });
    expect(refused.statusCode).toBe(403);
    expect(await entriesOf('company', company.id)).toEqual([]);
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/companies/${company.id}/`,
      headers: withRequestId(admin.token, 'req-delete-co'),
    });
    expect(res.statusCode).toBe(204);
    const entries = await entriesOf('company', company.id);
    expect(entries.map((e) => [e.action, e.before, e.after, e.requestId, e.actorId])).toEqual([
      ['company.deleted', { name: 'Short Lived Co', owner_id: owner.user.id }, null, 'req-delete-co', admin.user.id],
    ]);
  });

  describe.each([
    { kind: 'category', base: '/api/job-categories/', make: createCategory, column: 'categoryIds' as const },
    { kind: 'skill', base: '/api/job-skills/', make: createSkill, column: 'skillIds' as const },
  ])('$kind changes', ({ kind, base, make, column }) => {
    it('create, rename and delete write one entry each; refused changes write nothing', async () => {
      const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, requestId: string, payload?: object) =>
        t.app.inject({ method, url, headers: withRequestId(admin.token, requestId), ...(payload ? { payload } : {}) });

      const created = await send('POST', base, `req-${kind}-create`, { name: `Audited ${kind}` });
      expect(created.statusCode).toBe(201);
      const id = json<{ id: number }>(created).id;
      expect((await send('PUT', `${base}${id}/`, `req-${kind}-rename`, { name: `Renamed ${kind}` })).statusCode).toBe(200);
      // Refused: the name is taken; renaming to the same name changes nothing.
      expect((await send('POST', base, 'req-dup', { name: `Renamed ${kind}` })).statusCode).toBe(409);
      const other = await make(t.db, `Other ${kind}`);
      expect((await send('PUT', `${base}${id}/`, 'req-taken', { name: `Other ${kind}` })).statusCode).toBe(409);
      expect((await send('PUT', `${base}${id}/`, 'req-same', { name: `Renamed ${kind}` })).statusCode).toBe(200);
      // Refused: a job uses it.
      const owner = await createUser(t.db, { role: 'employer' });
      await createJob(t.db, (await createCompany(t.db, owner.id)).id, { [column]: [other.id] });
      expect((await send('DELETE', `${base}${other.id}/`, 'req-in-use')).statusCode).toBe(409);
      expect(await entriesOf(kind, other.id)).toEqual([]);

      expect((await send('DELETE', `${base}${id}/`, `req-${kind}-delete`)).statusCode).toBe(204);
      const entries = await entriesOf(kind, id);
      expect(entries.map((e) => [e.action, e.before, e.after, e.requestId])).toEqual([
        [`${kind}.created`, null, { name: `Audited ${kind}` }, `req-${kind}-create`],
        [`${kind}.renamed`, { name: `Audited ${kind}` }, { name: `Renamed ${kind}` }, `req-${kind}-rename`],
        [`${kind}.deleted`, { name: `Renamed ${kind}` }, null, `req-${kind}-delete`],
      ]);
      expect(entries.every((e: AuditLogRow) => e.actorId === admin.user.id && e.actorEmail === admin.user.email)).toBe(true);
    });
  });
});

describe('GET /api/admin/audit/', () => {
  const list = (query = '', token = admin.token) => t.app.inject({ url: `/api/admin/audit/${query}`, headers: bearer(token) });
  let fixtureActor: { id: number; email: string };

  beforeAll(async () => {
    const actor = await createUser(t.db, { role: 'admin', fullName: 'Fixture Actor', email: 'fixture-actor@example.test' });
    fixtureActor = { id: actor.id, email: actor.email };
    // Entries at known times, about objects no other test touches.
    const at = (iso: string) => new Date(iso);
    await t.db.insert(auditLog).values([
      { at: at('2026-01-10T10:00:00Z'), action: 'category.created', objectType: 'fixture', objectId: '1', after: { name: 'A' } },
      {
        at: at('2026-01-11T23:30:00Z'),
        actorId: actor.id,
        actorEmail: actor.email,
        actorName: actor.fullName,
        action: 'category.renamed',
        objectType: 'fixture',
        objectId: '1',
        before: { name: 'A' },
        after: { name: 'B' },
        requestId: 'req-fixture',
      },
      { at: at('2026-01-12T00:30:00Z'), action: 'category.deleted', objectType: 'fixture', objectId: '2', before: { name: 'C' } },
    ]);
  });

  const fixture = async (query: string) => {
    const res = await list(`?object_type=fixture${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return json<Page<AuditEntry>>(res);
  };
  const idsOf = (page: Page<AuditEntry>) => page.results.map((e) => `${e.action}#${e.object_id}`);

  it('answers entries newest first, each with its actor as they were', async () => {
    const page = await fixture('');
    expect(page.count).toBe(3);
    expect(idsOf(page)).toEqual(['category.deleted#2', 'category.renamed#1', 'category.created#1']);
    expect(page.results[1]).toEqual({
      id: expect.any(Number) as unknown,
      at: '2026-01-11T23:30:00.000Z',
      actor: { id: fixtureActor.id, email: 'fixture-actor@example.test', full_name: 'Fixture Actor' },
      action: 'category.renamed',
      object_type: 'fixture',
      object_id: '1',
      before: { name: 'A' },
      after: { name: 'B' },
      request_id: 'req-fixture',
      names: { people: [], companies: [] },
    });
    expect(page.results[0]).toMatchObject({ actor: null, after: null, request_id: null });
    // Without the trailing slash too; the newest of everything comes first.
    const all = await t.app.inject({ url: '/api/admin/audit', headers: bearer(admin.token) });
    expect(all.statusCode).toBe(200);
    const ats = json<Page<AuditEntry>>(all).results.map((e) => e.at);
    expect(ats).toEqual([...ats].sort().reverse());
  });

  it('filters by actor, actor e-mail, action, object and time', async () => {
    expect(idsOf(await fixture(`&actor=${fixtureActor.id}`))).toEqual(['category.renamed#1']);
    expect(idsOf(await fixture('&actor_email=FIXTURE-actor@example.test'))).toEqual(['category.renamed#1']);
    expect(idsOf(await fixture('&action=category.created'))).toEqual(['category.created#1']);
    expect(idsOf(await fixture('&object_id=1'))).toEqual(['category.renamed#1', 'category.created#1']);
    // Dates take in whole days (UTC); date-times include both ends.
    expect(idsOf(await fixture('&since=2026-01-11'))).toEqual(['category.deleted#2', 'category.renamed#1']);
    expect(idsOf(await fixture('&until=2026-01-11'))).toEqual(['category.renamed#1', 'category.created#1']);
    expect(idsOf(await fixture('&since=2026-01-11&until=2026-01-11'))).toEqual(['category.renamed#1']);
    expect(idsOf(await fixture('&since=2026-01-11T23:30:00Z&until=2026-01-11T23:30:00Z'))).toEqual(['category.renamed#1']);
    expect(idsOf(await fixture(`&since=${encodeURIComponent('2026-01-12T01:00:00+01:00')}`))).toEqual(['category.deleted#2']);
    expect((await fixture('&action=company.approval_changed')).count).toBe(0);
  });

  it('pages with next and previous links that keep the filters', async () => {
    const first = await fixture('&page_size=2');
    expect(first.count).toBe(3);
    expect(idsOf(first)).toEqual(['category.deleted#2', 'category.renamed#1']);
    expect(first.previous).toBeNull();
    const next = new URL(first.next!, 'http://relative.invalid');
    expect(first.next).toMatch(/^\/api\/admin\/audit\/\?/);
    expect(Object.fromEntries(next.searchParams)).toEqual({ object_type: 'fixture', page: '2', page_size: '2' });
    const second = await fixture('&page_size=2&page=2');
    expect(idsOf(second)).toEqual(['category.created#1']);
    expect(second.next).toBeNull();
    expect(second.previous).not.toBeNull();
    expect((await fixture('&page=9')).results).toEqual([]);
  });

  it('refuses bad input with 400 and the field', async () => {
    for (const [query, field] of [
      ['since=yesterday', 'since'],
      ['since=2026-13-01', 'since'],
      ['until=2026-01-11T10:00:00', 'until'],
      ['since=2026-01-12&until=2026-01-11', 'until'],
      ['page_size=101', 'page_size'],
      ['page_size=abc', 'page_size'],
      ['page=0', 'page'],
      ['actor=abc', 'actor'],
      ['actor=0', 'actor'],
      ['actor=99999999999', 'actor'],
      ['actor_email=nobody', 'actor_email'],
      [`action=${'x'.repeat(101)}`, 'action'],
    ] as const) {
      const res = await list(`?${query}`);
      expect(res.statusCode, query).toBe(400);
      const body = json<{ code: string; fields: Record<string, string[]> }>(res);
      expect(body.code, query).toBe('validation_error');
      expect(Object.keys(body.fields), query).toContain(field);
    }
  });

  it('is for admins only: 401 without a token, 403 for job seekers and employers', async () => {
    expect((await t.app.inject({ url: '/api/admin/audit/' })).statusCode).toBe(401);
    const seeker = await signedInUser(t, { role: 'jobseeker' });
    const employer = await signedInUser(t, { role: 'employer' });
    expect((await list('', seeker.token)).statusCode).toBe(403);
    expect((await list('', employer.token)).statusCode).toBe(403);
  });

  it('is described in the OpenAPI document', async () => {
    const doc = json<{ paths: Record<string, { get?: { parameters?: { name: string }[] } }> }>(
      await t.app.inject({ url: '/api/openapi.json' }),
    );
    const names = doc.paths['/api/admin/audit/']?.get?.parameters?.map((p) => p.name);
    expect(names).toEqual(
      expect.arrayContaining(['actor', 'actor_email', 'action', 'object_type', 'object_id', 'since', 'until', 'page', 'page_size']),
    );
  });
});

describe('the names beside an entry', () => {
  it('names the people and companies an entry holds by id, as they are now; a deleted account stays an id', async () => {
    const interviewer = await createUser(t.db, { role: 'employer', fullName: 'Ivan Interviewer' });
    const owner = await createUser(t.db, { role: 'employer', fullName: 'Olga Owner' });
    // Not approved: hidden from the public, but an administrator sees it, so its name is given.
    const company = await createCompany(t.db, owner.id, { isApproved: false, name: 'Named Co' });
    const member = await createUser(t.db, { role: 'employer', fullName: 'Rita Removed' });
    const gone = await createUser(t.db, { role: 'employer', fullName: 'Gone Interviewer' });
    await recordAudit(t.db, {
      by: { userId: owner.id, requestId: 'req-names' },
      action: 'interview.rescheduled',
      objectType: 'interview',
      objectId: 880001,
      before: { scheduled_time: '2026-12-14T09:00:00.000Z', interviewer: gone.id },
      after: { scheduled_time: '2026-12-15T09:00:00.000Z', interviewer: interviewer.id },
    });
    await recordAudit(t.db, {
      by: { userId: owner.id, requestId: 'req-names' },
      action: 'team.member_removed',
      objectType: 'team_member',
      objectId: member.id,
      before: { company_id: company.id, email: member.email, role: 'recruiter' },
    });
    await t.db.delete(users).where(eq(users.id, gone.id));
    const page = json<Page<AuditEntry>>(await t.app.inject({ url: '/api/admin/audit/?actor=' + owner.id, headers: bearer(admin.token) }));
    const [removal, move] = page.results;
    expect(move?.names).toEqual({ people: [{ id: interviewer.id, name: 'Ivan Interviewer' }], companies: [] });
    expect(removal?.names).toEqual({
      people: [{ id: member.id, name: 'Rita Removed' }],
      companies: [{ id: company.id, name: 'Named Co' }],
    });
  });
});
