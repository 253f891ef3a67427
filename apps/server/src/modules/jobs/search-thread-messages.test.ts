// What crosses from the search thread (search-worker.ts) to the server's thread when a search fails.
import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error';
import { isDatabaseUnavailable } from '../../lib/db-errors';
import { errorFrom, errorOf } from './search-thread-messages';

describe('errors crossing from the search thread', () => {
  it('keep what the error handler reads: an AppError as it was, a database error with its code and causes', () => {
    const app = errorFrom(errorOf(new AppError('service_unavailable', 'Try again.', { headers: { 'retry-after': '5' } })));
    expect(app).toBeInstanceOf(AppError);
    expect(app).toMatchObject({ code: 'service_unavailable', message: 'Try again.', headers: { 'retry-after': '5' } });
    const db = errorFrom(
      errorOf(new Error('Failed query', { cause: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }) })),
    );
    expect(db.message).toBe('Failed query');
    expect((db.cause as { code?: string }).code).toBe('ECONNREFUSED');
    // So the error handler still answers 503 for it.
    expect(isDatabaseUnavailable(db)).toBe(true);
    expect(errorFrom(errorOf('not an error')).message).toBe('not an error');
  });
});
