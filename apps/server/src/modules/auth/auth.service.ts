import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  limits,
  type GoogleLoginRequest,
  type LoginRequest,
  type LoginResponse,
  type PasswordResetConfirmRequest,
  type RefreshResponse,
  type SignupRequest,
  type VerifyOtpRequest,
} from '@jobportal/shared';
import type { Db } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { hmac, randomDigits, randomToken, safeEqualHex, sha256 } from '../../lib/crypto';
import type { Mailer } from '../../lib/mail';
import { hashPassword, passwordProblems, verifyPassword } from '../../lib/passwords';
import { enforceLimits, type LimitRule, type RateLimiter } from '../../lib/rate-limiter';
import * as repo from './auth.repository';
import type { CodePurpose } from './auth.repository';
import type { GoogleIdentity } from './google';
import type { TokenSigner } from './tokens';

export interface AuthDeps {
  db: Db;
  mailer: Mailer;
  limiter: RateLimiter;
  signer: TokenSigner;
  codeSecret: string;
  verifyGoogleToken: (token: string) => Promise<GoogleIdentity>;
  rateLimitMultiplier: number;
  productName: string;
  log: FastifyBaseLogger;
}

export interface ClientInfo {
  ip: string;
  userAgent: string | undefined;
}

const minutes = (n: number) => n * 60;

