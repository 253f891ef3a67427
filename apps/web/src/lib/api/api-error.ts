import { isApiErrorBody } from '@jobportal/shared/vocabulary';

/**
 * Every failed call reaches components in this one shape, whatever went wrong:
 * an API error body, an unexpected answer, or no answer at all (status null).
 */
export interface ApiError {
  status: number | null;
  code: string;
  detail: string;
  fields: Record<string, string[]>;
  /** From the Retry-After header of a 429 answer. */
  retryAfterSeconds: number | null;
  /** With `existing_room` (POST /api/chatrooms/ on a pair that has one): that room's id. */
  existingRoom?: number;
}

export function isApiError(value: unknown): value is ApiError {
  return typeof value === 'object' && value !== null && 'status' in value && 'code' in value && 'detail' in value && 'fields' in value;
}

function parseRetryAfter(header: string | null | undefined): number | null {
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, Math.ceil(seconds));
  const date = Date.parse(header);
  if (Number.isNaN(date)) return null;
  return Math.max(0, Math.ceil((date - Date.now()) / 1000));
}

/** The ApiError for an answer that is not a success: the server's error body, or what its status says. */
export function apiErrorFrom(status: number, body: unknown, retryAfter: string | null): ApiError {
  const retryAfterSeconds = parseRetryAfter(retryAfter);
  if (isApiErrorBody(body)) {
    const error: ApiError = { status, code: body.code, detail: body.detail, fields: body.fields ?? {}, retryAfterSeconds };
    return typeof body.existing_room === 'number' ? { ...error, existingRoom: body.existing_room } : error;
  }
  if (status === 413) return { status, code: 'payload_too_large', detail: 'The file is too large.', fields: {}, retryAfterSeconds };
  return {
    status,
    code: status >= 500 ? 'internal_error' : 'unexpected_response',
    detail: `The server answered with HTTP ${status}.`,
    fields: {},
    retryAfterSeconds,
  };
}

/** No answer at all: offline, or the connection closed. */
export function networkError(detail: string): ApiError {
  return { status: null, code: 'network_error', detail, fields: {}, retryAfterSeconds: null };
}

function inTime(seconds: number | null): string {
  if (seconds === null) return 'in a minute';
  if (seconds <= 1) return 'in a second';
  if (seconds < 90) return `in ${seconds} seconds`;
  return `in ${Math.ceil(seconds / 60)} minutes`;
}

/** A sentence a person can act on, for any error a call may reject with. */
export function describeError(error: unknown): string {
  if (!isApiError(error)) return 'Something went wrong. Please try again.';
  switch (error.code) {
    case 'network_error':
      return 'We could not reach Hireloop. Check your connection and try again.';
    case 'rate_limited':
      return `Too many attempts. Please try again ${inTime(error.retryAfterSeconds)}.`;
    case 'internal_error':
      return 'Something went wrong on our side. Please try again in a moment.';
    case 'unexpected_response':
      return `Something went wrong (${error.detail}) Please try again in a moment.`;
    default:
      return error.detail;
  }
}

/** The server's messages for one form field, joined for display beside it. */
export function fieldError(error: unknown, field: string): string | undefined {
  if (!isApiError(error)) return undefined;
  const messages = error.fields[field];
  return messages && messages.length > 0 ? messages.join(' ') : undefined;
}
