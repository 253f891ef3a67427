/** What the server thread and the search thread say to each other (search-thread.ts, search-worker.ts). */
import type { ErrorCode, JobSearchQuery } from '@jobportal/shared';
import { AppError } from '../../lib/app-error';
import type { AnswerJson, SearchCacheStats } from './job-search.service';

/**
 * An answer the copy is to hold from now on, right as of `asOf` (since the epoch; null: of the
 * copy's `freshAs`) until `expires` (Date.now()): its parts as JSON, those left null as the copy has them.
 */
export interface Upsert {
  key: string;
  count: number;
  /**
   * Its results in order: a number is the place of one the copy holds already (among the results it
   * has now), a string a result's JSON (a job that came onto the page sends its summary alone, not
   * the page's 20: they were nine tenths of what crossed under 20 writes a second, ~12 KB each).
   */
  results: Array<number | string> | null;
  facets: string | null;
  rest: string;
  asOf: number | null;
  expires: number;
}

/** Moments cross threads as times since the epoch: each thread's `performance.now()` has its own origin. */
export const toEpoch = (t: number) => performance.timeOrigin + t;
export const fromEpoch = (epoch: number) => epoch - performance.timeOrigin;

export type ToSearchThread =
  | {
      kind: 'search';
      id: number;
      key: string;
      query: JobSearchQuery;
      /** When the request arrived and the moment its answer may not be older than (since the epoch). */
      arrived: number;
      notBefore: number;
    }
  | { kind: 'served'; keys: string[] }
  | { kind: 'settle'; id: number }
  | { kind: 'close' };

export type FromSearchThread =
  | {
      kind: 'answer';
      id: number;
      json: AnswerJson;
      /** Whether the copy may keep it: right as of `asOf` (since the epoch; null: of the copy's `freshAs`), until `expires` (Date.now()). */
      keep: { asOf: number | null; expires: number } | null;
      stats: SearchCacheStats | null;
    }
  | { kind: 'error'; id: number; error: ThreadError }
  | {
      kind: 'publish';
      /** Every answer the copy holds unpinned is right as of this (since the epoch); null: none is. */
      freshAs: number | null;
      /** Answers brought up to date (every one the copy holds that changed, sent by the parts that changed). */
      upserts: Upsert[];
      /** Answers the cache moved past (dropped, or waiting for a read): each right as of that moment (since the epoch) only. */
      pins: Array<[key: string, asOf: number]>;
      /** Answers no request may be served any more. */
      deletes: string[];
      stats: SearchCacheStats | null;
    }
  | { kind: 'settled'; id: number }
  /** The search thread's id (Linux; null elsewhere), as it starts. */
  | { kind: 'thread'; tid: number | null };

/** An error as it crosses to the server thread: what the error handler reads of it (its code, status and causes). */
export interface ThreadError {
  message: string;
  code?: string;
  statusCode?: number;
  app?: { code: ErrorCode; fields?: Record<string, string[]>; headers?: Record<string, string> };
  cause?: ThreadError;
}

export function errorOf(error: unknown, depth = 0): ThreadError {
  if (!(error instanceof Error)) return { message: String(error) };
  const { code, statusCode, cause } = error as { code?: unknown; statusCode?: unknown; cause?: unknown };
  return {
    message: error.message,
    ...(error instanceof AppError
      ? { app: { code: error.code, fields: error.fields, headers: error.headers } }
      : typeof code === 'string'
        ? { code }
        : {}),
    ...(typeof statusCode === 'number' ? { statusCode } : {}),
    ...(cause !== undefined && depth < 5 ? { cause: errorOf(cause, depth + 1) } : {}),
  };
}

/** The error again, on this side: an AppError as it was, any other with its code, status and causes. */
export function errorFrom(e: ThreadError): Error {
  if (e.app) return new AppError(e.app.code, e.message, { fields: e.app.fields, headers: e.app.headers });
  const error = new Error(e.message, e.cause ? { cause: errorFrom(e.cause) } : undefined);
  return Object.assign(error, e.code === undefined ? {} : { code: e.code }, e.statusCode === undefined ? {} : { statusCode: e.statusCode });
}
