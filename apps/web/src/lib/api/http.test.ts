import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../../test/fetch-mock';
import { requestJson, sendHttp } from './http';

describe('the HTTP client', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends JSON with the bearer token and reads JSON back', async () => {
    const { requests } = mockFetch(() => jsonResponse(201, { id: 7 }));
    const result = await sendHttp({ url: '/jobs/', method: 'POST', body: { title: 'Nurse' } }, 'token-1');
    expect(result).toMatchObject({ data: { id: 7 } });
    expect(requests[0]).toEqual({ url: '/api/jobs/', method: 'POST', authorization: 'Bearer token-1', body: { title: 'Nurse' } });
  });

  it('puts defined params in the query string and leaves undefined ones out', async () => {
    const { requests } = mockFetch(() => jsonResponse(200, []));
    await sendHttp({ url: '/jobs/', params: { search: 'python dev', page: 2, role: undefined } });
    expect(requests[0]?.url).toBe('/api/jobs/?search=python+dev&page=2');
  });

  it('sends FormData as multipart, not as JSON', async () => {
    const { requests } = mockFetch(() => jsonResponse(200, {}));
    const body = new FormData();
    body.append('name', 'Acme');
    await sendHttp({ url: '/companies/', method: 'POST', body });
    expect(String(requests[0]?.body)).toContain('name="name"');
  });

  it('answers an error body as an ApiError with its fields and Retry-After', async () => {
    mockFetch(() =>
      jsonResponse(400, { detail: 'Check the fields.', code: 'validation_error', fields: { email: ['Bad.'] } }, { 'Retry-After': '5' }),
    );
    const result = await sendHttp('/signup/');
    expect('error' in result && result.error).toEqual({
      status: 400,
      code: 'validation_error',
      detail: 'Check the fields.',
      fields: { email: ['Bad.'] },
      retryAfterSeconds: 5,
    });
  });

  it('says what happened when the answer is not JSON, or there is no answer', async () => {
    mockFetch(() => new Response('<html>Bad gateway</html>', { status: 502 }));
    expect(await sendHttp('/jobs/')).toMatchObject({ error: { status: 502, code: 'internal_error' } });
    mockFetch(() => new Response('not json', { status: 200 }));
    expect(await sendHttp('/jobs/')).toMatchObject({ error: { status: 200, code: 'unexpected_response' } });
    mockFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(await sendHttp('/jobs/')).toMatchObject({ error: { status: null, code: 'network_error' } });
  });

  it('requestJson answers the data or rejects with the ApiError', async () => {
    mockFetch(() => jsonResponse(200, { ok: true }));
    await expect(requestJson('/probe/')).resolves.toEqual({ ok: true });
    mockFetch(() => jsonResponse(401, { detail: 'Wrong e-mail or password.', code: 'invalid_credentials' }));
    await expect(requestJson('/login/')).rejects.toMatchObject({ status: 401, code: 'invalid_credentials' });
  });
});
