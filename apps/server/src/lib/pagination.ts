import type { FastifyRequest } from 'fastify';
import type { Paginated, PaginationQuery } from '@jobportal/shared';

export const offsetOf = (q: PaginationQuery) => (q.page - 1) * q.page_size;

declare module 'fastify' {
  interface FastifyInstance {
    /** Where paging links start: the configured public address, or '' (links relative to the site). */
    pageLinkBase: string;
  }
}

/**
 * Wraps a page of results in the list envelope, with next/previous links that keep the filters.
 * The links never come from the request's Host or X-Forwarded-* headers (a forged header would
 * make them point anywhere): they are the path and query, after PUBLIC_URL when it is set.
 */
export function toPage<T>(request: FastifyRequest, q: PaginationQuery, results: T[], count: number): Paginated<T> {
  const link = (page: number) => {
    const url = new URL(request.url, 'http://link.invalid');
    url.searchParams.set('page', String(page));
    url.searchParams.set('page_size', String(q.page_size));
    return `${request.server.pageLinkBase}${url.pathname}${url.search}`;
  };
  return {
    results,
    count,
    next: q.page * q.page_size < count ? link(q.page + 1) : null,
    previous: q.page > 1 ? link(Math.min(q.page - 1, Math.max(1, Math.ceil(count / q.page_size)))) : null,
  };
}

/** What a service answers for a paged list: one page of rows, the total, and the list's own extra fields (counts, hints). */
export type PagedRows<T, Extra extends object = object> = { rows: T[]; total: number } & Extra;

/** A paged list kept as JSON (the job search's cached answers): its rows, the total, and the fields after the links, without braces. */
export interface PagedJson {
  rowsJson: string;
  total: number;
  restJson: string;
}

/**
 * `pageOf` for a list kept as JSON: the same envelope, in the same order, written around the kept
 * text, so that a kept answer is not parsed and serialized again for every request.
 */
export function pageJsonOf(request: FastifyRequest & { query: PaginationQuery }, { rowsJson, total, restJson }: PagedJson): string {
  const { next, previous } = toPage(request, request.query, [], total);
  return `{"results":${rowsJson},"count":${total},"next":${JSON.stringify(next)},"previous":${JSON.stringify(previous)}${restJson ? `,${restJson}` : ''}}`;
}

/**
 * The one way a route answers a paged list: the service gives rows and a total, this builds the page
 * and its links from the request's query, and appends the list's extra fields after them.
 */
export function pageOf<T, Extra extends object>(
  request: FastifyRequest & { query: PaginationQuery },
  { rows, total, ...extra }: PagedRows<T, Extra>,
): Paginated<T> & Omit<Extra, 'rows' | 'total'> {
  return { ...toPage(request, request.query, rows, total), ...extra };
}
