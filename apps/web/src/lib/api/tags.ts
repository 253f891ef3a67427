import { api } from './api-slice';

/**
 * The cache tags of companies, jobs, categories and skills. Their calls live in several features
 * (an approval in the admin area changes what the employer dashboard and the job search show), so
 * the tags are declared once here; every feature injects its endpoints into `catalogueApi`.
 *
 * - Company: an id, 'MINE' (the employer's own), 'LIST' (the admin list)
 * - Job: an id, 'MINE' (the employer's list), 'SEARCH' (public search results)
 * - Taxonomy: 'category' or 'skill'
 */
export const catalogueApi = api.enhanceEndpoints({ addTagTypes: ['Company', 'Job', 'Taxonomy'] });

/** What changes when a job is written: its page, the owner's list, the search, and the company's open-job count. */
export const jobWriteTags = (id?: number) =>
  [
    ...(id === undefined ? [] : [{ type: 'Job' as const, id }]),
    { type: 'Job' as const, id: 'MINE' },
    { type: 'Job' as const, id: 'SEARCH' },
    { type: 'Company' as const, id: 'MINE' },
    { type: 'Company' as const, id: 'LIST' },
  ] as const;

/**
 * The audit log's tag ('LIST'). Other people's changes (an employer's move, another admin's
 * approval) write it too, so its screen also refetches whenever it is opened.
 */
export const auditTagsApi = api.enhanceEndpoints({ addTagTypes: ['Audit'] });
