/**
 * Matching agrees with search: for the search tests' queries (words, stemming, phrases, exclusions,
 * skills, company names, stop words, odd characters, and every filter), a job matches an alert with
 * those criteria exactly when GET /api/jobs/?<criteria> finds it. The percolator (anchors, then the
 * full check) is what decides, as the queue runs it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { jobAlerts } from '../../db/schema';
import { createCategory, createCompany, createJob, createSkill, createUser } from '../../seed/factories';
import { bearer, createTestApp, json, signedInUser, type TestApp } from '../../test/harness';
import { findJobTokens, findMatchingSearches } from './percolator.repository';
import { utcToday } from '../../lib/dates';

let t: TestApp;
const jobIds: number[] = [];
let queries: string[] = [];

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_MULTIPLIER: '100' });
  const [engineering, design] = [await createCategory(t.db, 'Engineering'), await createCategory(t.db, 'Design')];
  const [python, figma, sqlSkill] = [await createSkill(t.db, 'Python'), await createSkill(t.db, 'Figma'), await createSkill(t.db, 'SQL')];
  const company = await createCompany(t.db, (await createUser(t.db, { role: 'employer' })).id, {
    isApproved: true,
    name: 'Kestrel Ferries',
  });
  const other = await createCompany(t.db, (await createUser(t.db, { role: 'employer' })).id, { isApproved: true, name: 'Lumen Health' });
  const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000);
  const seeds = [
    {
      companyId: company.id,
      title: 'ML Engineer',
      description: 'Put machine learning models into production for our fraud team.',
      categoryIds: [engineering.id],
      skillIds: [python.id, sqlSkill.id],
      salaryMin: 80000,
      salaryMax: 90000,
      currency: 'EUR',
    },
    {
      companyId: company.id,
      title: 'Learning Designer',
      description: 'Design learning paths; no machine can replace a good teacher here.',
      categoryIds: [design.id],
      skillIds: [figma.id],
      location: 'London, United Kingdom',
      currency: 'GBP',
      salaryMin: 50000,
    },
    {
      companyId: company.id,
      title: 'Teacher',
      description: 'Teach children to read and write in our after-school club.',
      employmentType: 'Part-time' as const,
      experienceLevel: 'Entry level' as const,
      postedAt: daysAgo(10),
    },
    {
      companyId: company.id,
      title: 'Illustrator',
      description: 'Draw the maps and posters of our ferry routes.',
      skillIds: [figma.id],
      isRemote: true,
      location: 'Remote',
      currency: 'JPY',
      salaryMin: 9_000_000,
      salaryMax: 12_000_000,
      postedAt: daysAgo(3),
    },
    {
      companyId: other.id,
      title: 'Senior Python Developer',
      description: 'Python services for clinics; SQL and testing every day.',
      experienceLevel: 'Senior level' as const,
      skillIds: [python.id],
      location: 'Berlin, Germany',
      currency: 'USD',
      salaryMin: 85000,
    },
    {
      companyId: other.id,
      title: 'Night Nurse',
      description: "Care for patients at night in our Toronto clinic; O'Reilly shifts.",
      location: 'Toronto, Canada',
      employmentType: 'Contract' as const,
      currency: 'CAD',
      postedAt: daysAgo(40),
    },
    {
      companyId: other.id,
      title: 'Data Analyst',
      description: 'Dashboards and SQL for the product team, remote-friendly.',
      isRemote: true,
      salaryMax: 70000,
      currency: 'USD',
    },
  ];
  for (const { companyId, ...seed } of seeds) jobIds.push((await createJob(t.db, companyId, seed)).id);
  const q = (params: Record<string, string | number>) =>
    new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, String(v)])).toString();
  queries = [
    q({ search: 'lighthouse' }),
    q({ search: '"machine learning"' }),
    q({ search: 'machine learning' }),
    q({ search: 'learning -fraud' }),
    q({ search: 'teaching' }),
    q({ search: 'figma' }),
    q({ search: 'Kestrel Ferries' }),
    q({ search: 'python', company: other.id }),
    q({ search: 'python or nurse' }),
    q({ search: 'the' }),
    q({ search: '&|!():*<->' }),
    q({ search: "o'reilly" }),
    q({ search: 'sql -"product team"' }),
    q({ location: 'berlin' }),
    q({ location: 'on, ' }),
    q({ location: 're' }),
    q({ is_remote: 'true' }),
    q({ is_remote: 'false', search: 'design' }),
    q({ employment_type: 'Part-time,Contract' }),
    q({ experience_level: 'Senior level' }),
    q({ category: design.id }),
    q({ skills: `${python.id},${figma.id}` }),
    q({ salary_min: 80000, currency: 'EUR' }),
    q({ salary_min: 80000, currency: 'JPY' }),
    q({ salary_min: 80000, salary_max: 100000, currency: 'USD' }),
    q({ salary_max: 75000, currency: 'USD' }),
    q({ currency: 'GBP' }),
    q({ posted_within: '7' }),
    q({ posted_within: '30', search: 'teacher' }),
    q({ search: 'engineer', sort: 'newest' }),
    q({}),
  ];
});
afterAll(() => t?.close());

describe('matching agrees with search', () => {
  it('matches a job with an alert exactly when the search with its criteria finds the job', async () => {
    let seeker = await signedInUser(t, { role: 'jobseeker' });
    let saved = 0;
    const searchOf = new Map<string, number>();
    for (const query of queries) {
      if (saved++ % 20 === 19) seeker = await signedInUser(t, { role: 'jobseeker' });
      const criteria = Object.fromEntries(new URLSearchParams(query));
      const res = await t.app.inject({ method: 'POST', url: '/api/job-alerts/', headers: bearer(seeker.token), payload: { criteria } });
      expect(res.statusCode, `${query}: ${res.body}`).toBe(201);
      const [alert] = await t.db
        .select({ searchId: jobAlerts.searchId })
        .from(jobAlerts)
        .where(eq(jobAlerts.id, json<{ id: number }>(res).id));
      searchOf.set(query, alert!.searchId);
    }
    const matchedBy = new Map<number, number[]>();
    for (const jobId of jobIds) {
      const tokens = await findJobTokens(t.db, jobId, utcToday());
      matchedBy.set(jobId, tokens ? await findMatchingSearches(t.db, jobId, tokens) : []);
    }
    let found = 0;
    for (const query of queries) {
      const res = await t.app.inject({ url: `/api/jobs/?${query}${query ? '&' : ''}page_size=100` });
      expect(res.statusCode, query).toBe(200);
      const answer = json<{ results: Array<{ id: number }>; corrected_search: string | null }>(res);
      const searchId = searchOf.get(query)!;
      const matched = jobIds.filter((id) => matchedBy.get(id)!.includes(searchId));
      // A search whose words match nothing is corrected by the search; an alert keeps its words as saved.
      const expected = answer.corrected_search === null ? answer.results.map((r) => r.id) : [];
      expect(matched.sort(), query).toEqual(expected.sort());
      if (expected.length) found++;
    }
    // Most of the queries find something (a comparison of empty answers would prove little).
    expect(found).toBeGreaterThan(22);
  });
});
