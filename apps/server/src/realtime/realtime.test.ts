import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { SignJWT, decodeJwt } from 'jose';
import { io as connect, type Socket } from 'socket.io-client';
import type {
  ChatMessageOut,
  ChatRoomOut,
  ClientToServerEvents,
  NotificationOut,
  ServerToClientEvents,
  SocketRefusal,
} from '@jobportal/shared';
import { notifications, users } from '../db/schema';
import { createApplication, createCompany, createJob, createRecruiter } from '../seed/factories';
import { bearer, createTestApp, json, listenLocally, signedInUser, type TestApp } from '../test/harness';
import { storedResume } from '../test/scenes';

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;

let t: TestApp;
let url: string;
const open: Client[] = [];
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_MULTIPLIER: '100' });
  url = await listenLocally(t);
});
afterAll(async () => {
  for (const s of open) s.close();
  await t?.close();
});

function socket(token?: string): Client {
  const s: Client = connect(url, {
    path: '/socket.io/',
    auth: token ? { token } : {},
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
  });
  open.push(s);
  return s;
}
const connected = (s: Client) =>
  new Promise<void>((resolve, reject) => {
    s.once('connect', () => resolve());
    s.once('connect_error', (e) => reject(e));
  });
const refused = (s: Client) =>
  new Promise<SocketRefusal>((resolve) => s.once('connect_error', (e) => resolve((e as Error & { data: SocketRefusal }).data)));
const next = <E extends keyof ServerToClientEvents>(s: Client, event: E) =>
  new Promise<Parameters<ServerToClientEvents[E]>[0]>((resolve) => {
    s.once(event, ((payload: Parameters<ServerToClientEvents[E]>[0]) => resolve(payload)) as never);
  });
const disconnected = (s: Client) => new Promise<string>((resolve) => s.once('disconnect', (reason) => resolve(reason)));

async function signIn(email: string) {
  const res = await t.app.inject({ method: 'POST', url: '/api/login/', payload: { email, password: 'correct-horse-battery' } });
  return res.json<{ accessToken: string }>().accessToken;
}

