import { eq, inArray, sql } from 'drizzle-orm';
import { jobSearchQuery, type JobSearchResult } from '@jobportal/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { companies, jobSkills, jobs } from '../../db/schema';
import { createCompany, createJob, createSkill, createUser } from '../../seed/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { findJobPage, type SearchCriteria } from './job-search.repository';
import { dateOrder, lexemeShares, queryLexemes } from './search-statistics.repository';
import { choosePagePlan, createJobSearchService, normalizeSearchText, roundEstimate } from './job-search.service';
import { editDistance } from './spelling';

let t: TestApp;
let companyId: number;

beforeAll(async () => {
  t = await createTestApp();
  const owner = await createUser(t.db, { role: 'employer' });
  companyId = (await createCompany(t.db, owner.id, { isApproved: true })).id;
  // 64 jobs in a row: ids cover every residue, so the 1-in-16 sample holds 4 of them.
  for (let i = 0; i < 64; i++) {
    await createJob(t.db, companyId, { title: `Lighthouse keeper ${i}`, employmentType: i % 4 === 0 ? 'Part-time' : 'Full-time' });
  }
});
afterAll(() => t?.close());

const query = (q: Record<string, string>) => jobSearchQuery.parse(q);

/** A search's answer as the response has it (the service gives its parts as JSON). */
const searched = async (service: ReturnType<typeof createJobSearchService>, q: Record<string, string>) => {
  const { rowsJson, total, restJson } = await service.search(query(q));
  return {
    rows: JSON.parse(rowsJson) as JobSearchResult['results'],
    total,
    ...(JSON.parse(`{${restJson}}`) as Omit<JobSearchResult, 'results' | 'count' | 'next' | 'previous'>),
  };
};

describe('estimated counts for very broad searches', () => {
  it('counts exactly below the threshold', async () => {
    const service = createJobSearchService({ db: t.db });
    const result = await searched(service, { search: 'lighthouse' });
    expect(result).toMatchObject({ total: 64, count_is_estimate: false });
    expect(result.facets.employment_type.find((f) => f.value === 'Part-time')?.count).toBe(16);
  });

  it('estimates count and facets from the 1-in-16 sample above it, and says so', async () => {
    const service = createJobSearchService({ db: t.db, estimateAbove: 16 });
    const result = await searched(service, { search: 'lighthouse' });
    expect(result.count_is_estimate).toBe(true);
    // 4 sampled rows × 16, rounded to two significant digits.
    expect(result.total).toBe(60);
    const types = result.facets.employment_type.filter((f) => f.count > 0);
    expect(types.length).toBeGreaterThan(0);
    expect(types.every((f) => f.count % 10 === 0)).toBe(true);
    expect(result.rows).toHaveLength(20);
  });

  it('rounds estimates to two significant digits', () => {
    expect([0, 7, 64, 1234, 42_275, 59_744, 987_654].map(roundEstimate)).toEqual([0, 10, 60, 1200, 42_000, 60_000, 990_000]);
  });
});

describe('search rows (job_search)', () => {
  // Rows that differ between what the search reads and what the jobs and companies say, both ways.
  const drift = () =>
    queryRows<{ id: number }>(
      t.db,
      sql`(select id from (select * from job_search_source except select * from job_search) as missing)
        union all (select id from (select * from job_search except select * from job_search_source) as stale)`,
    );

  it('follow every write to jobs, companies and skills, made by any path', async () => {
    const owner = await createUser(t.db, { role: 'employer' });
    const company = await createCompany(t.db, owner.id, { isApproved: false, defaultCurrency: 'NOK' });
    const skill = await createSkill(t.db, 'Semaphore signalling');
    const job = await createJob(t.db, company.id, { title: 'Signal officer', skillIds: [skill.id], salaryMin: 40_000 });
    // Several rows in one statement, as the benchmark's loader writes them.
    await t.db.insert(jobs).values(
      [1, 2, 3].map((i) => ({
        companyId: company.id,
        title: `Flag officer ${i}`,
        description: 'Flags.',
        location: 'Oslo, Norway',
        employmentType: 'Contract' as const,
        experienceLevel: 'Entry level' as const,
      })),
    );
    expect(await drift()).toEqual([]);
    // A job written without a currency pays in its company's default, whichever path wrote it.
    const written = await t.db.select({ currency: jobs.currency }).from(jobs).where(eq(jobs.companyId, company.id));
    expect(written.map((r) => r.currency)).toEqual(['NOK', 'NOK', 'NOK', 'NOK']);

    await t.db.update(companies).set({ isApproved: true }).where(eq(companies.id, company.id));
    await t.db
      .update(jobs)
      .set({ status: 'closed', salaryMax: 50_000, currency: 'SEK', applicationDeadline: '2031-01-31' })
      .where(eq(jobs.id, job.id));
    await t.db.update(jobs).set({ companyId }).where(eq(jobs.title, 'Flag officer 1'));
    await t.db.update(jobSkills).set({ name: 'Heliograph signalling' }).where(eq(jobSkills.id, skill.id));
    await t.db.update(companies).set({ name: 'Renamed Signals' }).where(eq(companies.id, company.id));
    expect(await drift()).toEqual([]);
    const [row] = await queryRows<{ is_open: boolean; company_approved: boolean; currency: string; vector: string }>(
      t.db,
      sql`select is_open, company_approved, currency, search_vector::text as vector from job_search where id = ${job.id}`,
    );
    expect(row).toMatchObject({ is_open: false, company_approved: true, currency: 'SEK' });
    expect(row!.vector).toContain("'heliograph'");
    expect(row!.vector).toContain("'renam'");

    await t.db.delete(jobs).where(inArray(jobs.title, ['Flag officer 2', 'Flag officer 3']));
    expect(await drift()).toEqual([]);
    expect(await queryRows(t.db, sql`select 1 from job_search s left join jobs j on j.id = s.id where j.id is null`)).toEqual([]);
  });
});