export function createAuthService(deps: AuthDeps) {
  const { db, mailer, limiter, signer } = deps;
  const rule = (limit: number, windowSeconds: number): LimitRule => ({
    limit: Math.max(1, Math.round(limit * deps.rateLimitMultiplier)),
    windowSeconds,
  });
  const rules = {
    loginPerIp: rule(30, minutes(5)),
    loginPerAccount: rule(10, minutes(15)),
    signupPerIp: rule(10, minutes(60)),
    sendCodePerIp: rule(20, minutes(15)),
    verifyPerIp: rule(30, minutes(15)),
    verifyPerAccount: rule(20, minutes(15)),
    googlePerIp: rule(30, minutes(5)),
    refreshPerIp: rule(300, minutes(5)),
    // The resend rule of the product (one code a minute per address), not scaled.
    resend: { limit: 1, windowSeconds: limits.otpResendSeconds },
  };

  const hashCode = (email: string, purpose: CodePurpose, code: string) => hmac(deps.codeSecret, `${purpose}:${email}:${code}`);

  async function issueSession(user: UserRow, client: ClientInfo): Promise<LoginResponse> {
    const sessionId = randomUUID();
    const refreshToken = randomToken();
    await repo.insertSession(db, {
      id: sessionId,
      userId: user.id,
      expiresAt: new Date(Date.now() + limits.refreshTokenTtlDays * 86_400_000),
      userAgent: client.userAgent?.slice(0, 300),
      ip: client.ip,
    });
    await repo.insertRefreshToken(db, sessionId, sha256(refreshToken));
    await repo.updateUser(db, user.id, { lastLogin: new Date() });
    return {
      accessToken: await signer.sign({ userId: user.id, role: user.role, sessionId }),
      refreshToken,
      role: user.role,
      user: { id: user.id, email: user.email, full_name: user.fullName },
      companyDetailsSubmitted: user.role === 'employer' ? await repo.hasCompany(db, user.id) : false,
    };
  }

  type CodeMail = (code: string) => { subject: string; text: string };
  const codeMail =
    (purpose: 'sign_in' | 'password_reset'): CodeMail =>
    (code) => {
      const [subject, intro] =
        purpose === 'password_reset'
          ? [`Your ${deps.productName} password reset code`, 'Use this code to choose a new password:']
          : [`Your ${deps.productName} sign-in code: ${code}`, 'Use this code to confirm your e-mail address and sign in:'];
      return {
        subject,
        text: `${intro}\n\n    ${code}\n\nIt works once and expires in ${limits.otpTtlMinutes} minutes. If you did not ask for it, you can ignore this e-mail.\n`,
      };
    };

  /** Makes a code and mails it; answers when it expires. Throws mail_failed when the mail server refuses. */
  async function sendCode(
    email: string,
    purpose: CodePurpose,
    mail: CodeMail = codeMail(purpose === 'password_reset' ? 'password_reset' : 'sign_in'),
  ): Promise<Date> {
    const code = randomDigits(limits.otpLength);
    const expiresAt = new Date(Date.now() + limits.otpTtlMinutes * 60_000);
    await repo.replaceCode(db, { email, purpose, codeHash: hashCode(email, purpose, code), expiresAt });
    try {
      await mailer.send({ to: email, ...mail(code) });
    } catch (error) {
      deps.log.error({ err: error, to: email, purpose }, 'sending a one-time code failed');
      throw new AppError('mail_failed', 'We could not send the e-mail just now. Please try again in a minute.');
    }
    return expiresAt;
  }

  /** Checks a code; a wrong one counts a try, and the fifth wrong try retires the code. */
  async function checkCode(email: string, purpose: CodePurpose, code: string, ip: string): Promise<void> {
    await enforceLimits(limiter, [
      [`verify:ip:${ip}`, rules.verifyPerIp],
      [`verify:acct:${email}`, rules.verifyPerAccount],
    ]);
    const stored = await repo.findLatestCode(db, email, purpose);
    if (!stored || stored.expiresAt.getTime() <= Date.now() || stored.attempts >= limits.otpMaxAttempts) {
      throw new AppError('otp_expired', 'That code has expired or was already used. Ask for a new one.', {
        fields: { otp: ['This code has expired. Ask for a new one.'] },
      });
    }
    if (!safeEqualHex(stored.codeHash, hashCode(email, purpose, code))) {
      const tries = await repo.countWrongTry(db, stored.id);
      const left = limits.otpMaxAttempts - tries;
      const message =
        left > 0
          ? `That code is not right. ${left} ${left === 1 ? 'try' : 'tries'} left.`
          : 'That code is not right, and it is now used up. Ask for a new one.';
      throw new AppError('invalid_otp', message, { fields: { otp: [message] } });
    }
    if (!(await repo.consumeCode(db, stored.id))) {
      throw new AppError('otp_expired', 'That code was already used. Ask for a new one.', {
        fields: { otp: ['This code was already used.'] },
      });
    }
  }

  function assertPasswordAllowed(password: string, context: { email: string; fullName?: string }, field: string) {
    const problems = passwordProblems(password, context);
    if (problems.length) throw new AppError('validation_error', problems[0]!, { fields: { [field]: problems } });
  }

  /** Sends a sign-in code unless one went out within the last minute (then the earlier one stands). */
  async function sendCodeQuietly(email: string): Promise<void> {
    if ((await limiter.hit(`resend:sign_in:${email}`, rules.resend)) > 0) return;
    await sendCode(email, 'sign_in').catch((error: unknown) => deps.log.warn({ err: error }, 'sign-in code not sent'));
  }

  return {
    async signup(input: SignupRequest, client: ClientInfo) {
      await enforceLimits(limiter, [[`signup:ip:${client.ip}`, rules.signupPerIp]]);
      assertPasswordAllowed(input.password, { email: input.email, fullName: input.full_name }, 'password');
      const user = await repo.insertUser(db, {
        email: input.email,
        fullName: input.full_name,
        role: input.role,
        passwordHash: await hashPassword(input.password),
      });
      if (!user) {
        throw new AppError('email_taken', 'An account with this e-mail already exists. Sign in instead.', {
          fields: { email: ['An account with this e-mail already exists. Sign in instead.'] },
        });
      }
      await limiter.hit(`resend:sign_in:${user.email}`, rules.resend);
      try {
        await sendCode(user.email, 'sign_in');
      } catch {
        return {
          user_id: user.id,
          message: 'Your account is created, but the e-mail with your code could not be sent. Ask for a new code in a minute.',
        };
      }
      return { user_id: user.id, message: `We sent a ${limits.otpLength}-digit code to ${user.email}. Enter it to finish.` };
    },

    async login(input: LoginRequest, client: ClientInfo, options: { adminOnly?: boolean } = {}) {
      await enforceLimits(limiter, [
        [`login:ip:${client.ip}`, rules.loginPerIp],
        [`login:acct:${input.email}`, rules.loginPerAccount],
      ]);
      const user = await repo.findUserByEmail(db, input.email);
      const isValid = await verifyPassword(user?.passwordHash, input.password);
      if (!user || !isValid || (options.adminOnly && user.role !== 'admin')) {
        throw new AppError('invalid_credentials', 'That e-mail and password do not match an account.');
      }
      if (!user.isActive) throw new AppError('account_disabled', 'This account has been deactivated. Contact support.');
      if (!user.emailVerified) {
        await sendCodeQuietly(user.email);
        throw new AppError('email_not_verified', `Confirm your e-mail first: we sent a code to ${user.email}.`);
      }
      await limiter.reset(`login:acct:${input.email}`);
      return issueSession(user, client);
    },

    /** Sends a sign-in code; answers the same whether or not the account exists. */
    async sendSignInCode(email: string, client: ClientInfo) {
      await enforceLimits(limiter, [
        [`send:ip:${client.ip}`, rules.sendCodePerIp],
        [`resend:sign_in:${email}`, rules.resend],
      ]);
      const user = await repo.findUserByEmail(db, email);
      if (user?.isActive) await sendCode(email, 'sign_in');
      return { detail: `If an account exists for ${email}, a ${limits.otpLength}-digit sign-in code is on its way.` };
    },

    async verifySignInCode(input: VerifyOtpRequest, client: ClientInfo) {
      await checkCode(input.email, 'sign_in', input.otp, client.ip);
      const user = await repo.findUserByEmail(db, input.email);
      if (!user) throw new AppError('otp_expired', 'That code has expired. Ask for a new one.');
      if (!user.isActive) throw new AppError('account_disabled', 'This account has been deactivated. Contact support.');
      if (!user.emailVerified) await repo.updateUser(db, user.id, { emailVerified: true });
      return issueSession({ ...user, emailVerified: true }, client);
    },

    async refresh(refreshToken: string, client: ClientInfo): Promise<RefreshResponse> {
      await enforceLimits(limiter, [[`refresh:ip:${client.ip}`, rules.refreshPerIp]]);
      const found = await repo.findRefreshToken(db, sha256(refreshToken));
      const invalid = new AppError('token_invalid', 'Your session has ended. Sign in again.');
      if (!found) throw invalid;
      const { token, session, user } = found;
      if (token.usedAt || !(await repo.claimRefreshToken(db, token.id))) {
        // A used token presented again: it was stolen or replayed, so end that whole session.
        await repo.revokeSession(db, session.id, 'refresh_token_reuse');
        deps.log.warn({ sessionId: session.id, userId: user.id }, 'refresh token reuse: session revoked');
        throw invalid;
      }
      // The holder of a good refresh token learns that the account is disabled (the sign-in screen says so).
      if (!user.isActive) throw new AppError('account_disabled', 'This account has been deactivated. Contact support.');
      if (session.revokedAt || session.expiresAt.getTime() <= Date.now()) throw invalid;
      const next = randomToken();
      await repo.insertRefreshToken(db, session.id, sha256(next));
      return { access: await signer.sign({ userId: user.id, role: user.role, sessionId: session.id }), refresh: next };
    },

    async logout(refreshToken: string) {
      const found = await repo.findRefreshToken(db, sha256(refreshToken));
      if (found) await repo.revokeSession(db, found.session.id, 'logout');
      return { detail: 'You are signed out.' };
    },

    async googleLogin(input: GoogleLoginRequest, client: ClientInfo) {
      await enforceLimits(limiter, [[`google:ip:${client.ip}`, rules.googlePerIp]]);
      const identity = await deps.verifyGoogleToken(input.access_token);
      let user = (await repo.findUserByGoogleSub(db, identity.sub)) ?? (await repo.findUserByEmail(db, identity.email));
      if (!user) {
        if (!input.role) {
          throw new AppError('validation_error', 'Choose whether you are a job seeker or an employer.', {
            fields: { role: ['Choose whether you are a job seeker or an employer.'] },
          });
        }
        user = await repo.insertUser(db, {
          email: identity.email,
          fullName: identity.name.slice(0, limits.nameMax),
          role: input.role,
          googleSub: identity.sub,
          emailVerified: true,
        });
        if (!user) throw new AppError('conflict', 'This account was just created. Try signing in again.');
      } else if (user.googleSub !== identity.sub || !user.emailVerified) {
        if (user.googleSub && user.googleSub !== identity.sub) {
          throw new AppError('google_token_invalid', 'This e-mail is linked to a different Google account.');
        }
        // Google has verified this address, so linking proves the same person owns it.
        await repo.updateUser(db, user.id, { googleSub: identity.sub, emailVerified: true });
      }
      if (user.role === 'admin') throw new AppError('permission_denied', 'Administrators sign in on the admin sign-in page.');
      if (!user.isActive) throw new AppError('account_disabled', 'This account has been deactivated. Contact support.');
      return issueSession(user, client);
    },

    async requestPasswordReset(email: string, client: ClientInfo) {
      await enforceLimits(limiter, [
        [`send:ip:${client.ip}`, rules.sendCodePerIp],
        [`resend:password_reset:${email}`, rules.resend],
      ]);
      const user = await repo.findUserByEmail(db, email);
      if (user?.isActive) await sendCode(email, 'password_reset');
      return { detail: `If an account exists for ${email}, a code to reset the password is on its way.` };
    },

    async confirmPasswordReset(input: PasswordResetConfirmRequest, client: ClientInfo) {
      const user = await repo.findUserByEmail(db, input.email);
      assertPasswordAllowed(input.new_password, { email: input.email, fullName: user?.fullName }, 'new_password');
      await checkCode(input.email, 'password_reset', input.otp, client.ip);
      if (!user) throw new AppError('otp_expired', 'That code has expired. Ask for a new one.');
      await repo.updateUser(db, user.id, { passwordHash: await hashPassword(input.new_password), emailVerified: true });
      await repo.revokeUserSessions(db, user.id, 'password_reset');
      return { detail: 'Your password is changed. Sign in with the new one.' };
    },

    /**
     * For the hiring team's invitations: a one-time code (the sign-in codes' rules: hashed, 10
     * minutes, 5 tries) mailed with the team's own words, at most one a minute per address.
     */
    async sendInvitationCode(email: string, mail: CodeMail): Promise<Date> {
      await enforceLimits(limiter, [[`resend:company_invite:${email}`, rules.resend]]);
      return sendCode(email, 'company_invite', mail);
    },
    /** Checks (and uses up) an invitation code; the same answers and limits as sign-in codes. */
    checkInvitationCode: (email: string, code: string, ip: string) => checkCode(email, 'company_invite', code, ip),
    /** Retires the unused invitation codes of an address (its invitation was withdrawn). */
    retireInvitationCodes: (email: string) => repo.retireCodes(db, email, 'company_invite'),
    /**
     * For an account an admin made: a password code (purpose `password_reset`, so the person sets
     * their password on the reset screen) mailed with the admin area's words, at most one a minute.
     */
    async sendAccountSetupCode(email: string, mail: CodeMail): Promise<Date> {
      await enforceLimits(limiter, [[`resend:password_reset:${email}`, rules.resend]]);
      return sendCode(email, 'password_reset', mail);
    },
    assertPasswordAllowed,
    /** Signs a user in (a new session), as every sign-in path does. */
    startSession: issueSession,

    /** Resolves a bearer token to the live user behind it; revoked sessions fail at once. */
    async authenticate(accessToken: string) {
      const claims = await signer.verify(accessToken);
      const live = await repo.findLiveSession(db, claims.sessionId);
      if (!live || live.userId !== claims.userId) throw new AppError('token_invalid', 'Your session has ended. Sign in again.');
      if (!live.isActive) throw new AppError('account_disabled', 'This account has been deactivated. Contact support.');
      return {
        userId: live.userId,
        role: live.role,
        sessionId: claims.sessionId,
        companyId: live.companyId,
        companyRole: live.companyRole,
      };
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
