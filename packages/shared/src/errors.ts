/**
 * The one list of error codes the API answers with, and the HTTP status of each.
 * The server's AppError and the web's error messages both read this table.
 */
export const errorStatus = {
  validation_error: 400,
  bad_request: 400,
  invalid_otp: 400,
  otp_expired: 400,
  /** POST /api/chatrooms/ for a pair that already has its room; the body names it (`existing_room`). */
  existing_room: 400,
  not_authenticated: 401,
  token_invalid: 401,
  invalid_credentials: 401,
  google_token_invalid: 401,
  permission_denied: 403,
  email_not_verified: 403,
  account_disabled: 403,
  not_found: 404,
  /** A sign-in method this server does not offer (e.g. Google without GOOGLE_CLIENT_ID). */
  method_not_offered: 404,
  conflict: 409,
  email_taken: 409,
  interview_clash: 409,
  feedback_exists: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  internal_error: 500,
  mail_failed: 502,
  service_unavailable: 503,
} as const;

export type ErrorCode = keyof typeof errorStatus;

/** The JSON body of every error answer. `fields` only for validation errors. */
export interface ApiErrorBody {
  detail: string;
  code: ErrorCode;
  fields?: Record<string, string[]>;
  /** With `existing_room`: the id of the pair's room. */
  existing_room?: number;
  /** interview_clash: the interview that holds the time. */
  clash?: { id: number; scheduled_time: string; end_time: string };
}

export function isApiErrorBody(value: unknown): value is ApiErrorBody {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { detail?: unknown }).detail === 'string' &&
    typeof (value as { code?: unknown }).code === 'string'
  );
}
