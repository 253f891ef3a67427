import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyMembers, notifications } from '../../db/schema';
import { bearer, createTestApp, json, signedInUser, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_MULTIPLIER: '100' });
});
afterAll(() => t?.close());

type Note = { id: number; type: string; message: string; link: string | null; is_read: boolean; created_at: string };
type NotePage = { results: Note[]; count: number; next: string | null; unread_count: number };

describe('notifications', () => {
  it('lists own notifications newest first with the unread count, and marks one read (own only)', async () => {
    const me = await signedInUser(t, { role: 'jobseeker' });
    const other = await signedInUser(t, { role: 'employer' });
    const base = Date.now() - 60_000;
    const rows = await t.db
      .insert(notifications)
      .values([
        { userId: me.user.id, type: 'a', message: 'First', link: '/x', createdAt: new Date(base) },
        { userId: me.user.id, type: 'b', message: 'Second', link: null, createdAt: new Date(base + 1000) },
        { userId: other.user.id, type: 'c', message: 'Not mine', createdAt: new Date(base + 2000) },
      ])
      .returning();
    const page = json<NotePage>(await t.app.inject({ url: '/api/notifications/', headers: bearer(me.token) }));
    expect(page.results.map((n) => n.message)).toEqual(['Second', 'First']);
    expect(page).toMatchObject({ count: 2, unread_count: 2 });

    const mark = await t.app.inject({ method: 'POST', url: `/api/notifications/${rows[0]!.id}/mark_as_read/`, headers: bearer(me.token) });
    expect(mark.statusCode).toBe(200);
    expect(json<Note>(mark)).toMatchObject({ id: rows[0]!.id, is_read: true, link: '/x' });
    expect(json<NotePage>(await t.app.inject({ url: '/api/notifications/', headers: bearer(me.token) })).unread_count).toBe(1);
    // Marking twice is fine.
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/notifications/${rows[0]!.id}/mark_as_read/`, headers: bearer(me.token) }))
        .statusCode,
    ).toBe(200);

    expect(
      (await t.app.inject({ method: 'POST', url: `/api/notifications/${rows[2]!.id}/mark_as_read/`, headers: bearer(me.token) }))
        .statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/notifications/999999/mark_as_read/', headers: bearer(me.token) })).statusCode,
    ).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: '/api/notifications/x/mark_as_read/', headers: bearer(me.token) })).statusCode).toBe(
      400,
    );
    expect(
      json<NotePage>(await t.app.inject({ url: '/api/notifications/', headers: bearer(other.token) })).results.map((n) => n.message),
    ).toEqual(['Not mine']);
  });

  it('needs a signed-in user, and pages as every list does', async () => {
    expect((await t.app.inject({ url: '/api/notifications/' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/notifications/1/mark_as_read/' })).statusCode).toBe(401);
    const me = await signedInUser(t, { role: 'admin' });
    await t.db.insert(notifications).values(Array.from({ length: 5 }, (_, i) => ({ userId: me.user.id, type: 't', message: `N${i}` })));
    const page = json<NotePage>(await t.app.inject({ url: '/api/notifications/?page_size=2', headers: bearer(me.token) }));
    expect(page).toMatchObject({ count: 5, unread_count: 5 });
    expect(page.next).toContain('page=2');
    expect((await t.app.inject({ url: '/api/notifications/?page_size=101', headers: bearer(me.token) })).statusCode).toBe(400);
  });
});

describe('notifications of companies', () => {
  it('tells administrators a company waits for approval, and its owner when it is approved; mark all read', async () => {
    const admin = await signedInUser(t, { role: 'admin' });
    const employer = await signedInUser(t, { role: 'employer' });
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/companies/',
      headers: bearer(employer.token),
      payload: { name: 'Bell Co', description: 'We ring.', tech_stack: [] },
    });
    expect(created.statusCode).toBe(201);
    const adminPage = json<NotePage>(await t.app.inject({ url: '/api/notifications/', headers: bearer(admin.token) }));
    expect(adminPage.results[0]).toMatchObject({
      type: 'company_pending',
      message: 'Bell Co is waiting for approval.',
      link: '/companies',
    });
    const approved = await t.app.inject({
      method: 'POST',
      url: `/api/companies/${json<{ id: number }>(created).id}/toggle_approval/`,
      headers: bearer(admin.token),
    });
    expect(approved.statusCode).toBe(200);
    const ownerPage = json<NotePage>(await t.app.inject({ url: '/api/notifications/', headers: bearer(employer.token) }));
    expect(ownerPage.results[0]).toMatchObject({ type: 'company_approved', is_read: false });
    // A recruiter who joined meanwhile hears of every later change, as the owner does (their open
    // screens follow the notice).
    const companyId = json<{ id: number }>(created).id;
    const recruiter = await signedInUser(t, { role: 'employer' });
    await t.db.insert(companyMembers).values({ companyId, userId: recruiter.user.id, role: 'recruiter', invitedBy: employer.user.id });
    const toggle = () =>
      t.app.inject({ method: 'POST', url: `/api/companies/${companyId}/toggle_approval/`, headers: bearer(admin.token) });
    const newestOf = async (token: string) =>
      json<NotePage>(await t.app.inject({ url: '/api/notifications/', headers: bearer(token) })).results[0];
    expect((await toggle()).statusCode).toBe(200);
    for (const token of [employer.token, recruiter.token]) {
      expect(await newestOf(token)).toMatchObject({
        type: 'company_approval_withdrawn',
        message: 'Bell Co is no longer approved: its jobs are hidden from job seekers until it is approved again.',
      });
    }
    expect((await toggle()).statusCode).toBe(200);
    for (const token of [employer.token, recruiter.token]) {
      expect(await newestOf(token)).toMatchObject({ type: 'company_approved', message: 'Bell Co is approved: its open jobs are public.' });
    }

    const marked = await t.app.inject({ method: 'POST', url: '/api/notifications/mark_all_as_read/', headers: bearer(admin.token) });
    expect(json(marked)).toMatchObject({ unread_count: 0 });
    expect(json<{ marked: number }>(marked).marked).toBeGreaterThanOrEqual(1);
    expect(json<NotePage>(await t.app.inject({ url: '/api/notifications/', headers: bearer(admin.token) })).unread_count).toBe(0);
  });
});
