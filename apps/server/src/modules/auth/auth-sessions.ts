// Sessions: started at sign-in, refreshed with rotating tokens, ended at sign-out, and read for every
// bearer token and socket. auth.service.ts uses these.
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { limits, type LoginResponse, type RefreshResponse } from '@jobportal/shared';
import type { Db } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { hmac, randomToken, sha256 } from '../../lib/crypto';
import type { EventBus } from '../../lib/events';
import { enforceLimits, type LimitRule, type RateLimiter } from '../../lib/rate-limiter';
import * as repo from './auth.repository';
import type { ClientInfo } from './auth.service';
import type { TokenSigner } from './tokens';

/** A refresh token presented again this soon after its first use gets the same successor (two tabs, a retried request). */
export const refreshGraceMs = 10_000;
export interface SessionDeps {
  db: Db;
  limiter: RateLimiter;
  signer: TokenSigner;
  codeSecret: string;
  log: FastifyBaseLogger;
  events?: EventBus;
  refreshPerIp: LimitRule;
  refreshPerToken: LimitRule;
}

export function createSessions(deps: SessionDeps) {
  const { db, limiter, signer } = deps;
  const rules = { refreshPerIp: deps.refreshPerIp, refreshPerToken: deps.refreshPerToken };

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
    await deps.events?.emit('user.signed_in', { userId: user.id });
    return {
      accessToken: await signer.sign({ userId: user.id, role: user.role, sessionId }),
      refreshToken,
      role: user.role,
      user: { id: user.id, email: user.email, full_name: user.fullName },
      companyDetailsSubmitted: user.role === 'employer' ? await repo.hasCompany(db, user.id) : false,
    };
  }

  /**
   * Rotates a refresh token. Its successor is derived from it with a server key, so the same token
   * presented again within `refreshGraceMs` (two tabs at once, a retry after a lost answer) gets the
   * same successor instead of ending the session; later, a used token is theft or replay and ends
   * the whole session.
   */
  async function refresh(refreshToken: string, client: ClientInfo): Promise<RefreshResponse> {
    const tokenHash = sha256(refreshToken);
    await enforceLimits(limiter, [
      [`refresh:ip:${client.ip}`, rules.refreshPerIp],
      [`refresh:token:${tokenHash}`, rules.refreshPerToken],
    ]);
    const found = await repo.findRefreshToken(db, tokenHash);
    const invalid = new AppError('token_invalid', 'Your session has ended. Sign in again.');
    if (!found) throw invalid;
    const { token, session, user } = found;
    const next = hmac(deps.codeSecret, `refresh:${refreshToken}`);
    const answer = async () => ({
      access: await signer.sign({ userId: user.id, role: user.role, sessionId: session.id }),
      refresh: next,
      // Read again, as at sign-in: a recruiter removed from their team meanwhile has no company now.
      companyDetailsSubmitted: user.role === 'employer' ? await repo.hasCompany(db, user.id) : false,
    });
    const isLive = () => user.isActive && !session.revokedAt && session.expiresAt.getTime() > Date.now();
    // The successor is stored before the claim, so a concurrent refresh that loses the claim finds it.
    if (!token.usedAt && isLive()) await repo.insertRefreshToken(db, session.id, sha256(next));
    if (token.usedAt || !(await repo.claimRefreshToken(db, token.id))) {
      const usedAt = token.usedAt ?? (await repo.findRefreshToken(db, tokenHash))?.token.usedAt;
      if (usedAt && Date.now() - usedAt.getTime() <= refreshGraceMs) {
        const successor = await repo.findRefreshToken(db, sha256(next));
        if (successor && !successor.token.usedAt && isLive()) return answer();
        throw invalid;
      }
      // A used token presented again: it was stolen or replayed, so end that whole session.
      await repo.revokeSession(db, session.id, 'refresh_token_reuse');
      await deps.events?.emit('sessions.ended', { userId: user.id, sessionId: session.id });
      deps.log.warn({ sessionId: session.id, userId: user.id }, 'refresh token reuse: session revoked');
      throw invalid;
    }
    // The holder of a good refresh token learns that the account is disabled (the sign-in screen says so).
    if (!user.isActive) throw new AppError('account_disabled', 'This account has been deactivated. Contact support.');
    if (!isLive()) throw invalid;
    return answer();
  }

  async function logout(refreshToken: string) {
    const found = await repo.findRefreshToken(db, sha256(refreshToken));
    if (found) {
      await repo.revokeSession(db, found.session.id, 'logout');
      await deps.events?.emit('sessions.ended', { userId: found.session.userId, sessionId: found.session.id });
    }
    return { detail: 'You are signed out.' };
  }

  /** Resolves a bearer token to the live user behind it; revoked sessions fail at once. */
  async function authenticate(accessToken: string) {
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
  }

  /** `liveViewer` of many sessions in one statement: the live ones by session id (ended ones are absent). */
  async function liveViewers(sessionIds: string[]) {
    const rows = await repo.findLiveSessions(db, sessionIds);
    return new Map(rows.filter((live) => live.isActive).map((live) => [live.sessionId, liveViewerOf(live.sessionId, live)]));
  }

  /**
   * The viewer of a live session and their name, or undefined once it ended (revoked, expired, user
   * deactivated): the socket layer checks a socket's handshake with it.
   */
  async function liveViewer(sessionId: string) {
    const live = await repo.findLiveSession(db, sessionId);
    if (!live || !live.isActive) return undefined;
    return liveViewerOf(sessionId, live);
  }

  return { issueSession, refresh, logout, authenticate, liveViewers, liveViewer };
}

type LiveSession = NonNullable<Awaited<ReturnType<typeof repo.findLiveSession>>>;

function liveViewerOf(sessionId: string, live: LiveSession) {
  return {
    userId: live.userId,
    role: live.role,
    sessionId,
    companyId: live.companyId,
    companyRole: live.companyRole,
    fullName: live.fullName,
  };
}
