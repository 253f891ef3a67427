import type { FastifyBaseLogger } from 'fastify';
import {
  limits,
  type GoogleLoginRequest,
  type LoginRequest,
  type PasswordResetConfirmRequest,
  type SignupRequest,
  type VerifyOtpRequest,
} from '@jobportal/shared';
import type { Db } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { AppError, rateLimited } from '../../lib/app-error';
import { inline, type Mailer } from '../../lib/mail';
import { hashPassword, passwordProblems, verifyPassword } from '../../lib/passwords';
import { enforceLimits, type LimitRule, type RateLimiter } from '../../lib/rate-limiter';
import type { EventBus } from '../../lib/events';
import * as repo from './auth.repository';
import { createCodes, type CodeMail } from './auth-codes';
import { createSessions } from './auth-sessions';
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
  /** Told when sessions end, so their live sockets are cut (realtime/). */
  events?: EventBus;
}

export interface ClientInfo {
  ip: string;
  userAgent: string | undefined;
}

const minutes = (n: number) => n * 60;
/** How much slower each password attempt on an account under attack is answered. */
const loginSlowdownMs = 1000;

export function createAuthService(deps: AuthDeps) {
  const { db, limiter } = deps;
  const rule = (limit: number, windowSeconds: number): LimitRule => ({
    limit: Math.max(1, Math.round(limit * deps.rateLimitMultiplier)),
    windowSeconds,
  });
  const rules = {
    loginPerIp: rule(30, minutes(5)),
    /** Failed passwords on one account from one address: then that address waits (429). */
    loginFailuresPerAddress: rule(10, minutes(15)),
    /** Failed passwords on one account from anywhere: then every attempt on it is slowed, never refused. */
    loginFailuresPerAccount: rule(10, minutes(15)),
    signupPerIp: rule(10, minutes(60)),
    sendCodePerIp: rule(20, minutes(15)),
    verifyPerIp: rule(30, minutes(15)),
    googlePerIp: rule(30, minutes(5)),
    refreshPerIp: rule(300, minutes(5)),
    /** One refresh token: a client that loops on a refused one is told to wait (429), not answered 401 forever. */
    refreshPerToken: rule(10, minutes(1)),
    // The resend rule of the product (one code a minute per address), not scaled.
    resend: { limit: 1, windowSeconds: limits.otpResendSeconds },
  };

  const { issueSession, refresh, logout, authenticate, liveViewers, liveViewer } = createSessions({
    ...deps,
    refreshPerIp: rules.refreshPerIp,
    refreshPerToken: rules.refreshPerToken,
  });
  const { deliver, sendCode, checkCode, drain } = createCodes({ ...deps, verifyPerIp: rules.verifyPerIp });

  /**
   * An unverified account confirmed by anything but its own sign-up code (a sign-in code, Google):
   * the password its sign-up set was never confirmed, so it goes, with any sessions; the owner is told.
   */
  async function confirmWithoutSignupCode(user: UserRow): Promise<UserRow> {
    if (user.emailVerified) return user;
    const hadPassword = user.passwordHash !== null;
    await repo.updateUser(db, user.id, { emailVerified: true, ...(hadPassword ? { passwordHash: null } : {}) });
    await repo.revokeUserSessions(db, user.id, 'unconfirmed_password_removed');
    if (hadPassword) {
      deliver(
        {
          to: user.email,
          subject: `Your ${deps.productName} e-mail is confirmed`,
          text:
            `Hello,\n\nYour e-mail address is confirmed and you are signed in to ${deps.productName}.\n\n` +
            'Someone had started a sign-up with this address and chose a password, but that sign-up was never confirmed, so we removed that password. ' +
            'Sign in with an e-mailed code, or choose a password with "Forgot password?" on the sign-in page.\n',
        },
        'unconfirmed password removed',
      );
    }
    return { ...user, emailVerified: true, passwordHash: hadPassword ? null : user.passwordHash };
  }

  function assertPasswordAllowed(password: string, context: { email: string; fullName?: string }, field: string) {
    const problems = passwordProblems(password, context);
    if (problems.length) throw new AppError('validation_error', problems[0]!, { fields: { [field]: problems } });
  }

  /**
   * Sends the sign-up code again to someone who has just shown the pending sign-up's password,
   * unless one went out within the last minute (then the earlier one stands). It is a sign-up code,
   * not a sign-in code, so confirming with it keeps the password they chose; it goes only to the
   * address, so a stranger who knows that password still cannot confirm it.
   */
  async function resendSignupCode(email: string, ip: string): Promise<void> {
    if ((await limiter.hit(`resend:signup:${email}`, rules.resend)) > 0) return;
    await sendCode(email, 'signup', ip).catch((error: unknown) => deps.log.warn({ err: error }, 'sign-up code not sent'));
  }

  return {
    refresh,
    logout,
    authenticate,
    liveViewers,
    liveViewer,
    /**
     * Signs up, answering the same (and as fast) whether or not the address has an account: a new
     * address gets an account and a sign-up code; an unconfirmed one has its pending sign-up
     * replaced (name, role, password) and a new code; a confirmed one stays as it is and its owner
     * is told by e-mail that someone tried.
     */
    async signup(input: SignupRequest, client: ClientInfo) {
      await enforceLimits(limiter, [[`signup:ip:${client.ip}`, rules.signupPerIp]]);
      assertPasswordAllowed(input.password, { email: input.email, fullName: input.full_name }, 'password');
      const passwordHash = await hashPassword(input.password);
      const message = `We sent a ${limits.otpLength}-digit code to ${input.email}. Enter it to finish.`;
      const pending = { fullName: input.full_name, role: input.role, passwordHash };
      const created = await repo.insertUser(db, { email: input.email, ...pending });
      // `user_id` is the new account's id, else a fresh number from the same sequence that no
      // account will ever have: an address that has an account is answered like a new one.
      const answer = async () => ({ user_id: created ? created.id : await repo.takeUnusedUserId(db), message });
      const user = created ?? (await repo.findUserByEmail(db, input.email));
      if (!user) throw new AppError('conflict', 'Try again in a moment.');
      if (user.emailVerified) {
        if ((await limiter.hit(`signup-notice:${user.email}`, rules.resend)) === 0) {
          deliver(
            {
              to: user.email,
              subject: `Someone tried to sign up to ${deps.productName} with your e-mail`,
              text:
                `Hello ${inline(user.fullName)},\n\nSomeone tried to create a new ${deps.productName} account with this e-mail address. ` +
                'Your account is unchanged. If it was you, sign in instead, or choose a new password with "Forgot password?". ' +
                'If it was not you, you can ignore this e-mail.\n',
            },
            'sign-up notice',
          );
        }
        return answer();
      }
      // A sign-up that was never confirmed is replaced by this one, password and all.
      if (user.passwordHash !== passwordHash) await repo.updateUser(db, user.id, pending);
      if ((await limiter.hit(`resend:signup:${user.email}`, rules.resend)) === 0) await sendCode(user.email, 'signup', client.ip);
      return answer();
    },

    /**
     * Password sign-in. Failed passwords are counted per account and address: an address that keeps
     * failing on an account is stopped (429), while the account itself is only slowed down, so a
     * stranger cannot lock its owner out and the owner's right password from their own address gets
     * through (OWASP ASVS 2.2). Every attempt also counts per address.
     */
    async login(input: LoginRequest, client: ClientInfo, options: { adminOnly?: boolean } = {}) {
      await enforceLimits(limiter, [[`login:ip:${client.ip}`, rules.loginPerIp]]);
      const pairKey = `login:fail:${input.email}:${client.ip}`;
      const accountKey = `login:fail:${input.email}`;
      const pair = await limiter.peek(pairKey);
      if (pair.count >= rules.loginFailuresPerAddress.limit) throw rateLimited(pair.resetsInSeconds);
      if ((await limiter.peek(accountKey)).count >= rules.loginFailuresPerAccount.limit) {
        await new Promise((resolve) => setTimeout(resolve, loginSlowdownMs));
      }
      const user = await repo.findUserByEmail(db, input.email);
      const isValid = await verifyPassword(user?.passwordHash, input.password);
      if (!user || !isValid || (options.adminOnly && user.role !== 'admin')) {
        await limiter.hit(pairKey, rules.loginFailuresPerAddress);
        await limiter.hit(accountKey, rules.loginFailuresPerAccount);
        throw new AppError('invalid_credentials', 'That e-mail and password do not match an account.');
      }
      if (!user.isActive) throw new AppError('account_disabled', 'This account has been deactivated. Contact support.');
      if (!user.emailVerified) {
        await resendSignupCode(user.email, client.ip);
        throw new AppError('email_not_verified', `Confirm your e-mail first: we sent a code to ${user.email}.`);
      }
      await limiter.reset(pairKey);
      return issueSession(user, client);
    },

    /** Sends a sign-in code; answers the same whether or not the account exists. */
    async sendSignInCode(email: string, client: ClientInfo) {
      await enforceLimits(limiter, [
        [`send:ip:${client.ip}`, rules.sendCodePerIp],
        [`resend:sign_in:${email}`, rules.resend],
      ]);
      const user = await repo.findUserByEmail(db, email);
      if (user?.isActive) await sendCode(email, 'sign_in', client.ip);
      return { detail: `If an account exists for ${email}, a ${limits.otpLength}-digit sign-in code is on its way.` };
    },

    /**
     * Signs in with an e-mailed code. The sign-up code confirms the account with the password its
     * sign-up chose; any other code confirms the address but not that password (see confirmWithoutSignupCode).
     */
    async verifySignInCode(input: VerifyOtpRequest, client: ClientInfo) {
      const purpose = await checkCode(input.email, ['signup', 'sign_in'], input.otp, client.ip);
      const found = await repo.findUserByEmail(db, input.email);
      if (!found) throw new AppError('otp_expired', 'That code has expired. Ask for a new one.');
      if (!found.isActive) throw new AppError('account_disabled', 'This account has been deactivated. Contact support.');
      let user = found;
      if (purpose === 'signup' && !found.emailVerified) {
        await repo.updateUser(db, found.id, { emailVerified: true });
        user = { ...found, emailVerified: true };
      } else {
        user = await confirmWithoutSignupCode(found);
      }
      return issueSession(user, client);
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
        // Google has verified this address, so linking proves the same person owns it; a password
        // from an unconfirmed sign-up is not theirs to keep.
        user = await confirmWithoutSignupCode(user);
        await repo.updateUser(db, user.id, { googleSub: identity.sub });
        user = { ...user, googleSub: identity.sub };
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
      if (user?.isActive) await sendCode(email, 'password_reset', client.ip);
      return { detail: `If an account exists for ${email}, a code to reset the password is on its way.` };
    },

    async confirmPasswordReset(input: PasswordResetConfirmRequest, client: ClientInfo) {
      const user = await repo.findUserByEmail(db, input.email);
      assertPasswordAllowed(input.new_password, { email: input.email, fullName: user?.fullName }, 'new_password');
      await checkCode(input.email, 'password_reset', input.otp, client.ip);
      if (!user) throw new AppError('otp_expired', 'That code has expired. Ask for a new one.');
      await repo.updateUser(db, user.id, { passwordHash: await hashPassword(input.new_password), emailVerified: true });
      await repo.revokeUserSessions(db, user.id, 'password_reset');
      await deps.events?.emit('sessions.ended', { userId: user.id });
      return { detail: 'Your password is changed. Sign in with the new one.' };
    },

    /**
     * For the hiring team's invitations: a one-time code (the sign-in codes' rules: hashed, 10
     * minutes, 5 tries) mailed with the team's own words, at most one a minute per address.
     */
    async sendInvitationCode(email: string, mail: CodeMail): Promise<Date> {
      await enforceLimits(limiter, [[`resend:company_invite:${email}`, rules.resend]]);
      return sendCode(email, 'company_invite', null, mail);
    },
    /** Checks an invitation code (a wrong one counts a try) without using it up; the same answers and limits as sign-in codes. */
    checkInvitationCode: async (email: string, code: string, ip: string) => {
      await checkCode(email, 'company_invite', code, ip, { consume: false });
    },
    /** Uses up the address's live invitation code, in the caller's transaction; false when it was used meanwhile. */
    useInvitationCode: async (tx: Db, email: string) => {
      const stored = await repo.findLatestCode(tx, email, 'company_invite');
      return stored !== undefined && (await repo.consumeCode(tx, stored.id));
    },
    /** Retires the unused invitation codes of an address (its invitation was withdrawn). */
    retireInvitationCodes: (email: string) => repo.retireCodes(db, email, 'company_invite'),
    /**
     * For an account an admin made: a password code (purpose `password_reset`, so the person sets
     * their password on the reset screen) mailed with the admin area's words, at most one a minute.
     */
    async sendAccountSetupCode(email: string, mail: CodeMail): Promise<Date> {
      await enforceLimits(limiter, [[`resend:password_reset:${email}`, rules.resend]]);
      return sendCode(email, 'password_reset', null, mail);
    },
    assertPasswordAllowed,
    /** Signs a user in (a new session), as every sign-in path does. */
    startSession: issueSession,

    /** Waits for the e-mails in flight (shutdown, tests). */
    drain,

    /** Mails a code that confirms deleting the account (for accounts without a password, or by choice). */
    async sendAccountDeletionCode(email: string): Promise<Date> {
      return sendCode(email, 'account_deletion', null, (code) => ({
        subject: `Your code to delete your ${deps.productName} account: ${code}`,
        text:
          `Use this code to confirm that you want to delete your ${deps.productName} account:\n\n    ${code}\n\n` +
          `It works once and expires in ${limits.otpTtlMinutes} minutes. If you did not ask for it, ignore this e-mail: ` +
          'nothing happens without the code, and you may want to change your password.\n',
      }));
    },

    /**
     * Confirms it is the account's owner before something that cannot be undone (deleting it): their
     * password, or the code mailed for it. Wrong passwords count as failed sign-ins of the account.
     */
    async confirmOwner(user: UserRow, proof: { password?: string; otp?: string }, ip: string): Promise<void> {
      if (proof.otp !== undefined) {
        await checkCode(user.email, 'account_deletion', proof.otp, ip);
        return;
      }
      const pairKey = `login:fail:${user.email}:${ip}`;
      const pair = await limiter.peek(pairKey);
      if (pair.count >= rules.loginFailuresPerAddress.limit) throw rateLimited(pair.resetsInSeconds);
      if (!(await verifyPassword(user.passwordHash, proof.password ?? ''))) {
        await limiter.hit(pairKey, rules.loginFailuresPerAddress);
        const message = user.passwordHash
          ? 'That password is not right.'
          : 'Your account has no password: ask for a code by e-mail instead.';
        throw new AppError('validation_error', message, { fields: { password: [message] } });
      }
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
