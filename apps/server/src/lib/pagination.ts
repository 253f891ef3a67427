import type { FastifyRequest } from 'fastify';
import type { Paginated, PaginationQuery } from '@jobportal/shared';

export const offsetOf = (q: PaginationQuery) => (q.page - 1) * q.page_size;

/** Wraps a page of results in the list envelope, with next/previous links that keep the filters. */
export function toPage<T>(request: FastifyRequest, q: PaginationQuery, results: T[], count: number): Paginated<T> {
  const link = (page: number) => {
    const url = new URL(request.url, `${request.protocol}://${request.host}`);
    url.searchParams.set('page', String(page));
    url.searchParams.set('page_size', String(q.page_size));
    return url.toString();
  };
  return {
    results,
    count,
    next: q.page * q.page_size < count ? link(q.page + 1) : null,
    previous: q.page > 1 ? link(Math.min(q.page - 1, Math.max(1, Math.ceil(count / q.page_size)))) : null,
  };
}
