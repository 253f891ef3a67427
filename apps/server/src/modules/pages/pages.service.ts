import type { JobSearchQuery, JobSearchResult, JobSummary } from '@jobportal/shared';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { CompaniesService } from '../companies';
import type { JobSearch, JobsService } from '../jobs';
import type { AppShell } from './app-shell';
import { atomFeed } from './atom-feed';
import { companyPage, jobPage, notFoundPage, type PageContext } from './page-views';
import { createSitemaps, type SitemapOptions } from './sitemap';

export interface PagesDeps {
  db: Db;
  jobs: JobsService;
  companies: CompaniesService;
  jobSearch: JobSearch;
  shell: AppShell;
  /** Where absolute addresses start: PUBLIC_URL (or the local address), never a request's Host. */
  origin: string;
  productName: string;
  sitemap?: SitemapOptions;
}

/** A page's answer: its status and its whole HTML. */
export interface PageAnswer {
  status: 200 | 404;
  html: string;
}

/** Jobs a company page lists at first (the app pages through the rest). */
const companyPageJobs = 20;

const isNotFound = (error: unknown) => error instanceof AppError && error.code === 'not_found';

/**
 * Pages people and search engines read without the app (/jobs/{id}, /companies/{id}), the sitemap
 * and the Atom feed of a search: all from the jobs and companies services and their presenters, as
 * a visitor (no viewer) sees them through the access policy.
 */
export function createPagesService(given: PagesDeps) {
  const deps = { ...given, origin: given.origin.replace(/\/+$/, '') };
  const ctx: PageContext = { origin: deps.origin, productName: deps.productName };
  const notFound = (what: 'job' | 'company'): PageAnswer => ({ status: 404, html: deps.shell(notFoundPage(ctx, what)) });

  /** A company's newest open jobs, their count, and the places they are in (the search's location counts). */
  async function newestJobs(q: Partial<JobSearchQuery>): Promise<{ results: JobSummary[]; count: number; places: string[] }> {
    const answer = await deps.jobSearch.search({ page: 1, page_size: companyPageJobs, sort: 'newest', ...q } as JobSearchQuery);
    const rest = JSON.parse(`{${answer.restJson}}`) as Partial<Pick<JobSearchResult, 'facets'>>;
    const places = (rest.facets?.location ?? []).filter((f) => f.count > 0).map((f) => f.label);
    return { results: JSON.parse(answer.rowsJson) as JobSummary[], count: answer.total, places };
  }

  return {
    sitemaps: createSitemaps(deps.db, deps.origin, deps.sitemap),

    async jobPage(id: number | null): Promise<PageAnswer> {
      if (id === null) return notFound('job');
      try {
        return { status: 200, html: deps.shell(jobPage(ctx, await deps.jobs.getPage(id))) };
      } catch (error) {
        if (isNotFound(error)) return notFound('job');
        throw error;
      }
    },

    async companyPage(id: number | null): Promise<PageAnswer> {
      if (id === null) return notFound('company');
      try {
        const company = await deps.companies.get(null, id);
        return { status: 200, html: deps.shell(companyPage(ctx, company, await newestJobs({ company: id }))) };
      } catch (error) {
        if (isNotFound(error)) return notFound('company');
        throw error;
      }
    },

    /** The Atom feed of a search (its own query, newest first unless it names a sort). */
    async feed(q: JobSearchQuery, queryString: string): Promise<string> {
      const answer = await deps.jobSearch.search(q);
      const jobs = JSON.parse(answer.rowsJson) as JobSummary[];
      const about = [q.search ? `“${q.search}”` : null, q.location ? `in ${q.location}` : null, q.is_remote ? 'remote' : null].filter(
        Boolean,
      );
      return atomFeed({
        origin: deps.origin,
        productName: deps.productName,
        selfPath: `/jobs.atom${queryString ? `?${queryString}` : ''}`,
        alternatePath: `/#/${queryString ? `?${queryString}` : ''}`,
        title: `${deps.productName}: ${about.length ? `jobs ${about.join(', ')}` : 'newest jobs'}`,
        jobs,
      });
    },

    robots(): string {
      return `User-agent: *\nAllow: /\nDisallow: /api/\n\nSitemap: ${deps.origin}/sitemap.xml\n`;
    },
  };
}
export type PagesService = ReturnType<typeof createPagesService>;
