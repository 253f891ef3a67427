import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, mockFetchSequence } from '../../test/fetch-mock';
import { sessionFor } from '../../test/sessions';
import { writeSession } from '../session/session';
import { createAppStore } from '../store';
import { api } from './api-slice';
import type { ApiError } from './api-error';

const probeApi = api.injectEndpoints({
  endpoints: (build) => ({
    probe: build.query<{ ok: boolean }, string>({ query: (name) => `/probe/${name}/` }),
  }),
  overrideExisting: true,
});

function startSignedIn() {
  const session = sessionFor('jobseeker', { accessToken: 'old-access', refreshToken: 'old-refresh' });
  writeSession(session);
  return createAppStore(session);
}

async function probe(store: ReturnType<typeof createAppStore>, name = 'a') {
  const request = store.dispatch(probeApi.endpoints.probe.initiate(name, { forceRefetch: true }));
  const result = await request;
  request.unsubscribe();
  return result;
}

const expired = () => jsonResponse(401, { detail: 'Token expired.', code: 'token_invalid' });

describe('API base query: refresh on 401', () => {
  beforeEach(() => {
    localStorage.clear();
    window.location.hash = '#/dashboard/jobseeker';
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('sends cookies and the bearer token', async () => {
    const { fetchMock, requests } = mockFetchSequence([() => jsonResponse(200, { ok: true })]);
    const store = startSignedIn();
    await probe(store);
    expect(requests[0]).toMatchObject({ url: '/api/probe/a/', authorization: 'Bearer old-access' });
    const request = fetchMock.mock.calls[0]?.[0];
    expect(request instanceof Request && request.credentials).toBe('include');
  });

  it('refreshes, stores both rotated tokens and retries once', async () => {
    const { requests } = mockFetchSequence([
      expired,
      () => jsonResponse(200, { access: 'new-access', refresh: 'new-refresh' }),
      () => jsonResponse(200, { ok: true }),
    ]);
    const store = startSignedIn();

    const result = await probe(store);

    expect(result.data).toEqual({ ok: true });
    expect(requests.map((request) => request.url)).toEqual(['/api/probe/a/', '/api/token/refresh/', '/api/probe/a/']);
    expect(requests[1]).toMatchObject({
      method: 'POST',
      body: { refresh: 'old-refresh' },
      authorization: null,
    });
    expect(requests[2]?.authorization).toBe('Bearer new-access');
    expect(localStorage.getItem('accessToken')).toBe('new-access');
    expect(localStorage.getItem('refreshToken')).toBe('new-refresh');
    expect(store.getState().session.accessToken).toBe('new-access');
  });

  it('takes the company state a refresh brings: a recruiter removed from their team has none now', async () => {
    mockFetchSequence([
      expired,
      () => jsonResponse(200, { access: 'new-access', refresh: 'new-refresh', companyDetailsSubmitted: false }),
      () => jsonResponse(200, { ok: true }),
    ]);
    const session = sessionFor('employer', { accessToken: 'old-access', refreshToken: 'old-refresh', companyDetailsSubmitted: true });
    writeSession(session);
    const store = createAppStore(session);
    await probe(store);
    expect(store.getState().session.companyDetailsSubmitted).toBe(false);
    expect(localStorage.getItem('companyDetailsSubmitted')).toBe('false');
  });

  it('does not loop when the retried call is refused again', async () => {
    const { requests } = mockFetchSequence([expired, () => jsonResponse(200, { access: 'new-access', refresh: 'new-refresh' }), expired]);
    const store = startSignedIn();

    const result = await probe(store);

    expect(requests).toHaveLength(3);
    expect((result.error as ApiError).status).toBe(401);
    expect((result.error as ApiError).code).toBe('token_invalid');
  });

  it('on a failed refresh logs, removes the tokens and goes to #/login', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { requests } = mockFetchSequence([expired, () => jsonResponse(401, { detail: 'Refresh token revoked.', code: 'token_invalid' })]);
    const store = startSignedIn();

    const result = await probe(store);

    expect(requests).toHaveLength(2);
    expect((result.error as ApiError).status).toBe(401);
    expect(consoleError).toHaveBeenCalled();
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(localStorage.getItem('refreshToken')).toBeNull();
    expect(localStorage.getItem('role')).toBeNull();
    expect(store.getState().session.role).toBeNull();
    expect(window.location.hash).toBe('#/login');
  });

  it('shares one refresh between concurrent 401s', async () => {
    let refreshes = 0;
    const { requests } = mockFetch(async (request) => {
      if (request.url === '/api/token/refresh/') {
        refreshes += 1;
        await new Promise((resolve) => setTimeout(resolve, 20));
        return jsonResponse(200, { access: 'new-access', refresh: 'new-refresh' });
      }
      return request.authorization === 'Bearer new-access' ? jsonResponse(200, { ok: true }) : expired();
    });
    const store = startSignedIn();

    const results = await Promise.all(['a', 'b', 'c'].map((name) => probe(store, name)));

    expect(refreshes).toBe(1);
    expect(results.map((result) => result.data)).toEqual([{ ok: true }, { ok: true }, { ok: true }]);
    expect(requests.filter((request) => request.url === '/api/token/refresh/')).toHaveLength(1);
    expect(localStorage.getItem('refreshToken')).toBe('new-refresh');
  });

  it('does not refresh for wrong credentials (a 401 about the typed password)', async () => {
    const { requests } = mockFetchSequence([() => jsonResponse(401, { detail: 'Wrong e-mail or password.', code: 'invalid_credentials' })]);
    const store = startSignedIn();
    const result = await probe(store);
    expect(requests).toHaveLength(1);
    expect((result.error as ApiError).detail).toBe('Wrong e-mail or password.');
  });

  it('does not refresh without a refresh token', async () => {
    const { requests } = mockFetchSequence([expired]);
    const session = sessionFor('jobseeker', { refreshToken: null });
    writeSession(session);
    const store = createAppStore(session);
    const result = await probe(store);
    expect(requests).toHaveLength(1);
    expect((result.error as ApiError).status).toBe(401);
  });

  it('passes other errors to the caller as ApiError, with Retry-After', async () => {
    mockFetchSequence([() => jsonResponse(429, { detail: 'Too many requests.', code: 'rate_limited' }, { 'Retry-After': '42' })]);
    const store = startSignedIn();
    const result = await probe(store);
    expect(result.error).toEqual({
      status: 429,
      code: 'rate_limited',
      detail: 'Too many requests.',
      fields: {},
      retryAfterSeconds: 42,
    });
  });
});
