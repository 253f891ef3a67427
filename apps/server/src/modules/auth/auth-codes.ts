// One-time codes: made and mailed (off the request's path), then checked with their tries counted. auth.service.ts uses these.
import type { FastifyBaseLogger } from 'fastify';
import { limits } from '@jobportal/shared';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { hmac, randomDigits, safeEqualHex } from '../../lib/crypto';
import type { MailMessage, Mailer } from '../../lib/mail';
import { enforceLimits, type LimitRule, type RateLimiter } from '../../lib/rate-limiter';
import * as repo from './auth.repository';
import type { CodePurpose } from './auth.repository';

/**
 * Wrong tries on one code from all the addresses but the one that asked for it, together: with the
 * asker's own tries (limits.otpMaxAttempts) at most 55 guesses at 1 in 10^6 each, below 1 in 10,000.
 */
export const otpMaxOtherAttempts = 50;
/** A code's e-mail, from the code. */
export type CodeMail = (code: string) => { subject: string; text: string };

export interface CodeDeps {
  db: Db;
  mailer: Mailer;
  limiter: RateLimiter;
  codeSecret: string;
  productName: string;
  log: FastifyBaseLogger;
  /** Code checks from one address. */
  verifyPerIp: LimitRule;
}

export function createCodes(deps: CodeDeps) {
  const { db, mailer, limiter } = deps;
  const minutes = (n: number) => n * 60;
  const hashCode = (email: string, purpose: CodePurpose, code: string) => hmac(deps.codeSecret, `${purpose}:${email}:${code}`);

  const codeLabels: Record<CodePurpose, string> = {
    signup: 'Sign-up code',
    sign_in: 'Sign-in code',
    password_reset: 'Password code',
    company_invite: 'Hiring team invitation code',
    account_deletion: 'Account deletion code',
  };
  const codeMail =
    (purpose: CodePurpose): CodeMail =>
    (code) => {
      const [subject, intro] =
        purpose === 'password_reset'
          ? [`Your ${deps.productName} password reset code`, 'Use this code to choose a new password:']
          : purpose === 'signup'
            ? [`Confirm your ${deps.productName} sign-up: ${code}`, 'Use this code to confirm your e-mail address and finish signing up:']
            : [`Your ${deps.productName} sign-in code: ${code}`, 'Use this code to confirm your e-mail address and sign in:'];
      return {
        subject,
        text: `${intro}\n\n    ${code}\n\nIt works once and expires in ${limits.otpTtlMinutes} minutes. If you did not ask for it, you can ignore this e-mail.\n`,
      };
    };

  /**
   * Mail leaves off the request's path: an answer never waits for (or tells of) the mail server, so
   * it takes the same time whether or not a message goes out. A refused message is tried again a
   * few times, then logged. `drain` waits for those in flight (shutdown, tests).
   */
  const deliveries = new Set<Promise<void>>();
  function deliver(message: MailMessage, what: string): void {
    const attempt = async () => {
      for (let tries = 1; ; tries++) {
        try {
          await mailer.send(message);
          return;
        } catch (error) {
          if (tries >= 3) {
            deps.log.error({ err: error, to: message.to }, `${what}: e-mail not sent`);
            return;
          }
          await new Promise((resolve) => setTimeout(resolve, tries * 1000));
        }
      }
    };
    const running = attempt().finally(() => deliveries.delete(running));
    deliveries.add(running);
  }

  /**
   * Makes a code and mails it (in the background); answers when the code expires. `requestedFrom` is
   * the address that asked (null when someone else had it sent: an admin, a team owner).
   */
  async function sendCode(
    email: string,
    purpose: CodePurpose,
    requestedFrom: string | null,
    mail: CodeMail = codeMail(purpose),
  ): Promise<Date> {
    const code = randomDigits(limits.otpLength);
    const expiresAt = new Date(Date.now() + limits.otpTtlMinutes * 60_000);
    await repo.replaceCode(db, { email, purpose, codeHash: hashCode(email, purpose, code), expiresAt, requestedFrom });
    deliver({ to: email, ...mail(code), code: { label: codeLabels[purpose], value: code } }, `${purpose} code`);
    return expiresAt;
  }

  /**
   * Checks a code against the live codes of the given purposes and uses up the one it matches,
   * answering its purpose. A wrong code counts a try on each of them. Tries are counted apart for the
   * address that asked for the code (5) and for every other address (5 each, 50 together), so
   * strangers guessing from elsewhere can neither lock the owner out (no per-account 429) nor use up
   * the owner's tries on a freshly mailed code, while a code takes at most 55 guesses in its life.
   */
  async function checkCode(
    email: string,
    purposes: CodePurpose | CodePurpose[],
    code: string,
    ip: string,
    { consume = true }: { consume?: boolean } = {},
  ): Promise<CodePurpose> {
    await enforceLimits(limiter, [[`verify:ip:${ip}`, deps.verifyPerIp]]);
    const triesFromHere = (id: number) => `verify:code:${id}:${ip}`;
    // Only counted, never refused by the limiter: the count closes the code to this address.
    const codeLifetime = { limit: Number.MAX_SAFE_INTEGER, windowSeconds: minutes(limits.otpTtlMinutes) };
    const live: { stored: NonNullable<Awaited<ReturnType<typeof repo.findLatestCode>>>; byRequester: boolean; tried: number }[] = [];
    for (const purpose of Array.isArray(purposes) ? purposes : [purposes]) {
      const stored = await repo.findLatestCode(db, email, purpose);
      if (!stored || stored.expiresAt.getTime() <= Date.now()) continue;
      const byRequester = stored.requestedFrom === ip;
      const tried = byRequester ? stored.requesterAttempts : (await limiter.peek(triesFromHere(stored.id))).count;
      const open = tried < limits.otpMaxAttempts && (byRequester || stored.attempts < otpMaxOtherAttempts);
      if (open) live.push({ stored, byRequester, tried });
    }
    if (!live.length) {
      throw new AppError('otp_expired', 'That code has expired or was already used. Ask for a new one.', {
        fields: { otp: ['This code has expired. Ask for a new one.'] },
      });
    }
    const match = live.find(({ stored }) => safeEqualHex(stored.codeHash, hashCode(email, stored.purpose, code)))?.stored;
    if (!match) {
      let left = 0;
      for (const { stored, byRequester, tried } of live) {
        const counted = await repo.countWrongTry(db, stored.id, byRequester);
        if (!byRequester) await limiter.hit(triesFromHere(stored.id), codeLifetime);
        const fromHere = byRequester ? counted : tried + 1;
        const othersLeft = byRequester ? Infinity : otpMaxOtherAttempts - counted;
        left = Math.max(left, Math.min(limits.otpMaxAttempts - fromHere, othersLeft));
      }
      const message =
        left > 0
          ? `That code is not right. ${left} ${left === 1 ? 'try' : 'tries'} left.`
          : 'That code is not right, and it is now used up. Ask for a new one.';
      throw new AppError('invalid_otp', message, { fields: { otp: [message] } });
    }
    if (consume && !(await repo.consumeCode(db, match.id))) {
      throw new AppError('otp_expired', 'That code was already used. Ask for a new one.', {
        fields: { otp: ['This code was already used.'] },
      });
    }
    return match.purpose;
  }

  return { codeMail, deliver, sendCode, checkCode, drain: () => Promise.all([...deliveries]).then(() => undefined) };
}
