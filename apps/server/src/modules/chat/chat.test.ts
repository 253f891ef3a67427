import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { ChatMessageList, ChatMessageOut, ChatRoomList, ChatRoomOut } from '@jobportal/shared';
import { chatRooms, notifications } from '../../db/schema';
import { createApplication, createCompany, createJob, createRecruiter, createUser } from '../../seed/factories';
import { bearer, createTestApp, json, signedInUser, type TestApp } from '../../test/harness';
import { storedResume } from '../../test/scenes';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_MULTIPLIER: '100' });
});
afterAll(() => t?.close());

async function signIn(email: string) {
  const res = await t.app.inject({ method: 'POST', url: '/api/login/', payload: { email, password: 'correct-horse-battery' } });
  return res.json<{ accessToken: string }>().accessToken;
}

/** An employer (owner + recruiter) and a job seeker who applied to its job. */
async function pair() {
  const owner = await signedInUser(t, { role: 'employer', fullName: 'Olga Owner' });
  const company = await createCompany(t.db, owner.user.id, { isApproved: true, name: 'Acme' });
  const job = await createJob(t.db, company.id, { title: 'Welder' });
  const recruiterUser = await createRecruiter(t.db, company.id, { fullName: 'Rita Recruiter' });
  const recruiter = { user: recruiterUser, token: await signIn(recruiterUser.email) };
  const seeker = await signedInUser(t, { role: 'jobseeker', fullName: 'Sam Seeker' });
  const resume = await storedResume(t, seeker.user);
  await createApplication(t.db, { jobId: job.id, jobseekerId: seeker.user.id, resumeFileId: resume.id });
  return { owner, company, job, recruiter, seeker };
}

const post = (token: string, url: string, payload: unknown) =>
  t.app.inject({ method: 'POST', url, headers: bearer(token), payload: payload as object });
const get = (token: string, url: string) => t.app.inject({ url, headers: bearer(token) });

