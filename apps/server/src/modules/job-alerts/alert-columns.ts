import type { AlertCriteria, ParsedAlertCriteria } from '@jobportal/shared';
import type { Db } from '../../db/client';
import { locationPattern, normalizeSearchText } from '../jobs';
import type { jobAlertSearches } from '../../db/schema';
import { alertAnchors } from './percolator';
import { parseSearchParts } from './percolator.repository';

/** The search's criteria as the address writes them (lists comma-separated; the default order left out). */
export function criteriaStrings(c: ParsedAlertCriteria): AlertCriteria {
  const out: AlertCriteria = {};
  if (c.search) out.search = c.search;
  if (c.location) out.location = c.location;
  if (c.is_remote !== undefined) out.is_remote = String(c.is_remote);
  if (c.employment_type?.length) out.employment_type = [...new Set(c.employment_type)].join(',');
  if (c.experience_level?.length) out.experience_level = [...new Set(c.experience_level)].join(',');
  if (c.category?.length) out.category = [...new Set(c.category)].join(',');
  if (c.skills?.length) out.skills = [...new Set(c.skills)].join(',');
  if (c.salary_min !== undefined) out.salary_min = String(c.salary_min);
  if (c.salary_max !== undefined) out.salary_max = String(c.salary_max);
  if (c.currency !== undefined) out.currency = c.currency;
  if (c.posted_within !== undefined) out.posted_within = c.posted_within;
  if (c.company !== undefined) out.company = String(c.company);
  if (c.sort && c.sort !== 'relevance') out.sort = c.sort;
  return out;
}

/**
 * The columns the percolator matches an alert by: its search parsed by the search's own code and
 * SQL (the tsquery of `websearch_to_tsquery`, the location's ILIKE pattern, the filters), and the
 * cheapest anchors by the jobs' statistics (`share`).
 */
export type SearchValues = Omit<typeof jobAlertSearches.$inferInsert, 'id'>;

export async function alertColumns(
  db: Db,
  c: ParsedAlertCriteria,
  share: (token: string) => number,
): Promise<{ criteria: AlertCriteria; search: SearchValues }> {
  const text = normalizeSearchText(c.search);
  const location = c.location || null;
  const { queryText, loweredLocation } = await parseSearchParts(db, text, location);
  const nonEmpty = <T>(list: T[] | undefined) => (list?.length ? [...new Set(list)] : null);
  const cover = alertAnchors(
    {
      queryText,
      loweredLocation,
      employmentTypes: c.employment_type,
      experienceLevels: c.experience_level,
      categories: c.category,
      skills: c.skills,
      isRemote: c.is_remote,
      currency: c.currency,
      company: c.company,
    },
    share,
  );
  const criteria = criteriaStrings(c);
  // The order of results is not part of what matches.
  const { sort: _sort, ...matched } = criteria;
  return {
    criteria,
    search: {
      key: JSON.stringify(matched),
      query: queryText,
      anchors: cover ? cover.tokens : null,
      employmentTypes: nonEmpty(c.employment_type),
      experienceLevels: nonEmpty(c.experience_level),
      categoryIds: nonEmpty(c.category),
      skillIds: nonEmpty(c.skills),
      locationPattern: location ? locationPattern(location) : null,
      isRemote: c.is_remote ?? null,
      salaryMin: c.salary_min ?? null,
      salaryMax: c.salary_max ?? null,
      currency: c.currency ?? null,
      companyId: c.company ?? null,
      postedWithinDays: c.posted_within === undefined ? null : Number(c.posted_within),
    },
  };
}
