import { eq } from 'drizzle-orm';
import { SignJWT, generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oneTimeCodes, refreshTokens, users } from '../../db/schema';
import { sha256 } from '../../lib/crypto';
import { otpMaxOtherAttempts } from './auth-codes';
import { refreshGraceMs } from './auth-sessions';
import { limits } from '@jobportal/shared';
import { createUser } from '../../seed/factories';
import { bearer, createTestApp, json, type TestApp } from '../../test/harness';
import { startGoogleKeyServer } from '../../test/google-keys';

const CLIENT_ID = 'test-client.apps.googleusercontent.com';
let t: TestApp;
let google: Awaited<ReturnType<typeof startGoogleKeyServer>>;
let n = 0;
const uniqueEmail = (tag: string) => `${tag}-${n++}@example.test`;

beforeAll(async () => {
  google = await startGoogleKeyServer(CLIENT_ID);
  t = await createTestApp({ GOOGLE_CLIENT_ID: CLIENT_ID, GOOGLE_JWKS_URL: google.jwksUrl, GOOGLE_ISSUER: google.issuer });
});
afterAll(async () => {
  await t?.close();
  await google?.close();
});

const post = (url: string, payload: unknown, headers: Record<string, string> = {}, ip = '10.0.0.1') =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers, remoteAddress: ip });

async function signUp(role: 'jobseeker' | 'employer' = 'jobseeker') {
  const email = uniqueEmail(role);
  const res = await post('/api/signup/', { email, password: 'a-long-unusual-pass', full_name: 'Sam Doe', role });
  expect(res.statusCode).toBe(201);
  return { email, userId: json<{ user_id: number }>(res).user_id };
}

/** Moves a used refresh token's first use back past the grace window. */
const pastRefreshGrace = (token: string) =>
  t.db
    .update(refreshTokens)
    .set({ usedAt: new Date(Date.now() - refreshGraceMs - 1000) })
    .where(eq(refreshTokens.tokenHash, sha256(token)));

async function signIn(email: string, password = 'correct-horse-battery') {
  const res = await post('/api/login/', { email, password });
  expect(res.statusCode).toBe(200);
  return json<{ accessToken: string; refreshToken: string; role: string; companyDetailsSubmitted: boolean }>(res);
}

