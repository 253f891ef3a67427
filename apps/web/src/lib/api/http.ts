import { apiErrorFrom, networkError, type ApiError } from './api-error';

export const apiBaseUrl = '/api';

type ParamValue = string | number | boolean | null | undefined;

/** One call: a path under /api, as RTK Query endpoints and the sign-in calls describe it. */
export interface HttpArgs {
  url: string;
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** A plain value goes as JSON; FormData as multipart. */
  body?: unknown;
  /** Query string values; undefined ones are left out. */
  params?: Record<string, ParamValue>;
  /** Reads a successful answer another way than as JSON (an image as a blob URL). */
  responseHandler?: (response: Response) => Promise<unknown>;
}

export type HttpResult = { data: unknown; response: Response } | { error: ApiError; response?: Response };

function urlOf({ url, params }: HttpArgs): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params ?? {})) if (value !== undefined) query.append(name, String(value));
  const search = query.toString();
  return `${apiBaseUrl}${url}${search ? (url.includes('?') ? '&' : '?') + search : ''}`;
}

async function readJson(response: Response): Promise<{ value: unknown } | null> {
  const text = await response.text();
  if (!text) return { value: undefined };
  try {
    return { value: JSON.parse(text) as unknown };
  } catch {
    return null;
  }
}

/**
 * The one HTTP client of the web app: cookies always, the bearer token when given, JSON in and
 * out, and every failure as an ApiError. RTK Query's base query (which adds the token refresh)
 * and the sign-in calls, which run before any session exists, both send through it.
 */
export async function sendHttp(args: string | HttpArgs, token: string | null = null): Promise<HttpResult> {
  const call = typeof args === 'string' ? { url: args } : args;
  const headers = new Headers();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  let body: BodyInit | undefined;
  if (call.body instanceof FormData) body = call.body;
  else if (call.body !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(call.body);
  }
  let response: Response;
  try {
    response = await fetch(new Request(urlOf(call), { method: call.method ?? 'GET', headers, body, credentials: 'include' }));
  } catch (error) {
    return { error: networkError(String(error)) };
  }
  if (response.ok && call.responseHandler) return { data: await call.responseHandler(response), response };
  const parsed = await readJson(response);
  if (response.ok && parsed) return { data: parsed.value, response };
  return { error: apiErrorFrom(response.status, parsed?.value, response.headers.get('Retry-After')), response };
}

/** A call that answers its data or rejects with the ApiError (for code outside RTK Query). */
export async function requestJson<Reply>(args: string | HttpArgs, token: string | null = null): Promise<Reply> {
  const result = await sendHttp(args, token);
  if ('error' in result) throw result.error;
  return result.data as Reply;
}
