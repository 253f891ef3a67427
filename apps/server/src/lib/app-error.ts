import { errorStatus, type ApiErrorBody, type ErrorCode } from '@jobportal/shared';

/** The one error type services throw; its code decides the HTTP status (shared `errorStatus`). */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly fields: Record<string, string[]> | undefined;
  readonly headers: Record<string, string> | undefined;
  /** More machine-readable facts of the answer (e.g. `existing_room`). */
  readonly extra: Pick<ApiErrorBody, 'existing_room'> | undefined;
  readonly clash: ApiErrorBody['clash'];

  constructor(
    code: ErrorCode,
    detail: string,
    options: {
      fields?: Record<string, string[]>;
      headers?: Record<string, string>;
      extra?: Pick<ApiErrorBody, 'existing_room'>;
      clash?: ApiErrorBody['clash'];
    } = {},
  ) {
    super(detail);
    this.code = code;
    this.fields = options.fields;
    this.headers = options.headers;
    this.extra = options.extra;
    this.clash = options.clash;
  }

  get status(): number {
    return errorStatus[this.code];
  }

  toBody(): ApiErrorBody {
    const body: ApiErrorBody = { detail: this.message, code: this.code };
    if (this.fields) body.fields = this.fields;
    if (this.clash) body.clash = this.clash;
    return this.extra ? { ...body, ...this.extra } : body;
  }
}

export const notFound = (what = 'That item') => new AppError('not_found', `${what} was not found.`);
export const forbidden = (detail = 'You are not allowed to do that.') => new AppError('permission_denied', detail);
export const notAuthenticated = () => new AppError('not_authenticated', 'Sign in to continue.');

export function rateLimited(retryAfterSeconds: number): AppError {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  return new AppError('rate_limited', `Too many attempts. Try again in ${seconds} second${seconds === 1 ? '' : 's'}.`, {
    headers: { 'retry-after': String(seconds) },
  });
}

/** The 400 for bad input, naming each field; the detail repeats the first problem so a bare client still says something useful. */
export function validationError(fields: Record<string, string[]>, headers?: Record<string, string>): AppError {
  const first = Object.entries(fields)[0];
  const detail = first ? `${first[0]}: ${first[1][0] ?? 'invalid'}` : 'The request is not valid.';
  return new AppError('validation_error', `Please correct the highlighted fields. ${detail}`, { fields, ...(headers ? { headers } : {}) });
}