describe('signup and e-mail verification', () => {
  it('creates the account, e-mails a 6-digit code, and the code signs in', async () => {
    const { email, userId } = await signUp('employer');
    const code = await t.smtp.waitForCode(email);
    expect(code).toMatch(/^\d{6}$/);
    const res = await post('/api/verify-otp/', { email, otp: code });
    expect(res.statusCode).toBe(200);
    const body = json<{ role: string; user: { id: number; email: string }; companyDetailsSubmitted: boolean; accessToken: string }>(res);
    expect(body).toMatchObject({ role: 'employer', user: { id: userId, email }, companyDetailsSubmitted: false });
    const [row] = await t.db.select().from(users).where(eq(users.id, userId));
    expect(row?.emailVerified).toBe(true);
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it('stores codes hashed, never in plain text', async () => {
    const { email } = await signUp();
    const code = await t.smtp.waitForCode(email);
    const rows = await t.db.select().from(oneTimeCodes).where(eq(oneTimeCodes.email, email));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.codeHash).not.toContain(code);
    expect(rows[0]!.codeHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('refuses bad input with the fields named', async () => {
    const res = await post('/api/signup/', { email: 'not-an-email', password: 'short', full_name: '', role: 'admin' });
    expect(res.statusCode).toBe(400);
    const body = json<{ code: string; fields: Record<string, string[]> }>(res);
    expect(body.code).toBe('validation_error');
    expect(Object.keys(body.fields).sort()).toEqual(['email', 'full_name', 'password', 'role']);
  });

  it('refuses common passwords', async () => {
    const res = await post('/api/signup/', { email: uniqueEmail('c'), password: 'password123', full_name: 'Sam', role: 'jobseeker' });
    expect(res.statusCode).toBe(400);
    expect(json<{ fields: Record<string, string[]> }>(res).fields.password?.[0]).toMatch(/too common/);
  });

  it('answers an address that has an account exactly as a new one, leaves the account as it is, and tells its owner', async () => {
    const user = await createUser(t.db, { fullName: 'Olga Owner' });
    const fresh = await post(
      '/api/signup/',
      { email: uniqueEmail('fresh'), password: 'a-long-unusual-pass', full_name: 'X', role: 'jobseeker' },
      {},
      '10.8.0.3',
    );
    const res = await post(
      '/api/signup/',
      { email: user.email.toUpperCase(), password: 'a-long-unusual-pass', full_name: 'X', role: 'employer' },
      {},
      '10.8.0.3',
    );
    expect(res.statusCode).toBe(fresh.statusCode);
    expect(Object.keys(json(res)).sort()).toEqual(Object.keys(json(fresh)).sort());
    expect(json<{ message: string }>(res).message).toBe(`We sent a 6-digit code to ${user.email}. Enter it to finish.`);
    const notice = await t.smtp.waitForMail(user.email);
    expect(notice.raw).toMatch(/Someone tried to sign up/);
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ fullName: 'Olga Owner', role: 'jobseeker', passwordHash: user.passwordHash });
    expect((await post('/api/login/', { email: user.email, password: 'a-long-unusual-pass' })).statusCode).toBe(401);
  });

  it('matches codes by e-mail as well as by code', async () => {
    const a = await signUp();
    const b = await signUp();
    const codeA = await t.smtp.waitForCode(a.email);
    const res = await post('/api/verify-otp/', { email: b.email, otp: codeA });
    expect(res.statusCode).toBe(400);
  });

  it('counts wrong tries and retires the code after the fifth', async () => {
    const { email } = await signUp();
    const code = await t.smtp.waitForCode(email);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 1; i <= 5; i++) {
      const res = await post('/api/verify-otp/', { email, otp: wrong });
      expect(res.statusCode).toBe(400);
      expect(json(res).code).toBe('invalid_otp');
      if (i < 5) expect(json(res).detail).toContain(`${5 - i} tr`);
    }
    const res = await post('/api/verify-otp/', { email, otp: code });
    expect(res.statusCode).toBe(400);
    expect(json(res).code).toBe('otp_expired');
  });

  it('uses a code once only, and not after 10 minutes', async () => {
    const { email } = await signUp();
    const code = await t.smtp.waitForCode(email);
    expect((await post('/api/verify-otp/', { email, otp: code })).statusCode).toBe(200);
    expect(json(await post('/api/verify-otp/', { email, otp: code })).code).toBe('otp_expired');

    const other = await signUp();
    const otherCode = await t.smtp.waitForCode(other.email);
    await t.db
      .update(oneTimeCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oneTimeCodes.email, other.email));
    expect(json(await post('/api/verify-otp/', { email: other.email, otp: otherCode })).code).toBe('otp_expired');
  });

  it('answers without waiting on the mail server, keeps the account when it fails, and tries the mail again', async () => {
    t.smtp.setFailing(true);
    const email = uniqueEmail('nomail');
    try {
      const res = await post(
        '/api/signup/',
        { email, password: 'a-long-unusual-pass', full_name: 'Sam', role: 'jobseeker' },
        {},
        '10.8.0.1',
      );
      expect(res.statusCode).toBe(201);
      expect(json(res).message).toBe(`We sent a 6-digit code to ${email}. Enter it to finish.`);
      const [row] = await t.db.select().from(users).where(eq(users.email, email));
      expect(row).toBeDefined();
    } finally {
      t.smtp.setFailing(false);
    }
    // The mail server is back before the second try: the code arrives.
    expect(await t.smtp.waitForCode(email)).toMatch(/^\d{6}$/);
  });
});