describe('page plans', () => {
  it('walking an ordered index and collecting every match give the same pages', async () => {
    const base: SearchCriteria = { text: null, today: new Date().toISOString().slice(0, 10), sort: 'relevance', limit: 7, offset: 0 };
    const cases: Array<Partial<SearchCriteria>> = [
      { text: 'lighthouse' },
      { text: 'lighthouse', offset: 14 },
      { text: 'lighthouse', sort: 'newest', employmentTypes: ['Part-time'] },
      { text: 'keeper', sort: 'salary', limit: 20 },
      { sort: 'newest', company: companyId, offset: 3 },
      { sort: 'salary', isRemote: false },
      { text: 'lighthouse', limit: 10, offset: 195 },
    ];
    for (const change of cases) {
      const criteria = { ...base, ...change };
      const walked = await findJobPage(t.db, criteria, 'walk');
      const scanned = await findJobPage(t.db, criteria, 'scan');
      expect(
        walked.map((r) => r.id),
        JSON.stringify(change),
      ).toEqual(scanned.map((r) => r.id));
    }
  });

  it('pages through more matches than are ranked without losing or repeating one', async () => {
    const made: number[] = [];
    for (let i = 0; i < 230; i++) {
      const inTitle = i % 3 === 0;
      const job = await createJob(t.db, companyId, {
        title: inTitle ? `Beacon technician ${i}` : `Harbour assistant ${i}`,
        description: inTitle
          ? 'Service the lights along the coast, in every weather.'
          : `Help the harbour master; now and then check a beacon (${i}).`,
        postedAt: new Date(Date.now() - ((i * 7919) % 230) * 3_600_000),
      });
      made.push(job.id);
    }
    const base: SearchCriteria = { text: 'beacon', today: new Date().toISOString().slice(0, 10), sort: 'relevance', limit: 25, offset: 0 };
    for (const plan of ['walk', 'scan'] as const) {
      const seen: number[] = [];
      for (let offset = 0; offset < 260; offset += 25) seen.push(...(await findJobPage(t.db, { ...base, offset }, plan)).map((r) => r.id));
      expect(new Set(seen).size, plan).toBe(seen.length);
      expect(
        [...seen].sort((a, b) => a - b),
        plan,
      ).toEqual([...made].sort((a, b) => a - b));
      // Within the ranked candidates, title matches come first.
      const firstPage = await findJobPage(t.db, base, plan);
      expect(
        firstPage.every((r) => r.title.startsWith('Beacon')),
        plan,
      ).toBe(true);
    }
  });

  it('best paid first under a pay ceiling: walking the salary index and collecting give the same pages', async () => {
    for (let i = 0; i < 40; i++) {
      const low = 30_000 + ((i * 7) % 40) * 2_500;
      await createJob(t.db, companyId, {
        title: `Tide gauge reader ${i}`,
        currency: i % 3 === 0 ? 'EUR' : 'USD',
        salaryMin: i % 5 === 0 ? null : low,
        salaryMax: i % 7 === 0 ? null : low + ((i * 3) % 5) * 10_000,
      });
    }
    const base: SearchCriteria = { text: 'tide', today: new Date().toISOString().slice(0, 10), sort: 'salary', limit: 6, offset: 0 };
    const cases: Array<Partial<SearchCriteria>> = [
      { salaryMax: 60_000 },
      { salaryMin: 50_000, salaryMax: 70_000 },
      { salaryMax: 90_000, offset: 6 },
      { text: null, salaryMax: 45_000 },
      { salaryMax: 80_000, currency: 'EUR' },
      { salaryMin: 40_000, currency: 'USD', offset: 6 },
    ];
    for (const change of cases) {
      const criteria = { ...base, ...change };
      const walked = (await findJobPage(t.db, criteria, 'walk')).map((r) => [r.id, r.salaryMin, r.salaryMax]);
      const scanned = (await findJobPage(t.db, criteria, 'scan')).map((r) => [r.id, r.salaryMin, r.salaryMax]);
      expect(walked.length, JSON.stringify(change)).toBeGreaterThan(0);
      expect(walked, JSON.stringify(change)).toEqual(scanned);
      if (change.currency) {
        const currencies = (await findJobPage(t.db, criteria, 'walk')).map((r) => r.currency);
        expect(new Set(currencies), JSON.stringify(change)).toEqual(new Set([change.currency]));
      }
    }
  });

  it('a slice of the newest jobs gives the same page when it holds enough matches, and nothing it cannot vouch for', async () => {
    const base: SearchCriteria = { text: null, today: new Date().toISOString().slice(0, 10), sort: 'relevance', limit: 5, offset: 0 };
    const [{ n: all }] = (await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from job_search`)) as [{ n: number }];
    // Run after the test above: 230 beacon jobs, the oldest jobs here, posted over the past 230 hours.
    const cases: Array<Partial<SearchCriteria>> = [
      { text: 'beacon' },
      { text: 'beacon', offset: 180, limit: 20 },
      { text: 'keeper', sort: 'newest', offset: 5 },
      { sort: 'newest', employmentTypes: ['Part-time'] },
      { company: companyId, offset: 10 },
    ];
    for (const change of cases) {
      const criteria = { ...base, ...change };
      const scanned = (await findJobPage(t.db, criteria, 'scan')).map((r) => r.id);
      expect(
        (await findJobPage(t.db, criteria, { slice: all }))?.map((r) => r.id),
        JSON.stringify(change),
      ).toEqual(scanned);
      // The newest job alone cannot hold a page of matches: the caller must read again.
      expect(await findJobPage(t.db, criteria, { slice: 1 }), JSON.stringify(change)).toBeNull();
    }
    // A slice without the 40 oldest jobs (beacon jobs) holds 190 of the 200 candidates a full read would rank: not sure of the order, so no page.
    expect(await findJobPage(t.db, { ...base, text: 'beacon' }, { slice: all - 40 })).toBeNull();
    expect(await findJobPage(t.db, { ...base, text: 'beacon' }, { slice: all - 30 })).not.toBeNull();
  });
});

describe('choosing a page plan', () => {
  const criteria = (text: string): SearchCriteria => ({ text, today: '2026-11-27', sort: 'relevance', limit: 20, offset: 0 });

  it("prices the word index by every word's list for several words, so a phrase of common words walks", () => {
    // "product managers" remote at 1,000,000 jobs: 52,000 matches, but the three words are in 56%,
    // 71% and 25% of jobs: the slice's bitmap read 1.5 million entries (73 ms); the walk 6 ms.
    expect(choosePagePlan(criteria('"product managers" remote'), 52_000, 1_000_000)).toEqual({ slice: 7693 });
    expect(choosePagePlan(criteria('"product managers" remote'), 52_000, 1_000_000, 1_520_000)).toBe('walk');
    // A phrase of rarer words keeps its slice ("machine learning": 4% and 7.5% of jobs).
    expect(choosePagePlan(criteria('"machine learning"'), 30_000, 1_000_000, 117_000)).toEqual({ slice: 13_334 });
    // One word: its matches are its list; nothing changes.
    expect(choosePagePlan(criteria('nurse'), 30_000, 1_000_000, 0)).toEqual(choosePagePlan(criteria('nurse'), 30_000, 1_000_000));
    expect(choosePagePlan(criteria('nurse'), 0, 1_000_000)).toBe('scan');
  });

  it('walks newest first when the table lies in posting order: the next row is on the page just read', () => {
    // "python" remote at 1,000,000 jobs: ~39,000 matches. Rows scattered (~6 µs each): a slice of
    // 10,257 jobs; in posting order the walk reads ~5,100 rows (6.6 ms), the slice's bitmap took 25 ms.
    const python = criteria('python');
    expect(choosePagePlan(python, 39_000, 1_000_000, 0, { dateOrder: 0.2 })).toEqual({ slice: 10_257 });
    expect(choosePagePlan(python, 39_000, 1_000_000, 0, { dateOrder: 0.99 })).toBe('walk');
    // Few matches are still collected; best paid first walks the salary index, whose rows are scattered.
    expect(choosePagePlan(criteria('zookeeper'), 300, 1_000_000, 0, { dateOrder: 0.99 })).toBe('scan');
    const byPay = { ...python, sort: 'salary' as const };
    expect(choosePagePlan(byPay, 3_000, 1_000_000, 0, { dateOrder: 0.99 })).toBe(choosePagePlan(byPay, 3_000, 1_000_000, 0));
  });

  it('prices a collection by every row it visits: a word with filters no index narrows visits every job with the word', () => {
    // "prepare", contract, mid level at 1,000,000 jobs: ~4,736 matches, but "prepar" is in 12.5% of
    // jobs; collecting visited them all (591 ms), walking took 54 ms.
    const prepare = criteria('prepare');
    expect(choosePagePlan(prepare, 4_736, 1_000_000, 0, { dateOrder: 0.99 })).toBe('scan');
    expect(choosePagePlan(prepare, 4_736, 1_000_000, 0, { dateOrder: 0.99, visits: 124_520 })).toBe('walk');
    // A word whose list is its matches: nothing changes.
    expect(choosePagePlan(criteria('nurse'), 30_000, 1_000_000, 0, { visits: 30_000 })).toEqual(
      choosePagePlan(criteria('nurse'), 30_000, 1_000_000),
    );
  });

  it("reads the word index's statistics and a text's lexemes", async () => {
    await t.db.execute(sql`analyze job_search`);
    const { shares, rest } = await lexemeShares(t.db);
    // A small table is analysed whole: the share is the true one.
    const [truth] = await queryRows<{ share: number }>(
      t.db,
      sql`select avg((search_vector @@ 'lighthous'::tsquery)::int)::float8 as share from job_search`,
    );
    expect(truth!.share).toBeGreaterThan(0.1);
    expect(shares.get('lighthous')).toBeCloseTo(truth!.share, 3);
    expect(rest).toBeGreaterThan(0);
    expect(rest).toBeLessThanOrEqual(Math.min(...shares.values()));
    expect((await queryLexemes(t.db, '"Product managers" -remote or Berlin')).sort()).toEqual(['berlin', 'manag', 'product', 'remot']);
    const order = await dateOrder(t.db);
    expect(order).toBeGreaterThanOrEqual(-1);
    expect(order).toBeLessThanOrEqual(1);
  });
});

describe('spelling helpers', () => {
  it('counts a swap of neighbours as one edit', () => {
    expect(editDistance('pyhton', 'python')).toBe(1);
    expect(editDistance('devloper', 'developer')).toBe(1);
    expect(editDistance('kubernets', 'kubernetes')).toBe(1);
    expect(editDistance('java', 'javascript')).toBe(6);
    expect(editDistance('', 'abc')).toBe(3);
  });

  it('tidies search text and drops text with nothing to search for', () => {
    expect(normalizeSearchText('  senior   python\tengineer ')).toBe('senior python engineer');
    expect(normalizeSearchText('"" - !!')).toBeNull();
    expect(normalizeSearchText(undefined)).toBeNull();
    expect(normalizeSearchText('日本語')).toBe('日本語');
  });
});

describe('the job tables’ GIN indexes', () => {
  it('take a written job into their trees at once: no pending list for searches to read', async () => {
    await createJob(t.db, companyId, { title: 'Quayside welder', location: 'Gdańsk, Poland' });
    const indexes = await queryRows<{ name: string; options: string[] | null }>(
      t.db,
      sql`select c.relname as name, c.reloptions as options from pg_index i join pg_class c on c.oid = i.indexrelid
            join pg_am a on a.oid = c.relam
          where a.amname = 'gin' and i.indrelid in ('jobs'::regclass, 'job_search'::regclass) order by 1`,
    );
    expect(indexes.map((i) => i.name)).toEqual(
      expect.arrayContaining(['job_search_vector_idx', 'job_search_location_trgm_idx', 'jobs_title_vector_idx']),
    );
    for (const index of indexes) {
      // The pages a pending list held, merged now: none, for every GIN index of the two tables.
      const [merged] = await queryRows<{ pages: number }>(t.db, sql`select gin_clean_pending_list(${index.name}::regclass)::int as pages`);
      expect({ index: index.name, options: index.options, pending: merged!.pages }).toEqual({
        index: index.name,
        options: ['fastupdate=off'],
        pending: 0,
      });
    }
  });
});
