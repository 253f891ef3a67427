import { eq, inArray, sql } from 'drizzle-orm';
import { jobSearchQuery, type JobSearchResult } from '@jobportal/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryRows } from '../../db/client';
import { companies, jobSkills, jobs } from '../../db/schema';
import { createCategory, createCompany, createJob, createSkill, createUser } from '../../db/seed/factories';
import { createTestApp, json, type TestApp } from '../../test/harness';
import {
  dateOrder,
  findJobPage,
  findPageSummaries,
  lexemeShares,
  queryLexemes,
  readSearchChanges,
  type SearchCriteria,
} from './job-search.repository';
import {
  choosePagePlan,
  createJobSearchService,
  editDistance,
  normalizeSearchText,
  readAheadAge,
  roundEstimate,
} from './job-search.service';
import { matchesTerms } from './live-answers';
import { mayMatch, positionsOf } from './query-terms';
import type { Snippet } from './snippets';

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

const page = (results: JobSearchResult['results'], count: number) => ({ results, count, next: null, previous: null });
const query = (q: Record<string, string>) => jobSearchQuery.parse(q);

describe('estimated counts for very broad searches', () => {
  it('counts exactly below the threshold', async () => {
    const service = createJobSearchService({ db: t.db });
    const result = await service.search(query({ search: 'lighthouse' }), page);
    expect(result).toMatchObject({ count: 64, count_is_estimate: false });
    expect(result.facets.employment_type.find((f) => f.value === 'Part-time')?.count).toBe(16);
  });

  it('estimates count and facets from the 1-in-16 sample above it, and says so', async () => {
    const service = createJobSearchService({ db: t.db, estimateAbove: 16 });
    const result = await service.search(query({ search: 'lighthouse' }), page);
    expect(result.count_is_estimate).toBe(true);
    // 4 sampled rows × 16, rounded to two significant digits.
    expect(result.count).toBe(60);
    const types = result.facets.employment_type.filter((f) => f.count > 0);
    expect(types.length).toBeGreaterThan(0);
    expect(types.every((f) => f.count % 10 === 0)).toBe(true);
    expect(result.results).toHaveLength(20);
  });

  it('rounds estimates to two significant digits', () => {
    expect([0, 7, 64, 1234, 42_275, 59_744, 987_654].map(roundEstimate)).toEqual([0, 10, 60, 1200, 42_000, 60_000, 990_000]);
  });
});

describe('the search cache', () => {
  it('serves repeated searches and sees every committed write at once, even one made around the API', async () => {
    const service = createJobSearchService({ db: t.db, cacheSeconds: 60 });
    const first = await service.search(query({ search: 'lighthouse', company: String(companyId) }), page);
    const again = await service.search(query({ search: 'lighthouse', company: String(companyId) }), page);
    expect(again).toEqual(first);
    expect(first.results[0]!.title).not.toBe('Lighthouse painter');

    // Written straight to the database, as another server instance would.
    await createJob(t.db, companyId, { title: 'Lighthouse painter' });
    const after = await service.search(query({ search: 'lighthouse', company: String(companyId) }), page);
    expect(after.count).toBe(first.count + 1);
    expect(after.results[0]!.title).toBe('Lighthouse painter');
  });

  it('computes an answer once for the requests that ask it together', async () => {
    const service = createJobSearchService({ db: t.db, cacheSeconds: 60 });
    const answers = await Promise.all(
      [1, 2, 3, 4].map(() => service.search(query({ search: 'keeper', employment_type: 'Part-time' }), page)),
    );
    expect(answers[0]!.count).toBe(16);
    for (const answer of answers) expect(answer).toEqual(answers[0]);
    expect(service.cacheStats()).toMatchObject({ misses: 4, shared: 3 });
  });

  it('is keyed by every input: other pages and filters are not served from one entry', async () => {
    const service = createJobSearchService({ db: t.db, cacheSeconds: 60 });
    const one = await service.search(query({ search: 'lighthouse', page: '1' }), page);
    const two = await service.search(query({ search: 'lighthouse', page: '2' }), page);
    expect(two.results[0]!.id).not.toBe(one.results[0]!.id);
    const partTime = await service.search(query({ search: 'lighthouse', employment_type: 'Part-time' }), page);
    expect(partTime.count).toBe(16);
  });

  it('is switched on in the app (SEARCH_CACHE_SECONDS) and still shows an approval change at once', async () => {
    const owner = await createUser(t.db, { role: 'employer' });
    const company = await createCompany(t.db, owner.id, { isApproved: true });
    await createJob(t.db, company.id, { title: 'Cartographer of coastlines' });
    const search = async () => json<JobSearchResult>(await t.app.inject({ url: '/api/jobs/?search=cartographer' })).count;
    expect(await search()).toBe(1);
    expect(await search()).toBe(1);
    await t.db.update(companies).set({ isApproved: false }).where(eq(companies.id, company.id));
    expect(await search()).toBe(0);
  });
});