describe('chat rooms', () => {
  it('opens one room per job seeker and company: 201, then 400 existing_room; get_or_create answers 200', async () => {
    const p = await pair();
    const first = await post(p.owner.token, '/api/chatrooms/', { jobseeker_id: p.seeker.user.id, employer_id: p.owner.user.id });
    expect(first.statusCode).toBe(201);
    const room = json<ChatRoomOut>(first);
    expect(room).toMatchObject({
      jobseeker: { id: p.seeker.user.id, full_name: 'Sam Seeker', photo: null },
      employer: { id: p.owner.user.id, full_name: 'Olga Owner', company: { id: p.company.id, name: 'Acme' } },
      job: { id: p.job.id, title: 'Welder' },
      last_message: null,
      unread_count: 0,
    });
    // The recruiter speaks for the same company: the same room.
    const again = await post(p.recruiter.token, '/api/chatrooms/', { jobseeker_id: p.seeker.user.id, employer_id: p.recruiter.user.id });
    expect(again.statusCode).toBe(400);
    expect(json(again)).toMatchObject({ code: 'existing_room', existing_room: room.id });
    // The job seeker opens it from the application (the job names the company).
    const fromSeeker = await post(p.seeker.token, '/api/chatrooms/get_or_create/', { jobseeker_id: p.seeker.user.id, job_id: p.job.id });
    expect(fromSeeker.statusCode).toBe(200);
    expect(json<ChatRoomOut>(fromSeeker).id).toBe(room.id);
    expect(json<ChatRoomList>(await get(p.recruiter.token, '/api/chatrooms/')).results.map((r) => r.id)).toEqual([room.id]);
  });

  it('refuses cold messages, strangers and bad input without a 5xx', async () => {
    const p = await pair();
    const stranger = await createUser(t.db, { role: 'jobseeker' });
    expect((await post(p.owner.token, '/api/chatrooms/', { jobseeker_id: stranger.id, employer_id: p.owner.user.id })).statusCode).toBe(
      404,
    );
    const otherSeeker = await signedInUser(t, { role: 'jobseeker' });
    expect(
      (await post(otherSeeker.token, '/api/chatrooms/', { jobseeker_id: otherSeeker.user.id, employer_id: p.owner.user.id })).statusCode,
    ).toBe(404);
    // A job seeker cannot open a conversation in someone else's name.
    expect(
      (await post(otherSeeker.token, '/api/chatrooms/', { jobseeker_id: p.seeker.user.id, employer_id: p.owner.user.id })).statusCode,
    ).toBe(404);
    expect(
      (await post(p.owner.token, '/api/chatrooms/', { jobseeker_id: p.seeker.user.id, employer_id: p.seeker.user.id })).statusCode,
    ).toBe(404);
    expect((await post(p.owner.token, '/api/chatrooms/', { jobseeker_id: p.seeker.user.id })).statusCode).toBe(400);
    expect((await post(p.owner.token, '/api/chatrooms/', { jobseeker_id: 'x', employer_id: 99999999999 })).statusCode).toBe(400);
    expect((await post(p.owner.token, '/api/chatrooms/', { jobseeker_id: p.seeker.user.id, job_id: 2147483647 })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/chatrooms/' })).statusCode).toBe(401);
    expect((await get('not-a-token', '/api/chatrooms/')).statusCode).toBe(401);
    const room = json<ChatRoomOut>(
      await post(p.owner.token, '/api/chatrooms/', { jobseeker_id: p.seeker.user.id, employer_id: p.owner.user.id }),
    );
    expect((await get(otherSeeker.token, `/api/chatrooms/${room.id}/`)).statusCode).toBe(404);
    expect((await get(otherSeeker.token, `/api/chatrooms/${room.id}/messages/`)).statusCode).toBe(404);
    expect((await post(otherSeeker.token, `/api/chatrooms/${room.id}/messages/`, { content: 'hi' })).statusCode).toBe(404);
    expect((await get(p.owner.token, `/api/chatrooms/${room.id}/messages/?before=1&after=2`)).statusCode).toBe(400);
    expect((await get(p.owner.token, `/api/chatrooms/${room.id}/messages/?before=abc`)).statusCode).toBe(400);
  });
});

describe('messages', () => {
  it('stores, pages back and catches up; a retry with the same client_id makes no duplicate', async () => {
    const p = await pair();
    const room = json<ChatRoomOut>(
      await post(p.owner.token, '/api/chatrooms/', { jobseeker_id: p.seeker.user.id, employer_id: p.owner.user.id }),
    );
    const url = `/api/chatrooms/${room.id}/messages/`;
    const sent: ChatMessageOut[] = [];
    for (let i = 1; i <= 5; i++) {
      const res = await post(i % 2 ? p.owner.token : p.seeker.token, url, {
        content: `  Message ${i} https://example.com  `,
        client_id: `c-${i}`,
      });
      expect(res.statusCode).toBe(201);
      sent.push(json<ChatMessageOut>(res));
    }
    expect(sent[0]).toMatchObject({
      room: room.id,
      sender: { id: p.owner.user.id, full_name: 'Olga Owner' },
      content: 'Message 1 https://example.com',
      client_id: 'c-1',
      read_at: null,
    });
    const retry = await post(p.owner.token, url, { content: 'Message 1 again', client_id: 'c-1' });
    expect(retry.statusCode).toBe(200);
    expect(json<ChatMessageOut>(retry).id).toBe(sent[0]!.id);

    const newest = json<ChatMessageList>(await get(p.seeker.token, `${url}?page_size=2`));
    expect(newest.count).toBe(5);
    expect(newest.results.map((m) => m.id)).toEqual([sent[4]!.id, sent[3]!.id]);
    const older = json<ChatMessageList>(await get(p.seeker.token, `${url}?page_size=2&before=${sent[3]!.id}`));
    expect(older.results.map((m) => m.id)).toEqual([sent[2]!.id, sent[1]!.id]);
    expect(older.next).toContain(`before=${sent[1]!.id}`);
    // Catching up after a dropped connection: everything after the last message seen, nothing twice.
    const caught = json<ChatMessageList>(await get(p.seeker.token, `${url}?page_size=2&after=${sent[1]!.id}`));
    expect(caught.results.map((m) => m.id)).toEqual([sent[3]!.id, sent[2]!.id]);
    expect(caught.next).toContain(`after=${sent[3]!.id}`);
    const rest = json<ChatMessageList>(await get(p.seeker.token, `${url}?page_size=2&after=${sent[3]!.id}`));
    expect(rest.results.map((m) => m.id)).toEqual([sent[4]!.id]);
    expect(rest.next).toBeNull();

    // The list shows the last message and the reader's unread count (the other side's messages).
    const seekerRooms = json<ChatRoomList>(await get(p.seeker.token, '/api/chatrooms/'));
    expect(seekerRooms.results[0]).toMatchObject({ id: room.id, unread_count: 3, last_message: { id: sent[4]!.id } });
    const read = await post(p.seeker.token, `/api/chatrooms/${room.id}/read/`, { up_to: sent[4]!.id });
    expect(read.statusCode).toBe(200);
    expect(json(read)).toMatchObject({ room: room.id, up_to: sent[4]!.id });
    expect(json<ChatRoomList>(await get(p.seeker.token, '/api/chatrooms/')).results[0]!.unread_count).toBe(0);
    // The company's side still has the seeker's 2 unread; the recruiter reads for the company.
    expect(json<ChatRoomOut>(await get(p.recruiter.token, `/api/chatrooms/${room.id}/`)).unread_count).toBe(2);
    await post(p.recruiter.token, `/api/chatrooms/${room.id}/read/`, { up_to: sent[4]!.id });
    expect(json<ChatRoomOut>(await get(p.owner.token, `/api/chatrooms/${room.id}/`)).unread_count).toBe(0);
    const page = json<ChatMessageList>(await get(p.owner.token, url));
    expect(page.results.every((m) => m.read_at !== null)).toBe(true);
  });

  it('refuses empty, whitespace-only and over-long messages with 400 fields', async () => {
    const p = await pair();
    const room = json<ChatRoomOut>(
      await post(p.owner.token, '/api/chatrooms/', { jobseeker_id: p.seeker.user.id, employer_id: p.owner.user.id }),
    );
    const url = `/api/chatrooms/${room.id}/messages/`;
    for (const content of ['', '   \n\t ', 'x'.repeat(4001)]) {
      const res = await post(p.owner.token, url, { content });
      expect(res.statusCode).toBe(400);
      expect(json<{ fields: Record<string, string[]> }>(res).fields.content).toBeDefined();
    }
    expect((await post(p.owner.token, url, { content: 'x'.repeat(4000) })).statusCode).toBe(201);
    expect((await post(p.owner.token, url, { content: '<b>not html</b>', client_id: 'x'.repeat(65) })).statusCode).toBe(400);
    expect((await post(p.owner.token, url, {})).statusCode).toBe(400);
  });

  it('notifies the recipient once per unread conversation, with a link to it', async () => {
    const p = await pair();
    const room = json<ChatRoomOut>(
      await post(p.owner.token, '/api/chatrooms/', { jobseeker_id: p.seeker.user.id, employer_id: p.owner.user.id }),
    );
    await post(p.owner.token, `/api/chatrooms/${room.id}/messages/`, { content: 'One' });
    await post(p.recruiter.token, `/api/chatrooms/${room.id}/messages/`, { content: 'Two' });
    const rows = await t.db.select().from(notifications).where(eq(notifications.userId, p.seeker.user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ type: 'chat_message', link: `/chat/${room.id}`, isRead: false });
    // Reading the conversation reads its notice too.
    const last = json<ChatMessageList>(await get(p.seeker.token, `/api/chatrooms/${room.id}/messages/`)).results[0]!;
    await post(p.seeker.token, `/api/chatrooms/${room.id}/read/`, { up_to: last.id });
    const [after] = await t.db.select().from(notifications).where(eq(notifications.userId, p.seeker.user.id));
    expect(after!.isRead).toBe(true);
  });

  it('a removed recruiter loses the conversation at once', async () => {
    const p = await pair();
    const room = json<ChatRoomOut>(
      await post(p.owner.token, '/api/chatrooms/', { jobseeker_id: p.seeker.user.id, employer_id: p.owner.user.id }),
    );
    expect((await get(p.recruiter.token, `/api/chatrooms/${room.id}/`)).statusCode).toBe(200);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/companies/${p.company.id}/members/${p.recruiter.user.id}/`,
      headers: bearer(p.owner.token),
    });
    expect(removed.statusCode).toBe(204);
    // The same session (a removed recruiter keeps the account, decision 018) loses it at once.
    expect((await get(p.recruiter.token, `/api/chatrooms/${room.id}/`)).statusCode).toBe(404);
    expect(json<ChatRoomList>(await get(p.recruiter.token, '/api/chatrooms/')).count).toBe(0);
    const fresh = await signIn(p.recruiter.user.email);
    expect((await get(fresh, `/api/chatrooms/${room.id}/`)).statusCode).toBe(404);
    expect(json<ChatRoomList>(await get(fresh, '/api/chatrooms/')).count).toBe(0);
  });
});

describe('flood limit', () => {
  it('answers 404, not a 5xx, for a message to a room deleted after its parties were kept for sending', async () => {
    const p = await pair();
    const room = json<ChatRoomOut>(
      await post(p.owner.token, '/api/chatrooms/', { jobseeker_id: p.seeker.user.id, employer_id: p.owner.user.id }),
    );
    const url = `/api/chatrooms/${room.id}/messages/`;
    expect((await post(p.seeker.token, url, { content: 'First' })).statusCode).toBe(201);
    expect((await post(p.owner.token, url, { content: 'Second' })).statusCode).toBe(201);
    await t.db.delete(chatRooms).where(eq(chatRooms.id, room.id));
    const gone = await post(p.seeker.token, url, { content: 'Third', client_id: 'after-delete' });
    expect(gone.statusCode).toBe(404);
    expect(json(gone)).toMatchObject({ code: 'not_found' });
    expect((await get(p.seeker.token, url)).statusCode).toBe(404);
    // A stranger is refused the same way whether or not the room's parties are kept.
    const stranger = await signedInUser(t, { role: 'jobseeker' });
    const other = json<ChatRoomOut>(
      await post(p.recruiter.token, '/api/chatrooms/get_or_create/', { jobseeker_id: p.seeker.user.id, employer_id: p.recruiter.user.id }),
    );
    expect((await post(p.seeker.token, `/api/chatrooms/${other.id}/messages/`, { content: 'Kept now' })).statusCode).toBe(201);
    expect((await post(stranger.token, `/api/chatrooms/${other.id}/messages/`, { content: 'Let me in' })).statusCode).toBe(404);
  });

  it('answers 429 with Retry-After past 20 messages in 10 seconds (retries of a stored message are free)', async () => {
    const strict = await createTestApp();
    try {
      const owner = await signedInUser(strict, { role: 'employer' });
      const company = await createCompany(strict.db, owner.user.id, { isApproved: true });
      const job = await createJob(strict.db, company.id);
      const seeker = await createUser(strict.db, { role: 'jobseeker' });
      const resume = await storedResume(strict, seeker);
      await createApplication(strict.db, { jobId: job.id, jobseekerId: seeker.id, resumeFileId: resume.id });
      const room = (
        await strict.app.inject({
          method: 'POST',
          url: '/api/chatrooms/',
          headers: bearer(owner.token),
          payload: { jobseeker_id: seeker.id, employer_id: owner.user.id },
        })
      ).json<ChatRoomOut>();
      const send = (i: number) =>
        strict.app.inject({
          method: 'POST',
          url: `/api/chatrooms/${room.id}/messages/`,
          headers: bearer(owner.token),
          payload: { content: `m${i}`, client_id: `f${i}` },
        });
      const codes: number[] = [];
      for (let i = 0; i < 21; i++) codes.push((await send(i)).statusCode);
      expect(codes.slice(0, 20).every((c) => c === 201)).toBe(true);
      expect(codes[20]).toBe(429);
      const refused = await send(21);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ code: 'rate_limited' });
      // The window slides: the wait is until the oldest of the last 20 is 10 seconds old.
      expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(10);
      expect((await send(3)).statusCode).toBe(200);
      // Refused messages were not stored.
      const stored = await strict.app.inject({ url: `/api/chatrooms/${room.id}/messages/?page_size=50`, headers: bearer(owner.token) });
      expect(stored.json<ChatMessageList>().count).toBe(20);
    } finally {
      await strict.close();
    }
  });
});