describe("an unconfirmed sign-up with someone else's e-mail", () => {
  const strangerSignsUp = async (email: string) =>
    post('/api/signup/', { email, password: 'strangers-password-1', full_name: 'Stranger', role: 'employer' }, {}, '10.9.9.9');

  it('is replaced, password and all, when the address signs up again', async () => {
    const email = uniqueEmail('victim');
    expect((await strangerSignsUp(email)).statusCode).toBe(201);
    const strangersCode = await t.smtp.waitForCode(email);
    const again = await post(
      '/api/signup/',
      { email, password: 'owners-own-password', full_name: 'Real Owner', role: 'jobseeker' },
      {},
      '10.9.9.10',
    );
    expect(again.statusCode).toBe(201);
    // One code a minute: the owner's sign-up replaced the stranger's details; the code sent stands.
    const verified = await post('/api/verify-otp/', { email, otp: strangersCode });
    expect(verified.statusCode).toBe(200);
    expect(json<{ role: string; user: { full_name: string } }>(verified)).toMatchObject({
      role: 'jobseeker',
      user: { full_name: 'Real Owner' },
    });
    expect((await post('/api/login/', { email, password: 'strangers-password-1' })).statusCode).toBe(401);
    expect((await post('/api/login/', { email, password: 'owners-own-password' })).statusCode).toBe(200);
  });

  it('loses its password when the owner confirms the address with a sign-in code; the owner is told', async () => {
    const email = uniqueEmail('victim');
    await strangerSignsUp(email);
    await t.smtp.waitForCode(email);
    await t.db
      .update(oneTimeCodes)
      .set({ createdAt: new Date(Date.now() - 120_000) })
      .where(eq(oneTimeCodes.email, email));
    expect((await post('/api/send-otp/', { email }, {}, '10.9.9.11')).statusCode).toBe(200);
    const signInCode = await t.smtp.waitForCode(email, 2);
    const res = await post('/api/verify-otp/', { email, otp: signInCode });
    expect(res.statusCode).toBe(200);
    const [row] = await t.db.select().from(users).where(eq(users.email, email));
    expect(row).toMatchObject({ emailVerified: true, passwordHash: null });
    expect((await post('/api/login/', { email, password: 'strangers-password-1' })).statusCode).toBe(401);
    expect((await t.smtp.waitForMail(email, 3)).raw).toMatch(/we removed that password/);
  });

  it('loses its password when the owner signs in with Google', async () => {
    const email = uniqueEmail('googler');
    await strangerSignsUp(email);
    const res = await post('/api/google/', { access_token: await google.sign({ sub: `g-${email}`, email, name: 'Real Owner' }) });
    expect(res.statusCode).toBe(200);
    const [row] = await t.db.select().from(users).where(eq(users.email, email));
    expect(row).toMatchObject({ emailVerified: true, passwordHash: null, googleSub: `g-${email}` });
    expect((await post('/api/login/', { email, password: 'strangers-password-1' })).statusCode).toBe(401);
  });

  it('keeps the password when its own sign-up code confirms it', async () => {
    const email = uniqueEmail('honest');
    await post('/api/signup/', { email, password: 'my-own-password-9', full_name: 'Honest', role: 'jobseeker' }, {}, '10.8.0.2');
    const res = await post('/api/verify-otp/', { email, otp: await t.smtp.waitForCode(email) });
    expect(res.statusCode).toBe(200);
    expect((await post('/api/login/', { email, password: 'my-own-password-9' })).statusCode).toBe(200);
  });
});

describe('sign-in codes', () => {
  it('answers the same whether or not the account exists, and mails only real accounts', async () => {
    const user = await createUser(t.db);
    const a = await post('/api/send-otp/', { email: user.email }, {}, '10.0.1.1');
    const b = await post('/api/send-otp/', { email: 'nobody@example.test' }, {}, '10.0.1.1');
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
    expect(json<{ detail: string }>(a).detail.replace(user.email, '')).toBe(
      json<{ detail: string }>(b).detail.replace('nobody@example.test', ''),
    );
    const code = await t.smtp.waitForCode(user.email);
    expect(t.smtp.count('nobody@example.test')).toBe(0);
    expect((await post('/api/verify-otp/', { email: user.email, otp: code })).statusCode).toBe(200);
  });

  it('allows one resend a minute per address, with Retry-After', async () => {
    const email = uniqueEmail('resend');
    expect((await post('/api/send-otp/', { email }, {}, '10.0.2.1')).statusCode).toBe(200);
    const res = await post('/api/resend-otp/', { email }, {}, '10.0.2.2');
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(json(res).code).toBe('rate_limited');
  });

  it('refuses a malformed code or e-mail', async () => {
    const res = await post('/api/verify-otp/', { email: 'x@example.test', otp: '12ab' });
    expect(res.statusCode).toBe(400);
    expect(json<{ fields: Record<string, string[]> }>(res).fields.otp).toBeDefined();
    expect((await post('/api/send-otp/', { email: 'nope' })).statusCode).toBe(400);
  });
});