describe('the search cache and writes', () => {
  // A search, and what it leaves the cache doing after it is answered (its answer stored): the write a test makes next meets it kept.
  const ask = async (service: ReturnType<typeof createJobSearchService>, q: Record<string, string>) => {
    const answer = await service.search(query(q), page);
    await service.settled();
    return answer;
  };

  it('keeps the answers a write cannot change and drops at once those it can, in every process', async () => {
    const one = createJobSearchService({ db: t.db, cacheSeconds: 60 });
    const two = createJobSearchService({ db: t.db, cacheSeconds: 60 });
    const owner = await createUser(t.db, { role: 'employer' });
    const harbour = (await createCompany(t.db, owner.id, { isApproved: true })).id;
    const job = await createJob(t.db, harbour, { title: 'Quartermaster of sails', description: 'Mend the sails.' });
    const sails = await ask(one, { search: 'quartermaster' });
    const lighthouse = await ask(one, { search: 'lighthouse', company: String(companyId) });
    const browse = await ask(one, { company: String(harbour) });
    expect(await ask(two, { search: 'quartermaster' })).toEqual(sails);
    expect(sails.results.map((r) => r.title)).toEqual(['Quartermaster of sails']);

    // A job with none of their words: the answers with words are served from memory, the one without is not.
    let hits = one.cacheStats()!.hits;
    await createJob(t.db, harbour, { title: 'Rigging inspector', description: 'Check the ropes.' });
    expect(await ask(one, { search: 'quartermaster' })).toEqual(sails);
    expect(await ask(one, { search: 'lighthouse', company: String(companyId) })).toEqual(lighthouse);
    expect(one.cacheStats()!.hits).toBe(hits + 2);
    expect((await ask(one, { company: String(harbour) })).count).toBe(browse.count + 1);

    // How a job on a cached page shows changed (its words did not): the new title, at once, in both processes.
    await t.db.update(jobs).set({ title: 'Quartermaster of sails!' }).where(eq(jobs.id, job.id));
    expect((await ask(one, { search: 'quartermaster' })).results[0]!.title).toBe('Quartermaster of sails!');
    expect((await ask(two, { search: 'quartermaster' })).results[0]!.title).toBe('Quartermaster of sails!');

    // A new job with the words of a cached answer, even one that found nothing.
    expect((await ask(one, { search: 'sailmakr' })).count).toBe(0);
    hits = one.cacheStats()!.hits;
    expect((await ask(one, { search: 'sailmakr' })).count).toBe(0);
    expect(one.cacheStats()!.hits).toBe(hits + 1);
    await createJob(t.db, harbour, { title: 'Sailmakr apprentice' });
    expect((await ask(one, { search: 'sailmakr' })).results.map((r) => r.title)).toEqual(['Sailmakr apprentice']);

    // A closed job leaves every answer at once.
    await t.db.update(jobs).set({ status: 'closed' }).where(eq(jobs.id, job.id));
    expect((await ask(one, { search: 'quartermaster' })).count).toBe(0);
    expect((await ask(two, { search: 'quartermaster' })).count).toBe(0);
  });

  it('with staleness allowed, answers from memory without reading what changed, up to the bound, and reads ahead past a quarter of it', async () => {
    let clock = 1_000_000;
    const now = vi.spyOn(performance, 'now').mockImplementation(() => clock);
    try {
      const service = createJobSearchService({ db: t.db, cacheSeconds: 60, staleMs: 1_000 });
      const owner = await createUser(t.db, { role: 'employer' });
      const quay = (await createCompany(t.db, owner.id, { isApproved: true })).id;
      const malmo = { location: 'Malmö, Sweden' };
      await createJob(t.db, quay, { title: 'Harbour pilot', ...malmo });
      // The answer of a place outside ASCII is dropped by a job that may match it (PostgreSQL's case
      // folding of it is not told here); one word's is brought up to date.
      const pilots = async () => (await ask(service, { search: 'harbour pilot', location: 'malmö', company: String(quay) })).count;
      const word = async () => (await ask(service, { search: 'pilot', company: String(quay) })).results.map((r) => r.title);
      expect(await pilots()).toBe(1); // the first search reads (at 1,000,000)
      expect(await word()).toEqual(['Harbour pilot']);
      // Only the first waited for a catch-up (counted for the benchmark).
      expect(service.cacheStats()).toMatchObject({ waited: 1 });
      expect(service.cacheStats()!.catchUps).toBeGreaterThan(0);
      await createJob(t.db, quay, { title: 'Harbour pilot trainee', ...malmo });
      // 200 ms later: within the bound, below a quarter of it: from memory, and nothing read.
      clock += 200;
      expect(await pilots()).toBe(1);
      expect(await word()).toEqual(['Harbour pilot']);
      expect(service.cacheStats()).toMatchObject({ dropped: 0, updated: 0 });
      // 700 ms after the read: still from memory, but a read begins ahead (at 1,000,700): it drops
      // the place's answer and brings the word's up to date, the new job on its page read as the
      // catch-up ends (the word was asked for lately).
      clock += 500;
      expect(await pilots()).toBe(1);
      await vi.waitFor(() => expect(service.cacheStats()).toMatchObject({ dropped: 1, updated: 1, patched: 1 }));
      expect((await word()).sort()).toEqual(['Harbour pilot', 'Harbour pilot trainee']);
      // 1,000 ms after the first read: the dropped answer, right as of then, is still served at
      // once while it is computed again; a request 1 ms later must show the new job.
      clock += 300;
      expect(await pilots()).toBe(1);
      expect(service.cacheStats()!.stale).toBe(1);
      clock += 1;
      expect(await pilots()).toBe(2);
      // A write this process finished: the next search shows what was committed before it.
      await createJob(t.db, quay, { title: 'Harbour pilot boat engineer', ...malmo });
      service.noteWrite();
      expect(await pilots()).toBe(3);
    } finally {
      now.mockRestore();
    }
  });

  it('begins a read ahead past a quarter of the bound, sooner by as long as the last catch-up took', () => {
    expect(readAheadAge(500, 0)).toBe(125);
    expect(readAheadAge(500, 90)).toBe(35);
    expect(readAheadAge(500, 400)).toBe(0);
  });

  it('a request that may be answered as of when the catch-up under way began its read waits for that one alone', async () => {
    let clock = 3_000_000;
    const now = vi.spyOn(performance, 'now').mockImplementation(() => clock);
    try {
      const service = createJobSearchService({ db: t.db, cacheSeconds: 60, staleMs: 1_000 });
      const owner = await createUser(t.db, { role: 'employer' });
      const quay = (await createCompany(t.db, owner.id, { isApproved: true })).id;
      await createJob(t.db, quay, { title: 'Harbour pilot' });
      const pilots = async () => (await ask(service, { search: 'pilot', company: String(quay) })).count;
      expect(await pilots()).toBe(1);
      await createJob(t.db, quay, { title: 'Pilot boat skipper' });
      const before = service.cacheStats()!.catchUps;
      // Past the bound: the first request begins a catch-up; the second, arriving at the same
      // moment, may be answered as of its read and waits for it rather than for another after it.
      clock += 5_000;
      expect(await Promise.all([pilots(), pilots()])).toEqual([2, 2]);
      expect(service.cacheStats()!.catchUps - before).toBe(1);
      expect(service.cacheStats()).toMatchObject({ waited: 3 });
    } finally {
      now.mockRestore();
    }
  });

  it('does not keep an answer whose computation read a write the cache had not applied yet (it would count the job twice)', async () => {
    let clock = 2_000_000;
    const now = vi.spyOn(performance, 'now').mockImplementation(() => clock);
    try {
      const service = createJobSearchService({ db: t.db, cacheSeconds: 60, staleMs: 1_000 });
      const fresh = createJobSearchService({ db: t.db });
      const owner = await createUser(t.db, { role: 'employer' });
      const pier = (await createCompany(t.db, owner.id, { isApproved: true })).id;
      for (const title of ['Deckhand', 'Boatswain']) await createJob(t.db, pier, { title });
      const browse = { company: String(pier), page_size: '1' };
      await ask(service, { search: 'lighthouse' }); // the cache reads (at 2,000,000)
      // Written after that read: a search within the bound is computed without reading it, but its data holds it.
      await createJob(t.db, pier, { title: 'Net mender', postedAt: new Date(Date.now() - 10 * 86_400_000) });
      clock += 100;
      expect((await ask(service, browse)).count).toBe(3);
      // The write is read (after a write of this process) and applied to the kept answers.
      service.noteWrite();
      await ask(service, { search: 'lighthouse' });
      expect(await ask(service, browse)).toEqual(await fresh.search(query(browse), page));
    } finally {
      now.mockRestore();
    }
  });

  it('an answer with picked categories and skills is kept up to date: one no job has shows with 0, then counts the job that comes, then 0 again', async () => {
    const service = createJobSearchService({ db: t.db, cacheSeconds: 60 });
    const owner = await createUser(t.db, { role: 'employer' });
    const dock = (await createCompany(t.db, owner.id, { isApproved: true })).id;
    const [rope, sail] = [(await createCategory(t.db, 'Ropework')).id, (await createCategory(t.db, 'Sailmaking')).id];
    const splicing = (await createSkill(t.db, 'Splicing')).id;
    // In another category: the category facet (counted without the category filter) shows it; the skills facet does not.
    await createJob(t.db, dock, { title: 'Rigger', categoryIds: [rope], skillIds: [splicing] });
    // (The skill picked twice is listed once.)
    const asked = { category: String(sail), skills: `${splicing},${splicing}`, company: String(dock) };
    const fresh = () => createJobSearchService({ db: t.db }).search(query(asked), page);
    const none = await ask(service, asked);
    expect(none.count).toBe(0);
    expect(none.facets.category).toEqual([
      { value: String(rope), label: 'Ropework', count: 1 },
      { value: String(sail), label: 'Sailmaking', count: 0 },
    ]);
    expect(none.facets.skills).toEqual([{ value: String(splicing), label: 'Splicing', count: 0 }]);
    const job = await createJob(t.db, dock, { title: 'Sail rigger', categoryIds: [sail], skillIds: [splicing] });
    const one = await ask(service, asked);
    expect([one.count, one.results.map((r) => r.id)]).toEqual([1, [job.id]]);
    expect(one).toEqual(await fresh());
    await t.db.update(jobs).set({ status: 'closed' }).where(eq(jobs.id, job.id));
    const closed = await ask(service, asked);
    expect(closed).toEqual(none);
    expect(closed).toEqual(await fresh());
    // Brought up to date both times, never computed again: the second search waited for the read of
    // the job's summary for its page (a miss shared with that read).
    expect(service.cacheStats()).toMatchObject({ dropped: 0, updated: 2, patched: 1, misses: 2, shared: 1 });
  });

  it('an answer that found nothing (and no correction) gets a job posted with its words, its page read in the catch-up', async () => {
    // A skill no facet has shown yet: its name comes from the names the cache reads.
    const skill = await createSkill(t.db, 'Celestial navigation');
    const service = createJobSearchService({ db: t.db, cacheSeconds: 60 });
    const asked = { search: 'qwzxv', company: String(companyId) };
    const none = await ask(service, asked);
    expect([none.count, none.corrected_search]).toEqual([0, null]);
    const job = await createJob(t.db, companyId, { title: 'Qwzxv ferry captain', skillIds: [skill.id] });
    const after = await ask(service, asked);
    expect(after.results.map((r) => r.id)).toEqual([job.id]);
    expect(after.count).toBe(1);
    expect(after.facets.skills).toEqual([{ value: String(skill.id), label: 'Celestial navigation', count: 1 }]);
    expect(service.cacheStats()).toMatchObject({ dropped: 0, updated: 1, patched: 1 });
    // As a search computed afresh gives it.
    expect(after).toEqual(await createJobSearchService({ db: t.db }).search(query(asked), page));
  });

  it('an answer its filters leave empty (its words in public jobs) is kept while jobs with its words come; dropped when one that had them leaves', async () => {
    const service = createJobSearchService({ db: t.db, cacheSeconds: 60 });
    const owner = await createUser(t.db, { role: 'employer' });
    const port = (await createCompany(t.db, owner.id, { isApproved: true })).id;
    const asked = { search: 'harbour pilot', company: String(port), employment_type: 'Part-time' };
    const fresh = () => createJobSearchService({ db: t.db }).search(query(asked), page);
    const first = await createJob(t.db, port, { title: 'Harbour pilot', employmentType: 'Full-time' });
    const none = await ask(service, asked);
    expect([none.count, none.corrected_search]).toEqual([0, null]);
    // Its words, not its filter: still nothing, the type's count grows, and no correction is offered.
    await createJob(t.db, port, { title: 'Harbour pilot trainee', employmentType: 'Full-time' });
    const still = await ask(service, asked);
    expect(still.count).toBe(0);
    expect(still.facets.employment_type.find((f) => f.value === 'Full-time')?.count).toBe(2);
    expect(still).toEqual(await fresh());
    expect(service.cacheStats()).toMatchObject({ dropped: 0, updated: 1 });
    // A public job with the words closes: a word could now be in no public job (then corrected), so computed again.
    await t.db.update(jobs).set({ status: 'closed' }).where(eq(jobs.id, first.id));
    expect(await ask(service, asked)).toEqual(await fresh());
    expect(service.cacheStats()!.dropped).toBe(1);
  });

  it('a relevance page past the last match is kept up to date: a job coming fills it from the candidates', async () => {
    const service = createJobSearchService({ db: t.db, cacheSeconds: 60 });
    const owner = await createUser(t.db, { role: 'employer' });
    const quay = (await createCompany(t.db, owner.id, { isApproved: true })).id;
    const asked = { search: 'quay clerk', company: String(quay), page: '2', page_size: '2' };
    const fresh = () => createJobSearchService({ db: t.db }).search(query(asked), page);
    await createJob(t.db, quay, { title: 'Quay clerk' });
    await createJob(t.db, quay, { title: 'Quay clerk, mornings' });
    const empty = await ask(service, asked);
    expect([empty.count, empty.results]).toEqual([2, []]);
    const third = await createJob(t.db, quay, { title: 'Quay clerk, evenings', description: 'The quay clerk of the evening quay.' });
    const after = await ask(service, asked);
    expect(after.count).toBe(3);
    expect(after.results).toHaveLength(1);
    expect(after.results[0]!.id).not.toBe(third.id);
    expect(after).toEqual(await fresh());
    expect(service.cacheStats()).toMatchObject({ dropped: 0, updated: 1, patched: 1 });
  });

  it('later pages newest first and best paid first shift with the jobs kept around them, with no computing again', async () => {
    const service = createJobSearchService({ db: t.db, cacheSeconds: 60 });
    const owner = await createUser(t.db, { role: 'employer' });
    const yard = (await createCompany(t.db, owner.id, { isApproved: true })).id;
    const made = [];
    for (let i = 0; i < 8; i++) {
      made.push(
        await createJob(t.db, yard, {
          title: `Rigger ${i}`,
          salaryMin: 30_000 + i * 1_000,
          postedAt: new Date(Date.now() - (10 - i) * 3_600_000),
        }),
      );
    }
    const searches: Array<Record<string, string>> = [
      { company: String(yard), sort: 'newest', page: '2', page_size: '3' },
      { company: String(yard), sort: 'salary', page: '2', page_size: '3' },
      { search: 'rigger', company: String(yard), sort: 'newest', page: '3', page_size: '3' },
    ];
    const check = async () => {
      for (const q of searches)
        expect(await ask(service, q), JSON.stringify(q)).toEqual(await createJobSearchService({ db: t.db }).search(query(q), page));
    };
    await check();
    // A new job, newest and best paid: every page shifts by one.
    await createJob(t.db, yard, { title: 'Rigger, new', salaryMin: 90_000 });
    await check();
    // A job of the first page closes: they shift back.
    await t.db.update(jobs).set({ status: 'closed' }).where(eq(jobs.id, made[7]!.id));
    await check();
    // A job on the second page closes.
    await t.db.update(jobs).set({ status: 'closed' }).where(eq(jobs.id, made[4]!.id));
    await check();
    expect(service.cacheStats()).toMatchObject({ dropped: 0 });
    expect(service.cacheStats()!.updated).toBeGreaterThanOrEqual(6);
  });

  it("a phrase's answer is kept up to date: a job counts when its words stand as the phrase asks, before and after each change", async () => {
    const service = createJobSearchService({ db: t.db, cacheSeconds: 60 });
    const owner = await createUser(t.db, { role: 'employer' });
    const wharf = (await createCompany(t.db, owner.id, { isApproved: true })).id;
    const asked = { search: '"tide clerk"', company: String(wharf) };
    const fresh = () => createJobSearchService({ db: t.db }).search(query(asked), page);
    const first = await createJob(t.db, wharf, { title: 'Tide clerk, nights', description: 'Log the tide for the harbour.' });
    expect((await ask(service, asked)).count).toBe(1);
    const matching = await createJob(t.db, wharf, { title: 'Tide clerk', description: 'Days.' });
    await createJob(t.db, wharf, { title: 'Clerk of the tide', description: 'Both words, not as the phrase.' });
    const two = await ask(service, asked);
    expect(two.results.map((r) => r.id).sort()).toEqual([first.id, matching.id].sort());
    expect(two).toEqual(await fresh());
    // The words moved apart: it leaves; moved back together: it comes again.
    await t.db.update(jobs).set({ title: 'Tide desk clerk' }).where(eq(jobs.id, matching.id));
    expect((await ask(service, asked)).count).toBe(1);
    await t.db.update(jobs).set({ title: 'Tide clerk' }).where(eq(jobs.id, matching.id));
    expect(await ask(service, asked)).toEqual(await fresh());
    expect((await ask(service, asked)).count).toBe(2);
    await t.db.update(jobs).set({ status: 'closed' }).where(eq(jobs.id, first.id));
    expect(await ask(service, asked)).toEqual(await fresh());
    // Never dropped: each change reaching it was worked out (a page with a new job waited for its summary, not a search).
    const stats = service.cacheStats()!;
    expect(stats.dropped).toBe(0);
    expect(stats.updated).toBeGreaterThanOrEqual(4);
  });

  it('a corrected search is kept up to date for the text it shows, and dropped when a job gains the word as asked', async () => {
    const service = createJobSearchService({ db: t.db, cacheSeconds: 60 });
    const asked = { search: 'lighthuose', company: String(companyId) };
    const corrected = await ask(service, asked);
    expect(corrected.corrected_search).toBe('lighthouse');
    // A job with the corrected word: it comes to the answer without computing it again.
    const keeper = await createJob(t.db, companyId, { title: 'Lighthouse keeper, night shift' });
    const more = await ask(service, asked);
    expect(more.corrected_search).toBe('lighthouse');
    expect(more.count).toBe(corrected.count + 1);
    expect(more.results.map((r) => r.id)).toContain(keeper.id);
    // Computed once: the second request waited for the catch-up that read the page's new job.
    const stats = service.cacheStats()!;
    expect(stats).toMatchObject({ dropped: 0, updated: 1, patched: 1 });
    expect(stats.misses - stats.shared).toBe(1);
    expect(more).toEqual(await createJobSearchService({ db: t.db }).search(query(asked), page));
    // A job with the word as typed changes the correction: computed again.
    await createJob(t.db, companyId, { title: 'Lighthuose archivist' });
    const after = await ask(service, { search: 'lighthuose', company: String(companyId) });
    expect(after.corrected_search).toBeNull();
    expect(after.results.map((r) => r.title)).toEqual(['Lighthuose archivist']);
  });

  it('an answer whose query needs no word is dropped by any new job; one with words only by a job that may match them all', async () => {
    const service = createJobSearchService({ db: t.db, cacheSeconds: 60 });
    const owner = await createUser(t.db, { role: 'employer' });
    const dock = (await createCompany(t.db, owner.id, { isApproved: true })).id;
    await createJob(t.db, dock, { title: 'Crane operator' });
    const before = await ask(service, { search: '-zebra', company: String(dock) });
    expect(before.count).toBe(1);
    await createJob(t.db, dock, { title: 'Forklift driver' });
    expect((await ask(service, { search: '-zebra', company: String(dock) })).count).toBe(2);

    // Two words: a job with one of them cannot change the answer, a job with both does, at once.
    const both = await ask(service, { search: 'crane forklift', company: String(dock) });
    const excluding = await ask(service, { search: 'crane -forklift', company: String(dock) });
    expect([both.count, excluding.count]).toEqual([0, 1]);
    const hits = service.cacheStats()!.hits;
    await createJob(t.db, dock, { title: 'Forklift trainer' });
    expect(await ask(service, { search: 'crane forklift', company: String(dock) })).toEqual(both);
    expect(await ask(service, { search: 'crane -forklift', company: String(dock) })).toEqual(excluding);
    expect(service.cacheStats()!.hits).toBe(hits + 2);
    await createJob(t.db, dock, { title: 'Crane and forklift mechanic' });
    expect((await ask(service, { search: 'crane forklift', company: String(dock) })).count).toBe(1);
    // The excluded word rules nothing out: a job with crane, with or without forklift, reaches it.
    await createJob(t.db, dock, { title: 'Crane rigger' });
    expect((await ask(service, { search: 'crane -forklift', company: String(dock) })).count).toBe(2);
  });

  it("reads a query's lexemes and terms as the search sees them, on this PostgreSQL", async () => {
    expect(await queryLexemes(t.db, 'the "product managers" or Rust')).toEqual({
      lexemes: ['product', 'manag', 'rust'],
      terms: { or: [{ phrase: ['product', 'manag'], gaps: [1] }, 'rust'] },
      phrase: true,
    });
    expect(await queryLexemes(t.db, 'python -java')).toStrictEqual({
      lexemes: ['python', 'java'],
      terms: { and: ['python', { not: 'java' }] },
    });
    // A hyphenated word is searched as a phrase of its parts.
    expect((await queryLexemes(t.db, 'e-mail')).phrase).toBe(true);
    // (PostgreSQL 15 reads it as a phrase, 18 as two words: either way a job needs both.)
    const oneil = await queryLexemes(t.db, "o'neil's");
    expect(oneil.lexemes).toEqual(['o', 'neil']);
    expect([mayMatch(oneil.terms!, new Set(['o', 'neil'])), mayMatch(oneil.terms!, new Set(['neil']))]).toEqual([true, false]);
    // A stop word inside a phrase leaves its place: the next word stands two on.
    expect(await queryLexemes(t.db, '"data for science" engineer')).toEqual({
      lexemes: ['data', 'scienc', 'engin'],
      terms: { and: [{ phrase: ['data', 'scienc'], gaps: [2] }, 'engin'] },
      phrase: true,
    });
    expect(await queryLexemes(t.db, 'the and')).toEqual({ lexemes: [], terms: null });
  });

  it('tells whether a phrase matches from where the words stand, as PostgreSQL does, on this PostgreSQL', async () => {
    const owner = await createUser(t.db, { role: 'employer' });
    const co = (await createCompany(t.db, owner.id, { isApproved: true })).id;
    const titles = [
      'Senior data analyst',
      'Analyst of data, senior',
      'Data and science lead',
      'Science data steward',
      'E-mail marketing manager',
      'Marketing by e-mail',
      "O'Neil's data science team",
      'Data for science engineer',
    ];
    const ids: number[] = [];
    for (const title of titles) ids.push((await createJob(t.db, co, { title, description: 'The team works from Ghent, data first.' })).id);
    const texts = [
      '"data analyst"',
      '"senior data analyst"',
      '"analyst data"',
      '"data for science"',
      '"data science"',
      '"e-mail marketing"',
      'e-mail',
      "o'neil's",
      '"science data" -lead',
      '"data analyst" or "science team"',
      '"works from ghent"',
      '"ghent data"',
    ];
    const told = { true: 0, false: 0 };
    for (const text of texts) {
      const { terms } = await queryLexemes(t.db, text);
      const rows = await queryRows<{ id: number; vector: string; lexemes: string[]; matches: boolean }>(
        t.db,
        sql`select id, search_vector::text as vector, tsvector_to_array(search_vector) as lexemes,
                   search_vector @@ websearch_to_tsquery('english', ${text}) as matches
              from job_search where id = any(${sql.param(ids)}::integer[])`,
      );
      for (const row of rows) {
        expect(
          matchesTerms(terms!, new Set(row.lexemes), () => positionsOf(row.vector)),
          `${text} on job ${row.id}`,
        ).toBe(row.matches);
        told[`${row.matches}`]++;
      }
    }
    expect(told.true).toBeGreaterThan(10);
    expect(told.false).toBeGreaterThan(10);
  });

  it('every write records what it changed (search_changes): each job, with its lexemes when what it matches may change', async () => {
    const owner = await createUser(t.db, { role: 'employer' });
    const fleet = (await createCompany(t.db, owner.id, { isApproved: true })).id;
    const since = (await readSearchChanges(t.db, undefined)).version;
    const job = await createJob(t.db, fleet, { title: 'Bosun', description: 'Keep the deck.' });
    await t.db.update(jobs).set({ title: 'Bosun!' }).where(eq(jobs.id, job.id)); // the same words
    await t.db.update(jobs).set({ isRemote: true }).where(eq(jobs.id, job.id)); // a filter
    await t.db.update(jobs).set({ status: 'closed' }).where(eq(jobs.id, -1)); // no row: no version
    await t.db.insert(jobs).values(
      [1, 2].map((i) => ({
        companyId: fleet,
        title: `Deckhand ${i}`,
        description: 'Ropes.',
        location: 'Oslo, Norway',
        employmentType: 'Contract' as const,
        experienceLevel: 'Entry level' as const,
      })),
    );
    await t.db.delete(jobs).where(eq(jobs.id, job.id));
    const { version, changes } = await readSearchChanges(t.db, since);
    expect(version).toBe(since + 5);
    const seen = changes!.map((c) => [
      c.version - since,
      c.jobId === job.id ? 'bosun' : 'deckhand',
      c.lexemes && c.lexemes.includes('bosun'),
    ]);
    expect(seen).toEqual([
      [1, 'bosun', true],
      [2, 'bosun', null],
      [3, 'bosun', true],
      [4, 'deckhand', false],
      [4, 'deckhand', false],
      [5, 'bosun', true],
    ]);
    // A company write names no job: every cached answer goes.
    await t.db.update(companies).set({ name: 'Fleet Renamed' }).where(eq(companies.id, fleet));
    const later = await readSearchChanges(t.db, version);
    expect(later.changes!.some((c) => c.jobId === null)).toBe(true);
    // Too far behind to read: no changes, the caches start again.
    expect((await readSearchChanges(t.db, version, 0)).changes).toBeNull();
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

describe("reading the jobs of several answers' pages (findPageSummaries)", () => {
  it('reads each ask its jobs in one statement, each with the snippet of its own words, and leaves out jobs that are gone', async () => {
    const description =
      'You will keep the lamp lit through winter storms. Our harbour pilots guide ships past the rocks. Every keeper writes the weather log at dawn.';
    const lamp = await createJob(t.db, companyId, { title: 'Harbour lamp keeper', description });
    const other = await createJob(t.db, companyId, { title: 'Harbour pilot', description: 'Pilots guide ships into the harbour.' });
    const asks = [
      { ids: [lamp.id, other.id], text: 'pilots' },
      { ids: [lamp.id], text: 'weather' },
      { ids: [lamp.id, 999_999_999], text: null },
      { ids: [], text: 'pilots' },
    ];
    const pages = await findPageSummaries(t.db, asks);
    expect(pages.map((p) => [...p.keys()])).toEqual([[lamp.id, other.id], [lamp.id], [lamp.id], []]);
    const snippetOf = (i: number, id: number) => pages[i]!.get(id)!.snippet as Snippet;
    // The matched words' passage, highlighted, for each ask's words.
    expect(snippetOf(0, lamp.id).text).toContain('Our harbour pilots guide ships');
    expect(snippetOf(0, lamp.id).highlights.length).toBeGreaterThan(0);
    expect(snippetOf(1, lamp.id).text).toContain('weather log');
    // Without words: the opening, nothing highlighted.
    expect(snippetOf(2, lamp.id).text.startsWith('You will keep the lamp lit')).toBe(true);
    expect(snippetOf(2, lamp.id).highlights).toEqual([]);
    expect(pages[0]!.get(lamp.id)).toMatchObject({ title: 'Harbour lamp keeper', companyId });
    expect(await findPageSummaries(t.db, [])).toEqual([]);
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
    // The ranked candidates come with the next 16 newest matches (spares), and whether they are every match.
    const scan = await findJobPage(t.db, { ...base, text: 'beacon' }, 'scan');
    expect([scan.candidates!.length, scan.everyMatch]).toEqual([216, false]);
    // A slice may leave older matches out, however few it read.
    expect((await findJobPage(t.db, { ...base, text: 'beacon' }, { slice: all - 30 }))!.everyMatch).toBe(false);
    const few = await findJobPage(t.db, { ...base, text: 'lighthouse' }, 'scan');
    const { count } = await createJobSearchService({ db: t.db }).search(query({ search: 'lighthouse' }), page);
    expect([few.candidates!.length, few.everyMatch]).toEqual([count, true]);
  });

  it('a relevance answer past 200 matches keeps spares: a candidate leaving lets the newest spare in, with no computing again', async () => {
    const owner = await createUser(t.db, { role: 'employer' });
    const pier = (await createCompany(t.db, owner.id, { isApproved: true })).id;
    const wardens = [];
    // 220 matches, oldest first; two (the 101st and the 20th oldest) rank above the rest.
    for (let i = 0; i < 220; i++) {
      const description = i === 100 || i === 19 ? 'Warden of the pier, warden of the tides: a warden.' : 'Keeps the pier.';
      wardens.push(
        await createJob(t.db, pier, { title: `Pier warden ${i}`, description, postedAt: new Date(Date.now() - (220 - i) * 60_000) }),
      );
    }
    const service = createJobSearchService({ db: t.db, cacheSeconds: 60 });
    const asked = { search: 'warden', company: String(pier) };
    const fresh = () => createJobSearchService({ db: t.db }).search(query(asked), page);
    const ask = () => service.search(query(asked), page);
    const first = await ask();
    await service.settled();
    expect([first.count, first.results[0]!.id]).toEqual([220, wardens[100]!.id]);
    // The three newest close: the spares of the 20th, 19th and 18th oldest become candidates; the 20th ranks second.
    for (const i of [219, 218, 217]) await t.db.update(jobs).set({ status: 'closed' }).where(eq(jobs.id, wardens[i]!.id));
    const after = await ask();
    expect(after.results.slice(0, 2).map((r) => r.id)).toEqual([wardens[100]!.id, wardens[19]!.id]);
    expect(after).toEqual(await fresh());
    // Each close brought the kept answer up to date (the first left its page to read, and the next
    // two reached it while it waited), one read completed it, and the second search waited for that
    // read (a miss shared with it), not for a computation.
    expect(service.cacheStats()).toMatchObject({ dropped: 0, updated: 3, patched: 1, misses: 2, shared: 1 });
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
    expect((await queryLexemes(t.db, '"Product managers" -remote or Berlin')).lexemes.sort()).toEqual([
      'berlin',
      'manag',
      'product',
      'remot',
    ]);
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