async function pair() {
  const owner = await signedInUser(t, { role: 'employer', fullName: 'Olga Owner' });
  const company = await createCompany(t.db, owner.user.id, { isApproved: true });
  const job = await createJob(t.db, company.id);
  const recruiterUser = await createRecruiter(t.db, company.id, { fullName: 'Rita Recruiter' });
  const recruiter = { user: recruiterUser, token: await signIn(recruiterUser.email) };
  const seeker = await signedInUser(t, { role: 'jobseeker', fullName: 'Sam Seeker' });
  const resume = await storedResume(t, seeker.user);
  await createApplication(t.db, { jobId: job.id, jobseekerId: seeker.user.id, resumeFileId: resume.id });
  const room = json<ChatRoomOut>(
    await t.app.inject({
      method: 'POST',
      url: '/api/chatrooms/',
      headers: bearer(owner.token),
      payload: { jobseeker_id: seeker.user.id, employer_id: owner.user.id },
    }),
  );
  return { owner, company, recruiter, seeker, room };
}
const send = (token: string, roomId: number, content: string, clientId?: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/chatrooms/${roomId}/messages/`,
    headers: bearer(token),
    payload: { content, ...(clientId ? { client_id: clientId } : {}) },
  });

describe('socket handshake', () => {
  it('refuses no token, a bad token, an expired token and a deactivated user', async () => {
    expect((await refused(socket())).code).toBe('not_authenticated');
    expect((await refused(socket('nonsense'))).code).toBe('token_invalid');
    const me = await signedInUser(t, { role: 'jobseeker' });
    const claims = decodeJwt(me.token);
    const expired = await new SignJWT({ role: claims.role, sid: claims.sid })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(claims.sub))
      .setIssuer(String(claims.iss))
      .setAudience(claims.aud as string)
      .setIssuedAt(Math.floor(Date.now() / 1000) - 3600)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(new TextEncoder().encode(t.config.jwtSecret!));
    expect((await refused(socket(expired))).code).toBe('token_expired');
    await t.db.update(users).set({ isActive: false }).where(eq(users.id, me.user.id));
    expect((await refused(socket(me.token))).code).toBe('account_disabled');
  });

  it('cuts a connected socket when its user is deactivated, or removed from the company (told first, then connected without it)', async () => {
    const p = await pair();
    const seekerSocket = socket(p.seeker.token);
    const recruiterSocket = socket(p.recruiter.token);
    await Promise.all([connected(seekerSocket), connected(recruiterSocket)]);

    const notice = next(recruiterSocket, 'notification:new');
    const recruiterGone = disconnected(recruiterSocket);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/companies/${p.company.id}/members/${p.recruiter.user.id}/`,
      headers: bearer(p.owner.token),
    });
    expect(removed.statusCode).toBe(204);
    // Told first (the open tab learns why), then cut; their session goes on without the company.
    const told = await notice;
    expect(told).toMatchObject({ type: 'team_member_removed', link: '/EmployerCompanyManagement' });
    expect(await recruiterGone).toBe('io server disconnect');
    const recruiterAgain = socket(p.recruiter.token);
    await connected(recruiterAgain);
    let heard = false;
    recruiterAgain.on('message:new', () => (heard = true));
    const seekerHears = next(seekerSocket, 'message:new');
    expect((await send(p.seeker.token, p.room.id, 'Still there?')).statusCode).toBe(201);
    await seekerHears;
    // A later event on the recruiter's own channel: one socket's events arrive in order, so once it is
    // here, a message:new sent before it would have arrived too.
    const later = next(recruiterAgain, 'notification:read');
    const read = await t.app.inject({
      method: 'POST',
      url: `/api/notifications/${told.id}/mark_as_read/`,
      headers: bearer(p.recruiter.token),
    });
    expect(read.statusCode).toBe(200);
    await later;
    expect(heard).toBe(false);
    recruiterAgain.close();

    // The recheck reads every socket's session at once: the deactivated one is cut, a live one stays.
    const ownerSocket = socket(p.owner.token);
    await connected(ownerSocket);
    const seekerGone = disconnected(seekerSocket);
    await t.db.update(users).set({ isActive: false }).where(eq(users.id, p.seeker.user.id));
    expect(await t.app.realtime.recheck()).toBe(1);
    expect(await seekerGone).toBe('io server disconnect');
    expect(ownerSocket.connected).toBe(true);
    expect(await t.app.realtime.recheck()).toBe(0);
  });

  it("cuts a job seeker's socket at once when an admin deactivates the account", async () => {
    const p = await pair();
    const admin = await signedInUser(t, { role: 'admin' });
    const seekerSocket = socket(p.seeker.token);
    await connected(seekerSocket);
    const gone = disconnected(seekerSocket);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/jobseekers/${p.seeker.user.id}/toggle_active/`,
      headers: bearer(admin.token),
      payload: { reason: 'Spam' },
    });
    expect(res.statusCode).toBe(200);
    expect(await gone).toBe('io server disconnect');
  });
});

describe('live chat', () => {
  it('delivers messages, typing, read receipts, room updates and the bell to both sides, and nothing of other rooms', async () => {
    const p = await pair();
    const other = await pair();
    const seeker = socket(p.seeker.token);
    const recruiter = socket(p.recruiter.token);
    await Promise.all([connected(seeker), connected(recruiter)]);

    // Typing reaches the other side (not the typist).
    const typing = next(seeker, 'typing');
    recruiter.emit('typing', { room: p.room.id });
    expect(await typing).toEqual({ room: p.room.id, user: { id: p.recruiter.user.id, full_name: 'Rita Recruiter' } });

    // Someone else's room: refused, and its messages never arrive.
    const refusedEvent = next(recruiter, 'error:event');
    recruiter.emit('typing', { room: other.room.id });
    expect((await refusedEvent).code).toBe('not_found');
    expect((await send(other.owner.token, other.room.id, 'Not for you')).statusCode).toBe(201);

    const atSeeker = next(seeker, 'message:new');
    const atRecruiter = next(recruiter, 'message:new');
    const roomAtSeeker = next(seeker, 'room:updated');
    const bell = next(seeker, 'notification:new');
    const sent = json<ChatMessageOut>(await send(p.owner.token, p.room.id, 'Hello Sam', 'k1'));
    // Events reach a socket in order: had the other room's message been delivered, it would be this one.
    expect(await atSeeker).toEqual(sent);
    expect(await atRecruiter).toEqual(sent);
    expect(await roomAtSeeker).toMatchObject({ id: p.room.id, unread_count: 1, last_message: { id: sent.id } });
    expect((await bell) as NotificationOut).toMatchObject({ type: 'chat_message', link: `/chat/${p.room.id}`, is_read: false });

    // The job seeker reads it over the socket: the company sees "Seen", the bell item goes read.
    const seen = next(recruiter, 'message:read');
    const bellRead = next(seeker, 'notification:read');
    seeker.emit('read', { room: p.room.id, up_to: sent.id });
    expect(await seen).toMatchObject({ room: p.room.id, up_to: sent.id });
    expect(typeof (await bellRead).id).toBe('number');
  });

  it('sends each side the room as that side reads it after a message, and after a read', async () => {
    const p = await pair();
    const seeker = socket(p.seeker.token);
    const recruiter = socket(p.recruiter.token);
    await Promise.all([connected(seeker), connected(recruiter)]);
    const roomAs = async (token: string) =>
      json<ChatRoomOut>(await t.app.inject({ url: `/api/chatrooms/${p.room.id}/`, headers: bearer(token) }));

    // Two messages the seeker has not read, then one the company has not: both counts are non-zero.
    for (const [token, content] of [
      [p.owner.token, 'Hello Sam'],
      [p.recruiter.token, 'Are you free on Monday?'],
      [p.seeker.token, 'Yes, any time after ten.'],
    ] as const) {
      const atSeeker = next(seeker, 'room:updated');
      const atRecruiter = next(recruiter, 'room:updated');
      expect((await send(token, p.room.id, content)).statusCode).toBe(201);
      const [seekerView, companyView] = [await atSeeker, await atRecruiter];
      expect(seekerView).toEqual(await roomAs(p.seeker.token));
      expect(companyView).toEqual(await roomAs(p.recruiter.token));
      expect(seekerView.last_message?.content).toBe(content);
    }
    expect((await roomAs(p.seeker.token)).unread_count).toBe(2);
    expect((await roomAs(p.owner.token)).unread_count).toBe(1);

    // The seeker reads them: the receipt and both views travel together.
    const seen = next(recruiter, 'message:read');
    const atSeeker = next(seeker, 'room:updated');
    const atRecruiter = next(recruiter, 'room:updated');
    const last = (await roomAs(p.seeker.token)).last_message!;
    seeker.emit('read', { room: p.room.id, up_to: last.id });
    expect(await seen).toMatchObject({ room: p.room.id, up_to: last.id });
    expect(await atSeeker).toEqual(await roomAs(p.seeker.token));
    expect((await atSeeker).unread_count).toBe(0);
    expect(await atRecruiter).toEqual(await roomAs(p.recruiter.token));
  });

  it('catches up after a dropped connection: nothing lost, nothing twice', async () => {
    const p = await pair();
    let seeker = socket(p.seeker.token);
    await connected(seeker);
    const first = next(seeker, 'message:new');
    const m1 = json<ChatMessageOut>(await send(p.owner.token, p.room.id, 'Before the drop'));
    expect((await first).id).toBe(m1.id);
    seeker.close();
    const missed = [await send(p.owner.token, p.room.id, 'While away 1'), await send(p.owner.token, p.room.id, 'While away 2')].map((r) =>
      json<ChatMessageOut>(r),
    );
    seeker = socket(p.seeker.token);
    await connected(seeker);
    const caught = await t.app.inject({ url: `/api/chatrooms/${p.room.id}/messages/?after=${m1.id}`, headers: bearer(p.seeker.token) });
    expect(json<{ results: ChatMessageOut[] }>(caught).results.map((m) => m.id)).toEqual(missed.map((m) => m.id).reverse());
  });

  it('pushes a notification written by any module, once', async () => {
    const me = await signedInUser(t, { role: 'admin' });
    const s = socket(me.token);
    await connected(s);
    const seen: number[] = [];
    s.on('notification:new', (n) => seen.push(n.id));
    const pushed = next(s, 'notification:new');
    const [row] = await t.db
      .insert(notifications)
      .values({ userId: me.user.id, type: 'company_pending', message: 'A company waits for approval.' })
      .returning();
    await t.app.realtime.flushNotifications();
    expect((await pushed).id).toBe(row!.id);
    await t.app.realtime.flushNotifications();
    // A second marker notification proves the first was not pushed again.
    const marker = next(s, 'notification:new');
    await t.db.insert(notifications).values({ userId: me.user.id, type: 'marker', message: 'marker' });
    await t.app.realtime.flushNotifications();
    await marker;
    expect(seen.filter((id) => id === row!.id)).toHaveLength(1);
  });
});

describe('job alerts', () => {
  it('tells the owners of the alerts a new job reached, and no one else, with one event each', async () => {
    const { owner } = await pair();
    const fans = [await signedInUser(t, { role: 'jobseeker' }), await signedInUser(t, { role: 'jobseeker' })];
    const bystander = await signedInUser(t, { role: 'jobseeker' });
    for (const fan of fans) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/job-alerts/',
        headers: bearer(fan.token),
        payload: { criteria: { search: 'lighthouse keeper' } },
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const [a, b, c] = [socket(fans[0]!.token), socket(fans[1]!.token), socket(bystander.token)];
    await Promise.all([a, b, c].map(connected));
    const heard = new Map<Client, number>([
      [a, 0],
      [b, 0],
      [c, 0],
    ]);
    for (const s of [a, b, c]) s.on('job_alert:matched', () => heard.set(s, heard.get(s)! + 1));
    const told = Promise.all([next(a, 'job_alert:matched'), next(b, 'job_alert:matched')]);
    const posted = await t.app.inject({
      method: 'POST',
      url: '/api/jobs/',
      headers: bearer(owner.token),
      payload: {
        title: 'Lighthouse Keeper',
        description: 'Keep the lighthouse keeper cottage and the lamp in order, nights on the island.',
        location: 'Kiel, Germany',
        employment_type: 'Full-time',
        experience_level: 'Mid level',
        status: 'open',
      },
    });
    expect(posted.statusCode, posted.body).toBe(201);
    await t.app.jobAlerts.idle();
    await told;
    // A marker after it: anything sent to the bystander would have arrived before.
    const marker = next(c, 'notification:new');
    await t.db.insert(notifications).values({ userId: bystander.user.id, type: 'marker', message: 'marker' });
    await t.app.realtime.flushNotifications();
    await marker;
    expect([heard.get(a), heard.get(b), heard.get(c)]).toEqual([1, 1, 0]);
  });
});
