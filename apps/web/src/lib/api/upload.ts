import type { BaseQueryApi } from '@reduxjs/toolkit/query';
import type { SessionRootState } from '../session/session-slice';
import { apiErrorFrom, networkError, type ApiError } from './api-error';
import { refreshOnce } from './base-query';
import { apiBaseUrl } from './http';

export interface UploadProgress {
  loaded: number;
  total: number;
}

interface UploadArgs {
  url: string;
  method: 'POST' | 'PUT' | 'PATCH';
  body: FormData;
  onProgress?: (progress: UploadProgress) => void;
}

type UploadResult<T> = { data: T } | { error: ApiError };

interface RawAnswer {
  status: number;
  body: unknown;
  retryAfter: string | null;
}

function send({ url, method, body, onProgress }: UploadArgs, token: string | null): Promise<RawAnswer | null> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, `${apiBaseUrl}${url}`);
    xhr.withCredentials = true;
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    if (onProgress) {
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable) onProgress({ loaded: event.loaded, total: event.total });
      };
    }
    xhr.onload = () => {
      let parsed: unknown = undefined;
      try {
        parsed = xhr.responseText ? (JSON.parse(xhr.responseText) as unknown) : undefined;
      } catch {
        parsed = xhr.responseText;
      }
      resolve({ status: xhr.status, body: parsed, retryAfter: xhr.getResponseHeader('Retry-After') });
    };
    // No answer (offline, or the server closed the connection on a refused upload).
    xhr.onerror = () => resolve(null);
    xhr.onabort = () => resolve(null);
    xhr.send(body);
  });
}

function toError(answer: RawAnswer | null): ApiError {
  return answer ? apiErrorFrom(answer.status, answer.body, answer.retryAfter) : networkError('No answer from the server.');
}

/**
 * A multipart upload with progress events. fetch() cannot report upload progress, so this uses
 * XMLHttpRequest, with the same rules as the base query: the bearer token and cookies, and on a
 * 401 one shared token refresh and one retry. For RTK Query `queryFn`s (which pass `api`).
 */
export async function uploadWithProgress<T>(args: UploadArgs, api: BaseQueryApi): Promise<UploadResult<T>> {
  const tokenOf = () => (api.getState() as SessionRootState).session.accessToken;
  const tokenSent = tokenOf();
  let answer = await send(args, tokenSent);
  if (answer?.status === 401 && (api.getState() as SessionRootState).session.refreshToken !== null) {
    const tokenNow = tokenOf();
    const outcome = tokenNow !== null && tokenNow !== tokenSent ? 'refreshed' : await refreshOnce(api);
    if (outcome === 'refreshed') answer = await send(args, tokenOf());
  }
  if (answer && answer.status >= 200 && answer.status < 300) return { data: answer.body as T };
  return { error: toError(answer) };
}
