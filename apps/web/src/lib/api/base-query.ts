import { rememberSignOutReason } from '../session/sign-out-reason';
import type { ErrorCode, RefreshResponse } from '@jobportal/shared';
import type { BaseQueryApi, BaseQueryFn } from '@reduxjs/toolkit/query';
import { sessionReplacedFromStorage, signedOut, tokensRefreshed, type SessionRootState } from '../session/session-slice';
import { readSession } from '../session/session';
import type { ApiError } from './api-error';
import { sendHttp, type HttpArgs } from './http';

function sessionOf(api: Pick<BaseQueryApi, 'getState'>) {
  return (api.getState() as SessionRootState).session;
}

// 401 answers about the credentials just typed, not about the session: refreshing cannot help.
const credentialErrorCodes: ReadonlySet<ErrorCode> = new Set(['invalid_credentials', 'google_token_invalid']);

export type RefreshOutcome = 'refreshed' | 'unavailable' | 'signed-out';

// One refresh at a time for the whole page: refresh tokens rotate, and presenting a used one
// revokes the session, so concurrent 401s must wait for the same refresh.
let refreshInFlight: Promise<RefreshOutcome> | null = null;

function isRefreshReply(value: unknown): value is RefreshResponse {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { access?: unknown }).access === 'string' &&
    typeof (value as { refresh?: unknown }).refresh === 'string' &&
    ['boolean', 'undefined'].includes(typeof (value as { companyDetailsSubmitted?: unknown }).companyDetailsSubmitted)
  );
}

async function refreshTokens(api: BaseQueryApi): Promise<RefreshOutcome> {
  const current = sessionOf(api);
  // Another tab may have rotated the tokens already: use what it stored.
  const stored = readSession();
  if (stored.refreshToken && stored.refreshToken !== current.refreshToken) {
    api.dispatch(sessionReplacedFromStorage(stored));
    return 'refreshed';
  }
  if (!current.refreshToken) return 'unavailable';

  // The refresh call itself carries no (expired) bearer token.
  const result = await sendHttp({ url: '/token/refresh/', method: 'POST', body: { refresh: current.refreshToken } });
  if (!('error' in result) && isRefreshReply(result.data)) {
    api.dispatch(tokensRefreshed(result.data));
    return 'refreshed';
  }
  if ('error' in result && result.error.status === null) {
    // No answer at all: the network is down, the session may still be good. Keep it.
    console.error('Token refresh failed: no answer from the server.', result.error);
    return 'unavailable';
  }
  console.error('Token refresh failed; signing out.', 'error' in result ? result.error : result.data);
  // A deactivated account is told so on the sign-in screen, rather than meeting a bare form. The
  // reason travels in sessionStorage: the guard's own redirect to the sign-in screen may win the race.
  if ('error' in result && result.error.code === 'account_disabled') rememberSignOutReason('account_disabled');
  api.dispatch(signedOut());
  window.location.hash = '#/login';
  return 'signed-out';
}

/** One refresh of the session, shared with every other caller (also used by the upload helper). */
export function refreshOnce(api: BaseQueryApi): Promise<RefreshOutcome> {
  if (!refreshInFlight) {
    const run = () => refreshTokens(api);
    const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
    // Across tabs too, where the browser offers the Web Locks API.
    const pending: Promise<RefreshOutcome> = locks ? (async () => await locks.request('hireloop-token-refresh', run))() : run();
    refreshInFlight = pending.finally(() => {
      refreshInFlight = null;
    });
  }
  return refreshInFlight;
}

/**
 * RTK Query's base query: the HTTP client with the session's bearer token; on a 401 it refreshes
 * the tokens once (shared by concurrent calls) and retries the call once. Errors come out as ApiError.
 */
export const baseQueryWithRefresh: BaseQueryFn<string | HttpArgs, unknown, ApiError> = async (args, api) => {
  const tokenSent = sessionOf(api).accessToken;
  let result = await sendHttp(args, tokenSent);

  const isSessionRejected =
    'error' in result &&
    result.error.status === 401 &&
    !credentialErrorCodes.has(result.error.code as ErrorCode) &&
    sessionOf(api).refreshToken !== null;

  if (isSessionRejected) {
    const tokenNow = sessionOf(api).accessToken;
    // Tokens changed while this call was out (another call refreshed them): just retry.
    const outcome = tokenNow !== null && tokenNow !== tokenSent ? 'refreshed' : await refreshOnce(api);
    if (outcome === 'refreshed') result = await sendHttp(args, sessionOf(api).accessToken);
  }

  return 'error' in result ? { error: result.error } : { data: result.data };
};