describe('password sign-in', () => {
  it('signs in a verified account with tokens and the session fields', async () => {
    const user = await createUser(t.db, { role: 'jobseeker', fullName: 'Ada Lovelace' });
    const body = await signIn(user.email);
    expect(body).toMatchObject({
      role: 'jobseeker',
      user: { id: user.id, email: user.email, full_name: 'Ada Lovelace' },
      companyDetailsSubmitted: false,
    });
    expect(body.accessToken.split('.')).toHaveLength(3);
  });

  it('gives the same 401 for a wrong password and an unknown e-mail', async () => {
    const user = await createUser(t.db);
    const wrong = await post('/api/login/', { email: user.email, password: 'not-the-password' });
    const unknown = await post('/api/login/', { email: 'ghost@example.test', password: 'not-the-password' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(json(wrong)).toEqual(json(unknown));
    expect(json(wrong).code).toBe('invalid_credentials');
  });

  it('sends an unverified account to verify its e-mail, with a fresh code', async () => {
    const user = await createUser(t.db, { emailVerified: false });
    const res = await post('/api/login/', { email: user.email, password: 'correct-horse-battery' });
    expect(res.statusCode).toBe(403);
    expect(json(res).code).toBe('email_not_verified');
    await t.smtp.waitForCode(user.email);
  });

  it('refuses a deactivated account', async () => {
    const user = await createUser(t.db, { isActive: false });
    const res = await post('/api/login/', { email: user.email, password: 'correct-horse-battery' });
    expect(res.statusCode).toBe(403);
    expect(json(res).code).toBe('account_disabled');
  });

  it('stops an address that keeps failing on an account (429 with Retry-After), but never locks the owner out', async () => {
    const user = await createUser(t.db);
    // Twenty wrong passwords from addresses that are not the owner's, ten from one of them.
    for (let i = 0; i < 10; i++)
      expect((await post('/api/login/', { email: user.email, password: 'wrong-password-x' }, {}, '10.1.0.99')).statusCode).toBe(401);
    for (let i = 0; i < 10; i++) await post('/api/login/', { email: user.email, password: 'wrong-password-x' }, {}, `10.1.1.${i}`);
    const blocked = await post('/api/login/', { email: user.email, password: 'correct-horse-battery' }, {}, '10.1.0.99');
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // The owner's right password from their own address gets through (slowed, not refused).
    expect((await post('/api/login/', { email: user.email, password: 'correct-horse-battery' }, {}, '10.1.2.1')).statusCode).toBe(200);
  });

  it('lets only admins use the admin sign-in', async () => {
    const admin = await createUser(t.db, { role: 'admin' });
    const seeker = await createUser(t.db);
    expect((await post('/api/admin/login/', { email: admin.email, password: 'correct-horse-battery' })).statusCode).toBe(200);
    const res = await post('/api/admin/login/', { email: seeker.email, password: 'correct-horse-battery' });
    expect(res.statusCode).toBe(401);
    expect((await post('/api/admin/login/', { email: admin.email })).statusCode).toBe(400);
  });
});

describe('tokens', () => {
  it('rotates refresh tokens; presenting a used one ends the whole session', async () => {
    const user = await createUser(t.db, { role: 'admin' });
    const first = await signIn(user.email);
    const r1 = await post('/api/token/refresh/', { refresh: first.refreshToken });
    expect(r1.statusCode).toBe(200);
    const rotated = json<{ access: string; refresh: string }>(r1);
    expect(rotated.refresh).not.toBe(first.refreshToken);
    expect((await t.app.inject({ url: '/api/users/', headers: bearer(rotated.access) })).statusCode).toBe(200);

    // Past the grace window a used token is theft or replay: the whole session ends.
    await pastRefreshGrace(first.refreshToken);
    const replay = await post('/api/token/refresh/', { refresh: first.refreshToken });
    expect(replay.statusCode).toBe(401);
    expect((await post('/api/token/refresh/', { refresh: rotated.refresh })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/users/', headers: bearer(rotated.access) })).statusCode).toBe(401);
  });

  it('refuses missing or unknown refresh tokens', async () => {
    expect((await post('/api/token/refresh/', {})).statusCode).toBe(400);
    expect(json(await post('/api/token/refresh/', { refresh: 'nope' })).code).toBe('token_invalid');
  });

  it('signs out: the refresh and access tokens stop working', async () => {
    const user = await createUser(t.db, { role: 'admin' });
    const s = await signIn(user.email);
    expect((await post('/api/logout/', { refresh: s.refreshToken })).statusCode).toBe(200);
    expect((await post('/api/token/refresh/', { refresh: s.refreshToken })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/users/', headers: bearer(s.accessToken) })).statusCode).toBe(401);
    expect((await post('/api/logout/', {})).statusCode).toBe(400);
  });

  it('refuses forged and tampered access tokens', async () => {
    const user = await createUser(t.db, { role: 'admin' });
    const s = await signIn(user.email);
    const [h, p, sig] = s.accessToken.split('.');
    const payload = JSON.parse(Buffer.from(p!, 'base64url').toString()) as Record<string, unknown>;
    const forged = [h, Buffer.from(JSON.stringify({ ...payload, role: 'admin', sub: '1' })).toString('base64url'), sig].join('.');
    expect((await t.app.inject({ url: '/api/users/', headers: bearer(forged) })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/users/', headers: bearer('garbage') })).statusCode).toBe(401);
  });

  it('refuses a correctly signed token that lacks an expiry, issue time, issuer or audience, or names its user oddly', async () => {
    const user = await createUser(t.db, { role: 'admin' });
    const s = await signIn(user.email);
    const sid = (JSON.parse(Buffer.from(s.accessToken.split('.')[1]!, 'base64url').toString()) as { sid: string }).sid;
    const key = new TextEncoder().encode(t.config.jwtSecret!);
    const base = () => new SignJWT({ role: 'admin', sid }).setProtectedHeader({ alg: 'HS256' });
    const good = await base()
      .setSubject(String(user.id))
      .setIssuer('hireloop')
      .setAudience('hireloop-api')
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(key);
    expect((await t.app.inject({ url: '/api/users/', headers: bearer(good) })).statusCode).toBe(200);
    const tokens = [
      await base().setSubject(String(user.id)).setIssuer('hireloop').setAudience('hireloop-api').setIssuedAt().sign(key),
      await base().setSubject(String(user.id)).setIssuer('hireloop').setAudience('hireloop-api').setExpirationTime('5m').sign(key),
      await base().setSubject(String(user.id)).setAudience('hireloop-api').setIssuedAt().setExpirationTime('5m').sign(key),
      await base().setSubject(String(user.id)).setIssuer('hireloop').setIssuedAt().setExpirationTime('5m').sign(key),
      await base()
        .setSubject(`0x${user.id.toString(16)}`)
        .setIssuer('hireloop')
        .setAudience('hireloop-api')
        .setIssuedAt()
        .setExpirationTime('5m')
        .sign(key),
      // Issued long ago with a far expiry: older than an access token can be.
      await base()
        .setSubject(String(user.id))
        .setIssuer('hireloop')
        .setAudience('hireloop-api')
        .setIssuedAt(Math.floor(Date.now() / 1000) - 86_400)
        .setExpirationTime('365d')
        .sign(key),
    ];
    for (const token of tokens) expect((await t.app.inject({ url: '/api/users/', headers: bearer(token) })).statusCode).toBe(401);
  });

  it('cuts off a deactivated account at once', async () => {
    const user = await createUser(t.db, { role: 'admin' });
    const s = await signIn(user.email);
    await t.db.update(users).set({ isActive: false }).where(eq(users.id, user.id));
    const res = await t.app.inject({ url: '/api/users/', headers: bearer(s.accessToken) });
    expect(res.statusCode).toBe(403);
    expect(json(res).code).toBe('account_disabled');
  });
});

describe('password reset', () => {
  it('resets with the e-mailed code and signs out every session', async () => {
    const user = await createUser(t.db);
    const s = await signIn(user.email);
    expect((await post('/api/request-password-reset/', { email: user.email }, {}, '10.2.0.1')).statusCode).toBe(200);
    const code = await t.smtp.waitForCode(user.email);
    const weak = await post('/api/password-reset-confirm/', { email: user.email, otp: code, new_password: 'qwerty123' });
    expect(weak.statusCode).toBe(400);
    expect(json<{ fields: Record<string, string[]> }>(weak).fields.new_password).toBeDefined();
    const ok = await post('/api/password-reset-confirm/', { email: user.email, otp: code, new_password: 'a-brand-new-secret' });
    expect(ok.statusCode).toBe(200);
    expect((await post('/api/token/refresh/', { refresh: s.refreshToken })).statusCode).toBe(401);
    expect((await post('/api/login/', { email: user.email, password: 'correct-horse-battery' })).statusCode).toBe(401);
    await signIn(user.email, 'a-brand-new-secret');
  });

  it('refuses a wrong code and answers unknown e-mails like known ones', async () => {
    const res = await post('/api/request-password-reset/', { email: 'ghost2@example.test' }, {}, '10.2.0.2');
    expect(res.statusCode).toBe(200);
    const bad = await post('/api/password-reset-confirm/', {
      email: 'ghost2@example.test',
      otp: '123456',
      new_password: 'a-brand-new-secret',
    });
    expect(bad.statusCode).toBe(400);
    expect((await post('/api/password-reset-confirm/', { email: 'ghost2@example.test' })).statusCode).toBe(400);
  });
});

describe('Google sign-in', () => {
  it('answers 404 method_not_offered (a client error, not a server fault) when Google is not set up', async () => {
    const bare = await createTestApp();
    try {
      const res = await bare.app.inject({ method: 'POST', url: '/api/google/', payload: { access_token: 'x.y.z', role: 'jobseeker' } });
      expect(res.statusCode).toBe(404);
      expect(json(res).code).toBe('method_not_offered');
    } finally {
      await bare.close();
    }
  });

  it('creates a new account with the chosen role, then signs the same person in', async () => {
    const token = await google.sign({ sub: 'g-1', email: 'gina@example.test', name: 'Gina Google' });
    const res = await post('/api/google/', { access_token: token, role: 'employer' });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toMatchObject({ role: 'employer', user: { email: 'gina@example.test', full_name: 'Gina Google' } });
    const again = await post('/api/google/', { access_token: await google.sign({ sub: 'g-1', email: 'gina@example.test' }) });
    expect(again.statusCode).toBe(200);
  });

  it('needs a role for a new account', async () => {
    const res = await post('/api/google/', { access_token: await google.sign({ sub: 'g-2', email: 'new2@example.test' }) });
    expect(res.statusCode).toBe(400);
    expect(json<{ fields: Record<string, string[]> }>(res).fields.role).toBeDefined();
  });

  it('links an existing account with the same verified e-mail', async () => {
    const user = await createUser(t.db, { emailVerified: false });
    const res = await post('/api/google/', { access_token: await google.sign({ sub: 'g-3', email: user.email }) });
    expect(res.statusCode).toBe(200);
    expect(json<{ user: { id: number } }>(res).user.id).toBe(user.id);
  });

  it('refuses tokens with a wrong audience, issuer, key or expiry, and unverified e-mails', async () => {
    const { privateKey } = await generateKeyPair('RS256');
    const bad = [
      await google.sign({ sub: 'g-4', email: 'a@example.test' }, { audience: 'someone-else' }),
      await google.sign({ sub: 'g-4', email: 'a@example.test' }, { issuer: 'https://evil.example' }),
      await google.sign({ sub: 'g-4', email: 'a@example.test' }, { key: privateKey }),
      await google.sign({ sub: 'g-4', email: 'a@example.test' }, { expiresIn: '-1m' }),
      await google.sign({ sub: 'g-4', email: 'a@example.test', email_verified: false }),
      'not-a-jwt',
    ];
    for (const token of bad) {
      const res = await post('/api/google/', { access_token: token, role: 'jobseeker' });
      expect(res.statusCode).toBe(401);
      expect(json(res).code).toBe('google_token_invalid');
    }
    expect((await post('/api/google/', { role: 'jobseeker' })).statusCode).toBe(400);
  });
});

describe('hardening, second round (issue 47)', () => {
  it('keeps the sign-up password when the person tries to sign in before confirming, then confirms with the newest code', async () => {
    const { email } = await signUp();
    await t.smtp.waitForCode(email);
    const early = await post('/api/login/', { email, password: 'a-long-unusual-pass' });
    expect(early.statusCode).toBe(403);
    expect(json(early).code).toBe('email_not_verified');
    // Each code is stored before the answer and mailed after it: the newest code is the mail of the last row.
    const codes = await t.db.select().from(oneTimeCodes).where(eq(oneTimeCodes.email, email));
    const newest = await t.smtp.waitForCode(email, codes.length);
    expect((await post('/api/verify-otp/', { email, otp: newest })).statusCode).toBe(200);
    expect((await post('/api/login/', { email, password: 'a-long-unusual-pass' })).statusCode).toBe(200);
  });

  it('lets the owner sign in with a freshly mailed code while strangers guess from 100 addresses, and caps guesses at a code', async () => {
    const owner = await createUser(t.db, { role: 'jobseeker' });
    const home = '10.60.0.1';
    expect((await post('/api/send-otp/', { email: owner.email }, {}, home)).statusCode).toBe(200);
    const code = await t.smtp.waitForCode(owner.email);
    const wrong = code === '000000' ? '111111' : '000000';
    const answers = new Set<number>();
    for (let i = 0; i < 100; i++) {
      answers.add((await post('/api/verify-otp/', { email: owner.email, otp: wrong }, {}, `10.61.${i >> 4}.${i & 15}`)).statusCode);
    }
    expect([...answers]).toEqual([400]);
    // The strangers' tries together are used up: even the right code from elsewhere no longer works.
    const stranger = await post('/api/verify-otp/', { email: owner.email, otp: code }, {}, '10.62.0.1');
    expect(json(stranger).code).toBe('otp_expired');
    expect((await post('/api/verify-otp/', { email: owner.email, otp: code }, {}, home)).statusCode).toBe(200);
    // At most 5 tries from the asking address and 50 from all others: 55 in 1,000,000 < 1 in 10,000.
    expect((limits.otpMaxAttempts + otpMaxOtherAttempts) / 10 ** limits.otpLength).toBeLessThan(1 / 10_000);
  });

  it('lets the owner reset the password with a fresh code after strangers spent their tries', async () => {
    const owner = await createUser(t.db, { role: 'jobseeker' });
    const home = '10.63.0.1';
    expect((await post('/api/request-password-reset/', { email: owner.email }, {}, home)).statusCode).toBe(200);
    const code = await t.smtp.waitForCode(owner.email);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 20; i++) {
      const res = await post(
        '/api/password-reset-confirm/',
        { email: owner.email, otp: wrong, new_password: 'a-brand-new-secret' },
        {},
        `10.64.0.${i}`,
      );
      expect(res.statusCode).toBe(400);
    }
    // Five wrong tries from one stranger's address close the code to that address only.
    for (let i = 0; i < 5; i++)
      await post('/api/password-reset-confirm/', { email: owner.email, otp: wrong, new_password: 'a-brand-new-secret' }, {}, '10.64.1.1');
    const closed = await post(
      '/api/password-reset-confirm/',
      { email: owner.email, otp: code, new_password: 'a-brand-new-secret' },
      {},
      '10.64.1.1',
    );
    expect(json(closed).code).toBe('otp_expired');
    const ok = await post('/api/password-reset-confirm/', { email: owner.email, otp: code, new_password: 'a-brand-new-secret' }, {}, home);
    expect(ok.statusCode).toBe(200);
  });

  it('gives two refreshes at once with one token the same successor, and the session lives on', async () => {
    const user = await createUser(t.db, { role: 'admin' });
    const session = await signIn(user.email);
    const [a, b] = await Promise.all([
      post('/api/token/refresh/', { refresh: session.refreshToken }),
      post('/api/token/refresh/', { refresh: session.refreshToken }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const next = json<{ access: string; refresh: string }>(a).refresh;
    expect(json<{ refresh: string }>(b).refresh).toBe(next);
    // A retry a moment later (its answer was lost) gets the same successor too.
    const retry = await post('/api/token/refresh/', { refresh: session.refreshToken });
    expect(json<{ refresh: string }>(retry).refresh).toBe(next);
    const onward = await post('/api/token/refresh/', { refresh: next });
    expect(onward.statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/users/', headers: bearer(json<{ access: string }>(onward).access) })).statusCode).toBe(200);
  });

  it('tells a client that keeps refreshing with one refused token to wait (429), not 401 forever', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 15; i++)
      statuses.push((await post('/api/token/refresh/', { refresh: 'not-a-token-at-all' }, {}, '10.65.0.1')).statusCode);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses.slice(10)).toEqual(Array(5).fill(429));
  });

  it("answers a sign-up with an address that has an account without that account's id", async () => {
    const owner = await createUser(t.db, { role: 'jobseeker' });
    const signUpAs = (email: string) =>
      post('/api/signup/', { email, password: 'a-long-unusual-pass', full_name: 'Sam Doe', role: 'jobseeker' }, {}, '10.66.0.1');
    const taken = await signUpAs(owner.email);
    expect(taken.statusCode).toBe(201);
    const takenId = json<{ user_id: number }>(taken).user_id;
    expect(takenId).not.toBe(owner.id);
    expect(takenId).toBeGreaterThan(owner.id);
    // A new address right after gets the next number: the two answers look alike.
    const fresh = await signUpAs(uniqueEmail('fresh'));
    expect(json<{ user_id: number }>(fresh).user_id).toBeGreaterThan(takenId);
  });
});
