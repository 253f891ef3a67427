import { isApiErrorBody, type ErrorCode } from '@jobportal/shared';
import { fetchBaseQuery, type BaseQueryApi, type BaseQueryFn, type FetchArgs, type FetchBaseQueryMeta } from '@reduxjs/toolkit/query';
import { sessionReplacedFromStorage, signedOut, tokensRefreshed, type SessionRootState } from '../session/session-slice';
import { readSession } from '../session/session';
import { toApiError, type ApiError } from './api-error';

export const apiBaseUrl = '/api';

function sessionOf(api: Pick<BaseQueryApi, 'getState'>) {
  return (api.getState() as SessionRootState).session;
}

const rawBaseQuery = fetchBaseQuery({
  baseUrl: apiBaseUrl,
  credentials: 'include',
  prepareHeaders: (headers, { getState }) => {
    const token = (getState() as SessionRootState).session.accessToken;
    if (token) headers.set('Authorization', `Bearer ${token}`);
    return headers;
  },
});

// The refresh call itself carries no (expired) bearer token.
const refreshBaseQuery = fetchBaseQuery({ baseUrl: apiBaseUrl, credentials: 'include' });

// 401 answers about the credentials just typed, not about the session: refreshing cannot help.
const credentialErrorCodes: ReadonlySet<ErrorCode> = new Set(['invalid_credentials', 'google_token_invalid']);

export type RefreshOutcome = 'refreshed' | 'unavailable' | 'signed-out';

// One refresh at a time for the whole page: refresh tokens rotate, and presenting a used one
// revokes the session, so concurrent 401s must wait for the same refresh.
let refreshInFlight: Promise<RefreshOutcome> | null = null;

function isRefreshReply(value: unknown): value is { access: string; refresh: string } {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { access?: unknown }).access === 'string' &&
    typeof (value as { refresh?: unknown }).refresh === 'string'
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

  const result = await refreshBaseQuery({ url: '/token/refresh/', method: 'POST', body: { refresh: current.refreshToken } }, api, {});
  if (!result.error && isRefreshReply(result.data)) {
    api.dispatch(tokensRefreshed(result.data));
    return 'refreshed';
  }
  if (result.error?.status === 'FETCH_ERROR') {
    // No answer at all: the network is down, the session may still be good. Keep it.
    console.error('Token refresh failed: no answer from the server.', result.error);
    return 'unavailable';
  }
  console.error('Token refresh failed; signing out.', result.error ?? result.data);
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
 * The API client: cookies and the bearer token on every call; on a 401 it refreshes the tokens
 * once (shared by concurrent calls) and retries the call once. Errors come out as ApiError.
 */
export const baseQueryWithRefresh: BaseQueryFn<string | FetchArgs, unknown, ApiError, object, FetchBaseQueryMeta> = async (
  args,
  api,
  extraOptions,
) => {
  const tokenSent = sessionOf(api).accessToken;
  let result = await rawBaseQuery(args, api, extraOptions);

  const error = result.error;
  const isSessionRejected =
    error?.status === 401 &&
    !(isApiErrorBody(error.data) && credentialErrorCodes.has(error.data.code)) &&
    sessionOf(api).refreshToken !== null;

  if (isSessionRejected) {
    const tokenNow = sessionOf(api).accessToken;
    // Tokens changed while this call was out (another call refreshed them): just retry.
    const outcome = tokenNow !== null && tokenNow !== tokenSent ? 'refreshed' : await refreshOnce(api);
    if (outcome === 'refreshed') result = await rawBaseQuery(args, api, extraOptions);
  }

  if (result.error) return { error: toApiError(result.error, result.meta), meta: result.meta };
  return { data: result.data, meta: result.meta };
};
