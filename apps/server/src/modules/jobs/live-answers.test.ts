import { eq, sql } from 'drizzle-orm';
import { jobSearchQuery, type JobSearchResult } from '@jobportal/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../../db/schema';
import { createCategory, createCompany, createJob, createSkill, createUser } from '../../db/seed/factories';
import { createRandom, pick, pickSome } from '../../db/seed/job-text';
import { createTestApp, type TestApp } from '../../test/harness';
import { rankChangedJobs, readSearchChanges } from './job-search.repository';
import { createJobSearchService, type JobSearchOptions } from './job-search.service';
import {
  applyChange,
  candidatesOf,
  facetLimits,
  gateOf,
  rankWanted,
  relevanceOrder,
  sortsBefore,
  type LiveAnswer,
  type LiveCounts,
  type LiveCriteria,
  type SearchRow,
} from './live-answers';

let t: TestApp;
let companies: number[];
let categories: number[];
let skills: number[];

const words = ['falconer', 'tinsmith', 'cooper', 'glazier', 'wheelwright', 'chandler', 'thatcher', 'farrier'];
// More places than a facet lists (12), some far more common than others: the list leaves some out.
const places = [
  'Lisbon, Portugal',
  'Porto, Portugal',
  'Lyon, France',
  'Ghent, Belgium',
  'Turin, Italy',
  'Braga, Portugal',
  'Nantes, France',
  'Bruges, Belgium',
  'Genoa, Italy',
  'Faro, Portugal',
  'Lille, France',
  'Liege, Belgium',
  'Parma, Italy',
  'Evora, Portugal',
  'Dijon, France',
];
const somePlace = (random: () => number) => places[Math.floor(random() * random() * places.length)]!;
const types = ['Full-time', 'Part-time', 'Contract', 'Internship'] as const;
const levels = ['Entry level', 'Mid level', 'Senior level'] as const;
const dayMs = 86_400_000;

beforeAll(async () => {
  t = await createTestApp();
  companies = [];
  for (let i = 0; i < 2; i++) {
    const owner = await createUser(t.db, { role: 'employer' });
    companies.push((await createCompany(t.db, owner.id, { isApproved: true })).id);
  }
  categories = [(await createCategory(t.db, 'Crafts')).id, (await createCategory(t.db, 'Trades')).id];
  skills = [
    (await createSkill(t.db, 'Soldering')).id,
    (await createSkill(t.db, 'Joinery')).id,
    (await createSkill(t.db, 'Glassblowing')).id,
  ];
});
afterAll(() => t?.close());

const page = (results: JobSearchResult['results'], count: number) => ({ results, count, next: null, previous: null });

/** A job with random words and fields (all of them things the searches below filter, sort or count by). */
function randomJob(random: () => number) {
  const title = `${pick(random, words)} ${pick(random, words)}`;
  const salary = random() < 0.8 ? 20_000 + Math.floor(random() * 8) * 5_000 : null;
  return {
    companyId: pick(random, companies),
    title,
    description: `${title} wanted. ${pickSome(random, words, 2).join(' and ')} welcome.`,
    location: somePlace(random),
    isRemote: random() < 0.3,
    salaryMin: salary,
    salaryMax: salary === null || random() < 0.3 ? null : salary + 10_000,
    currency: random() < 0.85 ? 'EUR' : 'GBP',
    employmentType: pick(random, types),
    experienceLevel: pick(random, levels),
    categoryIds: pickSome(random, categories, Math.floor(random() * 3)),
    skillIds: pickSome(random, skills, Math.floor(random() * 4)),
    postedAt: new Date(Date.now() - Math.floor(random() * 40) * dayMs - Math.floor(random() * 1000)),
  };
}

/** Searches of every kind the cache keeps up to date (corrected ones, categories and skills too), and a few it does not (phrases). */
function searches(): Array<Record<string, string>> {
  const list: Array<Record<string, string>> = [
    { search: 'cooper', page_size: '5' },
    { search: 'cooper', page_size: '5', page: '2' },
    { search: 'glazier', sort: 'newest', page_size: '4' },
    { search: 'glazier', sort: 'salary', page_size: '4' },
    { search: 'tinsmith', sort: 'salary', page_size: '3', page: '2' },
    { search: 'farrier or thatcher', page_size: '6' },
    { search: 'wheelwright -chandler', page_size: '5' },
    { search: 'falconer chandler', page_size: '5' },
    { search: 'cooper', location: 'portugal', page_size: '5' },
    { search: 'glazier', is_remote: 'true', page_size: '5' },
    { search: 'tinsmith', employment_type: 'Contract', experience_level: 'Senior level', page_size: '5' },
    { search: 'chandler', salary_min: '30000', currency: 'EUR', page_size: '5' },
    { search: 'thatcher', posted_within: '7', page_size: '5' },
    { search: '"cooper wanted"', page_size: '5' },
    { search: 'farrier', category: String(categories[0]), page_size: '5' },
    { skills: String(skills[0]), page_size: '5' },
    { search: 'cooper', skills: `${skills[1]},${skills[2]}`, sort: 'salary', page_size: '4' },
    { category: `${categories[0]},${categories[1]}`, employment_type: 'Full-time', page_size: '5', page: '2' },
    // Corrected to "cooper glazier" (its answer kept up to date for that text), and stop words only (searched without).
    { search: 'coopr glazer', page_size: '5' },
    { search: 'the and', sort: 'newest', page_size: '5' },
    { page_size: '5' },
    { sort: 'salary', page_size: '5' },
    { sort: 'newest', page_size: '5', page: '2' },
    { sort: 'newest', page_size: '5', page: '3' },
    { location: 'lyon', page_size: '5' },
    { company: String(companies[1]), salary_max: '40000', currency: 'EUR', page_size: '5' },
    { page_size: '5', page: '40' },
  ];
  return list;
}

/** One write of a kind a job board makes: new jobs, edits of every field, closes, reopenings, reposts, deletions. */
async function randomWrite(random: () => number, ids: number[]): Promise<string> {
  const roll = random();
  const id = pick(random, ids);
  const set = (values: Parameters<ReturnType<typeof t.db.update<typeof jobs>>['set']>[0]) =>
    t.db.update(jobs).set(values).where(eq(jobs.id, id));
  if (roll < 0.3 || ids.length < 5) {
    const job = await createJob(t.db, pick(random, companies), { ...randomJob(random), postedAt: new Date() });
    ids.push(job.id);
    return `new ${job.id}`;
  }
  if (roll < 0.4) {
    await set({ title: sql`${jobs.title} || '.'` });
    return `title ${id}`;
  }
  if (roll < 0.5) {
    const fresh = randomJob(random);
    await set({ title: fresh.title, description: fresh.description });
    return `words ${id}`;
  }
  if (roll < 0.6) {
    const fresh = randomJob(random);
    await set({
      location: fresh.location,
      isRemote: fresh.isRemote,
      employmentType: fresh.employmentType,
      experienceLevel: fresh.experienceLevel,
    });
    return `filters ${id}`;
  }
  if (roll < 0.68) {
    const fresh = randomJob(random);
    await set({ salaryMin: fresh.salaryMin, salaryMax: fresh.salaryMax, currency: fresh.currency });
    return `pay ${id}`;
  }
  if (roll < 0.74) {
    const fresh = randomJob(random);
    await set({ categoryIds: fresh.categoryIds, skillIds: fresh.skillIds });
    return `taxonomy ${id}`;
  }
  if (roll < 0.86) {
    await set({ status: 'closed' });
    return `close ${id}`;
  }
  if (roll < 0.93) {
    await set({ status: 'open', applicationDeadline: null });
    return `reopen ${id}`;
  }
  if (roll < 0.95) {
    await set({ applicationDeadline: '2020-01-01' });
    return `deadline ${id}`;
  }
  if (roll < 0.97) {
    // Posted again (a script bumping it): it moves to the top of the newest first.
    await set({ postedAt: new Date() });
    return `repost ${id}`;
  }
  await t.db.delete(jobs).where(eq(jobs.id, id));
  ids.splice(ids.indexOf(id), 1);
  return `delete ${id}`;
}

describe('cached answers kept up to date on each write', () => {
  it('records each job search row before and after a change that can alter what it matches', async () => {
    const since = (await readSearchChanges(t.db, undefined)).version;
    const job = await createJob(t.db, companies[0]!, { title: 'Cooper', location: 'Ghent, Belgium', salaryMin: 30_000 });
    await t.db.update(jobs).set({ isRemote: true }).where(eq(jobs.id, job.id));
    await t.db.update(jobs).set({ title: 'Cooper!' }).where(eq(jobs.id, job.id));
    await t.db.delete(jobs).where(eq(jobs.id, job.id));
    const { changes } = await readSearchChanges(t.db, since);
    const [created, remote, retitled, deleted] = changes!;
    expect(created!.rows).toMatchObject({
      before: null,
      after: { location: 'Ghent, Belgium', isRemote: false, salaryMin: 30_000, isOpen: true, companyApproved: true },
    });
    expect(created!.rows!.after!.lexemes).toEqual(expect.arrayContaining(['cooper', 'ghent']));
    expect(created!.lexemes).toEqual(created!.rows!.after!.lexemes);
    expect(created!.rows!.after!.postedUs).toBe(job.postedAt.getTime() * 1000 + (created!.rows!.after!.postedUs % 1000));
    expect(remote!.rows).toMatchObject({ before: { isRemote: false }, after: { isRemote: true } });
    // Both rows carry the vector, with where each word stands (a phrase is told from it: migration 0027).
    expect([remote!.rows!.before!.vector, remote!.rows!.after!.vector]).toEqual([
      expect.stringMatching(/'cooper':\d/),
      expect.stringMatching(/'cooper':\d/),
    ]);
    // The job's new row ranks against a query as a relevance page ranks it.
    const [cooper, glazier, gone] = await rankChangedJobs(t.db, [
      { version: created!.version, jobId: job.id, text: 'cooper' },
      { version: created!.version, jobId: job.id, text: 'glazier' },
      { version: created!.version, jobId: job.id + 1, text: 'cooper' },
    ]);
    expect([cooper! > 0, glazier, gone]).toEqual([true, 0, undefined]);
    // Only how it shows changed: no rows (the answers showing it are dropped).
    expect(retitled!.rows).toBeUndefined();
    expect(deleted!.rows).toMatchObject({ before: { isRemote: true }, after: null });
  });

  it('shows a job moving onto a later page as the page before showed it, without reading it again', async () => {
    const make = (hoursAgo: number) =>
      createJob(t.db, companies[0]!, {
        ...randomJob(createRandom(hoursAgo)),
        title: `Bellfounder ${hoursAgo}`,
        postedAt: new Date(Date.now() - hoursAgo * 3_600_000),
      });
    for (let hours = 1; hours <= 6; hours++) await make(hours);
    const cached = createJobSearchService({ db: t.db, cacheSeconds: 600 });
    const fresh = createJobSearchService({ db: t.db });
    const asked = ['1', '2'].map((n) => jobSearchQuery.parse({ search: 'bellfounder', sort: 'newest', page_size: '3', page: n }));
    // The first page kept first: a change visits the answers it reaches in the order they were kept.
    const before = [await cached.search(asked[0]!, page)];
    await cached.settled();
    before.push(await cached.search(asked[1]!, page));
    await cached.settled();
    const reads = cached.cacheStats()!.pageReads;
    const job = await make(0);
    const after = [await cached.search(asked[0]!, page), await cached.search(asked[1]!, page)];
    await cached.settled();
    for (const [i, q] of asked.entries()) expect(after[i]).toEqual(await fresh.search(q, page));
    // The new job comes first; the first page's last job moves onto the second page.
    expect(after[0]!.results.map((r) => r.id)).toEqual([job.id, ...before[0]!.results.slice(0, 2).map((r) => r.id)]);
    expect(after[1]!.results[0]).toEqual(before[0]!.results[2]);
    // Only the first page was read (for the new job): the second shows the moved job as the first page did.
    const stats = cached.cacheStats()!;
    expect(stats.pageReads - reads).toBe(1);
    expect(stats.updated).toBeGreaterThanOrEqual(2);
    // The second page now follows that job: retitled with the same words (a change to how it shows,
    // which reaches only the answers whose page shows it), it shows the new title.
    const movedJob = before[0]!.results[2]!;
    await t.db
      .update(jobs)
      .set({ title: `${movedJob.title}!` })
      .where(eq(jobs.id, movedJob.id));
    const retitled = await cached.search(asked[1]!, page);
    expect(retitled.results[0]!.title).toBe(`${movedJob.title}!`);
    expect(retitled).toEqual(await fresh.search(asked[1]!, page));
  });

  const variants: Array<[string, Partial<JobSearchOptions> & { together?: boolean }]> = [
    ['exact counts', {}],
    ['counts estimated from the 1-in-16 sample', { estimateAbove: 16, coarseEstimateAbove: 1_000_000 }],
    ['counts estimated from the 1-in-128 sample', { estimateAbove: 64, coarseEstimateAbove: 100 }],
    // Every search asked at once, and each catch-up letting the others in after every answer it
    // brings up to date: computations, page reads and catch-ups interleave.
    ['searches asked together, catch-ups in the smallest slices', { catchUpSliceMs: 0, together: true }],
  ];
  it.each(variants)(
    'give, after every kind of write, what a search computed afresh gives (%s)',
    async (_name, { together = false, ...options }) => {
      const random = createRandom(options.estimateAbove ?? (together ? 9 : 5));
      const ids: number[] = [];
      // Enough jobs that ids fill both samples (multiples of 16 and of 128).
      for (let i = 0; i < 140; i++) ids.push((await createJob(t.db, pick(random, companies), randomJob(random))).id);
      const cached = createJobSearchService({ db: t.db, cacheSeconds: 600, ...options });
      const fresh = createJobSearchService({ db: t.db, ...options });
      const asked = searches().map((q) => jobSearchQuery.parse(q));
      const check = async (step: string) => {
        const kept = together ? await Promise.all(asked.map((q) => cached.search(q, page))) : [];
        for (const [i, q] of asked.entries()) {
          const answer = together ? kept[i] : await cached.search(q, page);
          expect(answer, `${step}: ${JSON.stringify(q)}`).toEqual(await fresh.search(q, page));
        }
        // The answers computed are stored (after a catch-up each) before the next writes come.
        await cached.settled();
      };
      await check('first');
      // One to three writes between searches: an answer a write left waiting for its page's jobs is
      // reached by the next writes before it is read.
      for (let step = 0; step < 45; step++) {
        const writes: string[] = [];
        for (let n = 0; n <= step % 3; n++) writes.push(await randomWrite(random, ids));
        await check(writes.join('; '));
      }
      const stats = cached.cacheStats()!;
      // Many answers a write reached were brought up to date rather than computed again.
      expect(stats.updated).toBeGreaterThan((stats.updated + stats.dropped) / 3);
      expect(stats.dropped).toBeGreaterThan(0);
      // Some were brought up to date with a page read again (a job entering it, or shown on it and edited).
      expect(stats.patched).toBeGreaterThan(0);
    },
    120_000,
  );
});

describe('applyChange (worked out without a database)', () => {
  const today = '2026-11-27';
  const nowUs = Date.UTC(2026, 10, 27, 12) * 1000;
  const row = (over: Partial<SearchRow> = {}): SearchRow => ({
    companyId: 1,
    salaryMin: null,
    salaryMax: null,
    currency: 'EUR',
    postedUs: nowUs - 1_000_000,
    deadline: null,
    isOpen: true,
    companyApproved: true,
    isRemote: false,
    employmentType: 'Full-time',
    experienceLevel: 'Mid level',
    location: 'Ghent',
    categoryIds: [],
    skillIds: [],
    lexemes: ['cooper'],
    ...over,
  });
  const counts = (over: Partial<LiveCounts> = {}): LiveCounts => ({
    coarse: { scanned: 0, total: 0 },
    fine: { scanned: 0, total: 0 },
    facetEvery: 1,
    facets: [{ facet: 'location', value: 'Ghent', label: 'Ghent', count: 40 }],
    spares: [],
    unlisted: { location: null, skills: null },
    exact: 40,
    ...over,
  });
  const answer = (over: Partial<LiveAnswer> = {}, criteria: Partial<LiveCriteria> = {}): LiveAnswer => ({
    criteria: { terms: 'cooper', text: 'cooper', today, sort: 'newest', offset: 0, limit: 2, ...criteria },
    page: [
      { id: 900, postedUs: nowUs - 10, salaryKey: null, rank: 0 },
      { id: 800, postedUs: nowUs - 20, salaryKey: null, rank: 0 },
    ],
    candidates: null,
    counts: counts(),
    ...over,
  });
  const options = { labelOf: () => undefined, thresholds: { fineFrom: 2000, coarseFrom: 25_000 }, nowUs };
  const coming = (id: number, over: Partial<SearchRow> = {}) => ({ jobId: id, before: null, after: row(over) });
  const leaving = (id: number, over: Partial<SearchRow> = {}) => ({ jobId: id, before: row(over), after: null });
  const byValue = (a: { value: string }, b: { value: string }) => (a.value < b.value ? -1 : a.value > b.value ? 1 : 0);

  it('counts a job that comes or leaves after the page, puts one coming on the first page in its place, and gives up on one leaving it', () => {
    const older = applyChange(answer(), coming(5), options);
    expect(older?.counts.exact).toBe(41);
    expect(applyChange(answer(), leaving(5), options)?.counts.exact).toBe(39);
    // Newer than the page's last: on the first page it takes its place and pushes the last to the
    // next page; a later page would gain a job of the page before it.
    const entered = applyChange(answer(), coming(5, { postedUs: nowUs - 15 }), options);
    expect(entered?.page.map((k) => k.id)).toEqual([900, 5]);
    expect(entered?.counts.exact).toBe(41);
    expect(applyChange(answer({}, { offset: 2 }), coming(5, { postedUs: nowUs - 15 }), options)).toBeNull();
    // On the page: edited where it sorts the same, it stays; posted again, or leaving, it is not worked out.
    const edit = (postedUs: number) => ({ jobId: 800, before: row({ postedUs: nowUs - 20 }), after: row({ postedUs }) });
    expect(applyChange(answer(), edit(nowUs - 20), options)?.page).toEqual(answer().page);
    expect(applyChange(answer(), edit(nowUs - 5), options)).toBeNull();
    expect(applyChange(answer(), leaving(800), options)).toBeNull();
    // Not a match (closed, another word, past its deadline): nothing changes.
    for (const over of [{ isOpen: false }, { lexemes: ['glazier'] }, { deadline: '2026-11-26' }])
      expect(applyChange(answer(), coming(5, over), options)?.counts.exact).toBe(40);
  });

  it('gates a change only when it leaves the answer as it was: a row that fails a filter, not public, or off the sample', () => {
    const random = createRandom(23);
    const maybe = <T>(value: T, p = 0.35): T | undefined => (random() < p ? value : undefined);
    const samples: Array<Partial<LiveCounts>> = [
      {},
      { coarse: { scanned: 150, total: 100 }, fine: { scanned: 1000, total: 800 }, facetEvery: 16, exact: null },
      { coarse: { scanned: 300, total: 250 }, fine: null, facetEvery: 128, exact: null },
      // Judged on the sample but counted exactly (a small count): a match counts wherever it is.
      { coarse: { scanned: 300, total: 10 }, fine: null, facetEvery: 128, exact: 40 },
    ];
    const someRow = (): Partial<SearchRow> => ({
      companyId: pick(random, [1, 2]),
      salaryMin: maybe(pick(random, [25_000, 40_000]), 0.7) ?? null,
      currency: pick(random, ['EUR', 'EUR', 'GBP']),
      postedUs: nowUs - Math.floor(random() * 40) * 5 - 1,
      deadline: maybe(pick(random, ['2026-11-20', '2026-12-20']), 0.2) ?? null,
      isOpen: random() < 0.85,
      companyApproved: random() < 0.9,
      isRemote: random() < 0.4,
      employmentType: pick(random, ['Full-time', 'Contract']),
      experienceLevel: pick(random, ['Mid level', 'Senior level']),
      location: pick(random, ['Ghent', 'Ghent, Belgium', 'Lyon, France', 'Gdańsk']),
      categoryIds: pickSome(random, [1, 2], Math.floor(random() * 3)),
      skillIds: pickSome(random, [3, 4], Math.floor(random() * 3)),
      lexemes: pick(random, [['cooper'], ['glazier'], ['cooper', 'glazier']]),
    });
    const tally = { gated: 0, tried: 0 };
    for (let i = 0; i < 3000; i++) {
      const sort = pick(random, ['newest', 'salary', 'relevance'] as const);
      const live = answer(
        {
          counts: counts(pick(random, samples)),
          ...(sort === 'relevance' && {
            candidates: candidatesOf(
              Array.from({ length: 30 }, (_, k) => ({ id: 900 - k * 3, postedUs: nowUs - 10 - k * 5, rank: 0.5 })),
              true,
            ),
          }),
        },
        {
          sort,
          terms: random() < 0.7 ? 'cooper' : null,
          employmentTypes: maybe(['Full-time' as const]),
          experienceLevels: maybe(['Senior level' as const]),
          location: maybe(pick(random, ['ghent', 'belgium'])),
          isRemote: maybe(random() < 0.5),
          salaryMin: maybe(30_000, 0.2),
          currency: maybe('EUR', 0.2),
          company: maybe(1, 0.2),
          categories: maybe([1]),
          skills: maybe([3, 4]),
          postedWithinDays: maybe(7, 0.1),
        },
      );
      const gate = gateOf(live)!;
      const jobId = pick(random, [5, 16, 17, 32, 128, 129, 256, 1001]);
      const roll = random();
      const change = {
        jobId,
        before: roll < 0.33 ? null : row(someRow()),
        after: roll > 0.66 ? null : row(someRow()),
      };
      tally.tried++;
      if ((change.before && gate(change.before, jobId)) || (change.after && gate(change.after, jobId))) continue;
      tally.gated++;
      // A place outside ASCII is not told here (applyChange gives up): the gate must then tell the
      // row from another condition it fails, so that it changes nothing even where its place is
      // one every place filter here takes.
      const told = (r: SearchRow | null) => (r?.location === 'Gdańsk' ? { ...r, location: 'Ghent, Belgium' } : r);
      const applied = applyChange(live, { jobId, before: told(change.before), after: told(change.after) }, { ...options, rank: 0.5 });
      expect(applied, JSON.stringify({ criteria: live.criteria, counts: live.counts, change })).toBe(live);
    }
    // Many changes are gated, and many are not (each kind of answer meets rows it must see).
    expect(tally.gated).toBeGreaterThan(tally.tried / 4);
    expect(tally.gated).toBeLessThan((tally.tried * 3) / 4);
    // Gates with one key give one verdict for every row and job (the search cache tests a group
    // once): answers differing in words, order or page share a key; any filter the gate reads, or
    // the sample, parts them.
    const rows = Array.from({ length: 60 }, () => row(someRow()));
    const jobIds = [5, 16, 17, 32, 128, 129, 256, 1001];
    const verdictsByKey = new Map<string, string>();
    let shared = 0;
    for (let i = 0; i < 3000; i++) {
      const live = answer(
        {
          counts: counts(pick(random, samples)),
          page: Array.from({ length: Math.floor(random() * 3) }, (_, k) => ({ id: 50 + k, postedUs: nowUs - k, salaryKey: null, rank: 0 })),
        },
        {
          sort: pick(random, ['newest', 'salary', 'relevance'] as const),
          terms: pick(random, ['cooper', 'glazier', null]),
          text: pick(random, ['cooper', 'glazier', null]),
          offset: pick(random, [0, 20]),
          employmentTypes: maybe(['Full-time' as const]),
          experienceLevels: maybe(['Senior level' as const]),
          location: maybe(pick(random, ['ghent', 'belgium'])),
          isRemote: maybe(random() < 0.5),
          salaryMin: maybe(30_000, 0.2),
          salaryMax: maybe(35_000, 0.2),
          currency: maybe('EUR', 0.2),
          company: maybe(1, 0.2),
          categories: maybe([1]),
          skills: maybe(pick(random, [[3, 4], [3]])),
          today: pick(random, ['2026-11-25', '2026-12-25']),
          postedWithinDays: maybe(7, 0.1),
        },
      );
      const gate = gateOf(live)!;
      expect(gate.key).toBeDefined();
      const verdicts = jobIds.flatMap((jobId) => rows.map((r) => (gate(r, jobId) ? '1' : '0'))).join('');
      const known = verdictsByKey.get(gate.key!);
      if (known === undefined) verdictsByKey.set(gate.key!, verdicts);
      else {
        shared++;
        expect(verdicts, gate.key).toBe(known);
      }
    }
    expect(shared).toBeGreaterThan(300);
    // An answer for a corrected text has no gate: a job with a word as typed may change the correction.
    expect(gateOf(answer({}, { typed: ['coopr'] }))).toBeNull();
  });

  it('keeps a corrected answer for the text it shows, unless the job has a word as typed', () => {
    // "coopr" corrected to "cooper": a job with "cooper" counts; one with "coopr", before or after, may change the correction.
    const corrected = answer({}, { typed: ['coopr'] });
    expect(applyChange(corrected, coming(5), options)?.counts.exact).toBe(41);
    expect(applyChange(corrected, coming(5, { lexemes: ['cooper', 'coopr'] }), options)).toBeNull();
    expect(applyChange(corrected, coming(5, { lexemes: ['coopr'] }), options)).toBeNull();
    expect(applyChange(corrected, leaving(5, { lexemes: ['glazier', 'coopr'] }), options)).toBeNull();
    expect(applyChange(corrected, coming(5, { lexemes: ['glazier'] }), options)?.counts.exact).toBe(40);
  });

  it('changes an estimate only by a job of its sample', () => {
    const estimated = answer({
      counts: counts({
        fine: { scanned: 300, total: 250 },
        facetEvery: 16,
        exact: null,
        facets: [{ facet: 'location', value: 'Ghent', label: 'Ghent', count: 9 }],
      }),
    });
    const outside = applyChange(estimated, coming(17), options)!;
    expect(outside.counts).toEqual(estimated.counts);
    const inside = applyChange(estimated, coming(32), options)!;
    expect(inside.counts.fine).toEqual({ scanned: 301, total: 251 });
    expect(inside.counts.facets.filter((f) => f.facet === 'location')).toEqual([
      { facet: 'location', value: 'Ghent', label: 'Ghent', count: 10 },
    ]);
    expect(inside.counts.facets).toContainEqual({ facet: 'employment_type', value: 'Full-time', label: 'Full-time', count: 1 });
  });

  it('keeps a short list of the commonest values only while a value left out cannot reach it', () => {
    const listed = (n: number) =>
      Array.from({ length: facetLimits.location }, (_, i) => ({
        facet: 'location' as const,
        value: `P${i}`,
        label: `P${i}`,
        count: n + i,
      }));
    const full = answer({ counts: counts({ facets: listed(5), unlisted: { location: 3, skills: null } }) });
    // A place left out gains one: at most 4, still below the least listed (5).
    const gained = applyChange(full, coming(5, { location: 'Elsewhere' }), options)!;
    expect(gained.counts.unlisted.location).toBe(4);
    expect(gained.counts.facets.filter((f) => f.facet === 'location').sort(byValue)).toEqual([...full.counts.facets].sort(byValue));
    // Once more: it could tie with the least listed, whose order is then by name: "Elsewhere" before "P0".
    expect(applyChange(gained, coming(6, { location: 'Elsewhere' }), options)).toBeNull();
    // A place named after the least listed may tie with it: it stays behind, and the list stays (until it could pass it).
    const zagreb = applyChange(gained, coming(6, { location: 'Zagreb' }), options)!;
    expect(zagreb.counts.unlisted.location).toBe(5);
    expect(zagreb.counts.facets.filter((f) => f.facet === 'location').sort(byValue)).toEqual([...full.counts.facets].sort(byValue));
    expect(applyChange(zagreb, coming(8, { location: 'Zagreb' }), options)).toBeNull();
    // That tie was told: P0 still comes before every place left out while nothing changes at the bound.
    expect(applyChange(zagreb, coming(9, { location: 'P5' }), options)?.counts.unlisted.location).toBe(5);
    expect(applyChange(zagreb, leaving(9, { location: 'P0' }), options)).toBeNull();
    // The least listed loses one: it could fall to a left-out place's count.
    expect(applyChange(gained, leaving(7, { location: 'P0' }), options)).toBeNull();
    expect(applyChange(full, leaving(7, { location: 'P1' }), options)?.counts.facets.find((f) => f.value === 'P1')).toMatchObject({
      count: 5,
    });
    // A list that left nothing out gains a new value (a skill's name from the labels known).
    const short = answer({
      counts: counts({
        facets: [{ facet: 'skills', value: '4', label: 'Joinery', count: 2 }, ...listed(5)],
        unlisted: { location: 3, skills: null },
      }),
    });
    const labelOf = (facet: string, value: string) => (facet === 'skills' && value === '7' ? 'Soldering' : undefined);
    expect(applyChange(short, coming(5, { skillIds: [7] }), { ...options, labelOf })?.counts.facets).toContainEqual({
      facet: 'skills',
      value: '7',
      label: 'Soldering',
      count: 1,
    });
    expect(applyChange(short, coming(5, { skillIds: [8] }), { ...options, labelOf })).toBeNull();
    // Its last job leaving a value takes the value off the list.
    const fewer = applyChange(short, leaving(5, { skillIds: [4], location: 'P11' }), options)!;
    expect(fewer.counts.facets.filter((f) => f.facet === 'skills')).toEqual([{ facet: 'skills', value: '4', label: 'Joinery', count: 1 }]);
    const none = applyChange(fewer, leaving(6, { skillIds: [4], location: 'P11' }), options)!;
    expect(none.counts.facets.filter((f) => f.facet === 'skills')).toEqual([]);
  });

  it('leaves the counts as they were for an edit that keeps every value the job counts under, even where its leaving alone is not told', () => {
    const listed = Array.from({ length: facetLimits.location }, (_, i) => ({
      facet: 'location' as const,
      value: `P${i}`,
      label: `P${i}`,
      count: 5 + i,
    }));
    const full = answer({ counts: counts({ facets: listed, unlisted: { location: 5, skills: null } }) });
    const edit = (before: Partial<SearchRow>, after: Partial<SearchRow>) => ({ jobId: 7, before: row(before), after: row(after) });
    // Leaving, P0 could fall to a place left out (a tie by name with one of 5 jobs): not told.
    expect(applyChange(full, leaving(7, { location: 'P0' }), options)).toBeNull();
    // Edited (its words, pay or deadline), it stays in P0 and every other facet: the counts stay.
    const kept = applyChange(full, edit({ location: 'P0', skillIds: [4] }, { location: 'P0', skillIds: [4], salaryMin: 30_000 }), options);
    expect(kept).toBe(full);
    // Moved to another place, or given another skill, it counts elsewhere: worked out as a leaving and a coming.
    expect(applyChange(full, edit({ location: 'P0' }, { location: 'P1' }), options)).toBeNull();
    const moved = applyChange(full, edit({ location: 'P3' }, { location: 'P4' }), options)!;
    expect(['P3', 'P4'].map((place) => moved.counts.facets.find((f) => f.value === place)?.count)).toEqual([7, 10]);
    // One that now fails a filter of the search leaves the facets that filter does not count and the total.
    const filtered = answer(
      { counts: counts({ facets: [...counts().facets, { facet: 'employment_type', value: 'Full-time', label: 'Full-time', count: 40 }] }) },
      { employmentTypes: ['Full-time'] },
    );
    const failing = applyChange(filtered, edit({}, { employmentType: 'Contract' }), options)!;
    expect(failing.counts.exact).toBe(39);
    expect(failing.counts.facets).toContainEqual({ facet: 'employment_type', value: 'Contract', label: 'Contract', count: 1 });
  });

  it('counts a job by the categories and skills picked (any of them), and each facet by the other filters', () => {
    const labelOf = (facet: string, value: string) => `${facet} ${value}`;
    const picked = answer({}, { categories: [7, 9], skills: [3] });
    // With a picked category and skill: it counts, and shows in both facets.
    const both = applyChange(picked, coming(5, { categoryIds: [9], skillIds: [3, 4] }), { ...options, labelOf })!;
    expect(both.counts.exact).toBe(41);
    expect(both.counts.facets.filter((f) => f.facet === 'category' || f.facet === 'skills').map((f) => [f.value, f.count])).toEqual([
      ['9', 1],
      ['3', 1],
      ['4', 1],
    ]);
    // Another category: not counted, but the category facet (counted without the category filter) gains it; the skills facet does not.
    const other = applyChange(picked, coming(5, { categoryIds: [8], skillIds: [3] }), { ...options, labelOf })!;
    expect(other.counts.exact).toBe(40);
    expect(other.counts.facets.filter((f) => f.facet === 'category' || f.facet === 'skills').map((f) => [f.value, f.count])).toEqual([
      ['8', 1],
    ]);
    // No skill picked: not counted, and only the skills facet gains.
    const noSkill = applyChange(picked, coming(5, { categoryIds: [7], skillIds: [4] }), { ...options, labelOf })!;
    expect(noSkill.counts.exact).toBe(40);
    expect(noSkill.counts.facets.filter((f) => f.facet === 'category' || f.facet === 'skills').map((f) => [f.value, f.count])).toEqual([
      ['4', 1],
    ]);
  });

  it('lists a picked skill that has a job first, whatever its count: it takes the place of the least common, which comes back when it leaves', () => {
    const labelOf = (facet: string, value: string) => (facet === 'skills' && value === '100' ? 'Rigging' : undefined);
    // 25 skills listed (ids 1 to 25, 10 to 34 jobs), one spare (26, 5 jobs), and the rest at 3 or fewer.
    const skillsListed = Array.from({ length: facetLimits.skills }, (_, i) => ({
      facet: 'skills' as const,
      value: String(i + 1),
      label: `Skill ${i + 1}`,
      count: 10 + i,
    }));
    const spare = { facet: 'skills' as const, value: '26', label: 'Skill 26', count: 5 };
    const full = answer(
      { counts: counts({ facets: skillsListed, spares: [spare], unlisted: { location: null, skills: 3 } }) },
      { skills: [100] },
    );
    const skillsOf = (a: LiveAnswer | null) => a?.counts.facets.filter((f) => f.facet === 'skills').map((f) => `${f.value}:${f.count}`);
    const sparesOf = (a: LiveAnswer | null) => a?.counts.spares.filter((f) => f.facet === 'skills').map((f) => `${f.value}:${f.count}`);
    const rigging = applyChange(full, coming(5, { skillIds: [100] }), { ...options, labelOf })!;
    expect(rigging.counts.exact).toBe(41);
    // (The order of the rows is not the list's: rendering orders them.)
    expect(skillsOf(rigging)?.sort()).toEqual(['100:1', ...skillsListed.slice(1).map((f) => `${f.value}:${f.count}`)].sort());
    expect(sparesOf(rigging)).toEqual(['1:10', '26:5']);
    // Once more: it stays first.
    const twice = applyChange(rigging, coming(6, { skillIds: [100] }), { ...options, labelOf })!;
    expect(skillsOf(twice)).toContain('100:2');
    expect(sparesOf(twice)).toEqual(['1:10', '26:5']);
    // Its job leaving: the least common comes back ahead of the spare.
    const back = applyChange(rigging, leaving(5, { skillIds: [100] }), { ...options, labelOf })!;
    expect(skillsOf(back)?.sort()).toEqual(skillsListed.map((f) => `${f.value}:${f.count}`).sort());
    expect(sparesOf(back)).toEqual(['26:5']);
    // The least common tied with the spare: the one first by name comes back (the facet statement's order).
    const tied = answer(
      { counts: counts({ facets: skillsListed, spares: [{ ...spare, count: 10 }], unlisted: { location: null, skills: 3 } }) },
      { skills: [100] },
    );
    const pushed = applyChange(tied, coming(5, { skillIds: [100] }), { ...options, labelOf })!;
    expect(skillsOf(pushed)).toContain('100:1');
    const tiedBack = applyChange(pushed, leaving(5, { skillIds: [100] }), { ...options, labelOf })!;
    expect(skillsOf(tiedBack)?.sort()).toEqual(skillsListed.map((f) => `${f.value}:${f.count}`).sort());
    expect(sparesOf(tiedBack)).toEqual(['26:10']);
  });

  it('orders candidates by relevance as sortsBefore does, ties in rank and time included', () => {
    const random = createRandom(3);
    const list = Array.from({ length: 300 }, (_, i) => ({
      id: 1000 + i * 7 - Math.floor(random() * 7),
      postedUs: nowUs - Math.floor(random() * 4) * 1000,
      rank: Math.floor(random() * 5) / 10,
    }));
    const k = candidatesOf(list);
    const criteria = answer({}, { sort: 'relevance' }).criteria;
    const expected = list
      .map((key, i) => ({ i, key: { ...key, salaryKey: null } }))
      .sort((a, b) => (sortsBefore(criteria, a.key, b.key) ? -1 : sortsBefore(criteria, b.key, a.key) ? 1 : 0))
      .map((x) => x.i);
    expect(relevanceOrder(k, 300)).toEqual(expected);
    const first200 = expected.filter((i) => i < 200);
    expect(relevanceOrder(k, 200)).toEqual(first200);
    // Only the first places, picked rather than sorted (a page and those before it): the same places.
    for (const take of [0, 1, 20, 60, 199, 200, 250]) expect(relevanceOrder(k, 200, take)).toEqual(first200.slice(0, take));
  });

  it('leaves the answer it is given as it was (a kept answer may still be served while its successor waits for a read)', () => {
    const listed = Array.from({ length: facetLimits.location }, (_, i) => ({
      facet: 'location' as const,
      value: `P${i}`,
      label: `P${i}`,
      count: 5 + i,
    }));
    const before = answer({
      counts: counts({
        facets: [
          { facet: 'employment_type', value: 'Full-time', label: 'Full-time', count: 30 },
          { facet: 'category', value: '3', label: 'Crafts', count: 2 },
          { facet: 'skills', value: '4', label: 'Joinery', count: 2 },
          ...listed,
        ],
        spares: [{ facet: 'location', value: 'Q', label: 'Q', count: 1 }],
        unlisted: { location: 0, skills: null },
      }),
    });
    const copy = structuredClone(before);
    const changes = [
      coming(5, { location: 'P3', categoryIds: [3], skillIds: [4] }),
      leaving(6, { location: 'P11', categoryIds: [3], skillIds: [4] }),
      coming(7, { location: 'Q' }),
    ];
    for (const change of changes) {
      const after = applyChange(before, change, options);
      expect(after).not.toBeNull();
      expect(after!.counts).not.toEqual(before.counts);
      expect(before).toEqual(copy);
    }
  });

  it('shifts a later page not ranked from the jobs kept around it, until those run out', () => {
    const key = (id: number, ago: number) => ({ id, postedUs: nowUs - ago, salaryKey: null, rank: 0 });
    // Page 3 (offset 4, 2 a page) newest first: 1000 and 950 just before it, 700 and 600 after it, more on either side.
    const keys = [key(1000, 1), key(950, 5), key(900, 10), key(800, 20), key(700, 30), key(600, 40)];
    const second = answer({ page: keys.slice(2, 4), window: { keys, start: 2, toEnd: false } }, { offset: 4 });
    const ids = (a: LiveAnswer | null) => a?.page.map((k) => k.id);
    // A new job (newest of all) pushes 950 onto the page.
    const pushed = applyChange(second, coming(5001, { postedUs: nowUs }), options)!;
    expect(ids(pushed)).toEqual([950, 900]);
    expect(pushed.window).toMatchObject({ start: 1, toEnd: false });
    // One between 950 and the page comes onto it.
    expect(ids(applyChange(second, coming(5002, { postedUs: nowUs - 7 }), options))).toEqual([5002, 900]);
    // A job before them all leaves: 700 comes up onto the page.
    expect(ids(applyChange(second, leaving(5, { postedUs: nowUs }), options))).toEqual([800, 700]);
    // A job on the page leaves (closed): 700 takes its place.
    expect(ids(applyChange(second, leaving(900, { postedUs: nowUs - 10 }), options))).toEqual([800, 700]);
    // Edited where it sorts the same: the page stays, as it is.
    const edit = { jobId: 900, before: row({ postedUs: nowUs - 10 }), after: row({ postedUs: nowUs - 10, isRemote: true }) };
    expect(applyChange(second, edit, options)?.page).toBe(second.page);
    // Older than every job kept: nothing kept changes.
    expect(applyChange(second, coming(6, { postedUs: nowUs - 1000 }), options)?.window).toBe(second.window);
    // Three new jobs: the jobs kept before the page run out, and the page's first job is not known.
    const twice = applyChange(pushed, coming(5003, { postedUs: nowUs }), options)!;
    expect(ids(twice)).toEqual([1000, 950]);
    expect(applyChange(twice, coming(5004, { postedUs: nowUs }), options)).toBeNull();
    // Jobs after the page leaving: once none is kept after it (and more matches follow), not known.
    const fewer = applyChange(
      applyChange(second, leaving(700, { postedUs: nowUs - 30 }), options)!,
      leaving(600, { postedUs: nowUs - 40 }),
      options,
    )!;
    expect(ids(fewer)).toEqual([900, 800]);
    expect(applyChange(fewer, leaving(800, { postedUs: nowUs - 20 }), options)).toBeNull();
    // When they reach the last match, a page short of jobs is the last page.
    const last = { ...fewer, window: { ...fewer.window!, toEnd: true } };
    expect(ids(applyChange(last, leaving(800, { postedUs: nowUs - 20 }), options))).toEqual([900]);
    expect(ids(applyChange(last, coming(7, { postedUs: nowUs - 1000 }), options))).toEqual([900, 800]);
  });

  it('makes a short list again from its spares when a value falls off it or one rises onto it, a tie between them by name', () => {
    const place = (value: string, count: number) => ({ facet: 'location' as const, value, label: value, count });
    // P0..P11 listed (6..17); spares S1 (6, after P0 by name) and S2 (3); others at most 2.
    const listed = Array.from({ length: facetLimits.location }, (_, i) => place(`P${i}`, 6 + i));
    const full = answer({
      counts: counts({ facets: listed, spares: [place('S1', 6), place('S2', 3)], unlisted: { location: 2, skills: null } }),
    });
    const onList = (a: LiveAnswer) =>
      a.counts.facets
        .filter((f) => f.facet === 'location')
        .map((f) => f.value)
        .sort();
    // P0 falls below S1: S1 takes its place, P0 becomes a spare.
    const fell = applyChange(full, leaving(7, { location: 'P0' }), options)!;
    expect(onList(fell)).toEqual([...listed.slice(1).map((f) => f.value), 'S1'].sort());
    expect(fell.counts.spares).toEqual(expect.arrayContaining([place('P0', 5), place('S2', 3)]));
    expect(fell.counts.unlisted.location).toBe(2);
    // S1 back to P0's count: a tie decided by name (code point order, the facet statement's), P0 first.
    const tie = applyChange(fell, leaving(8, { location: 'S1' }), options)!;
    expect(onList(tie)).toEqual(listed.map((f) => f.value).sort());
    expect(tie.counts.spares).toEqual(expect.arrayContaining([place('S1', 5), place('S2', 3)]));
    // By name in code point order, not in a language's: "Z" comes before "a".
    const cased = answer({
      counts: counts({ facets: [...listed.slice(1), place('a0', 7)], spares: [place('Z0', 6)], unlisted: { location: 2, skills: null } }),
    });
    const swapped = applyChange(cased, leaving(8, { location: 'a0' }), options)!;
    expect(onList(swapped)).toEqual([...listed.slice(1).map((f) => f.value), 'Z0'].sort());
    // S1 rises above P0: it takes P0's place.
    expect(onList(applyChange(full, coming(9, { location: 'S1' }), options)!)).toEqual(onList(fell));
    // A spare that stays behind, and the tie between P0 and S1 untouched: the list stays.
    const kept = applyChange(full, coming(10, { location: 'S2' }), options)!;
    expect(kept.counts.facets.filter((f) => f.facet === 'location').sort(byValue)).toEqual([...full.counts.facets].sort(byValue));
    expect(kept.counts.spares).toContainEqual(place('S2', 4));
    // A place left out rising is bounded: 3, still behind.
    const outside = applyChange(full, coming(11, { location: 'Elsewhere' }), options)!;
    expect([onList(outside), outside.counts.unlisted.location]).toEqual([onList(full), 3]);
    // The original list was not changed by any of this.
    expect(full.counts.facets).toEqual(listed);
  });

  it('ranks among the newest candidates: an older job is no candidate, a newer one needs its rank and must rank below the page', () => {
    const candidates = Array.from({ length: 200 }, (_, i) => ({
      id: 1000 - i,
      postedUs: nowUs - 100 - i,
      rank: i === 3 ? 0.9 : i === 7 ? 0.8 : 0.1,
    }));
    const ranked = answer(
      {
        candidates: candidatesOf(candidates),
        page: [
          { id: 997, postedUs: nowUs - 103, salaryKey: null, rank: 0.9 },
          { id: 993, postedUs: nowUs - 107, salaryKey: null, rank: 0.8 },
        ],
        counts: counts({ exact: 500 }),
      },
      { sort: 'relevance' },
    );
    expect(rankWanted(ranked, coming(5001, { postedUs: nowUs }), nowUs)).toBe('cooper');
    expect(applyChange(ranked, coming(5001, { postedUs: nowUs }), options)).toBeNull();
    const below = applyChange(ranked, coming(5001, { postedUs: nowUs }), { ...options, rank: 0.5 })!;
    expect(below.candidates!.ids[0]).toBe(5001);
    // The oldest candidate is now the newest spare (the older matches are still left out).
    expect(below.candidates!.ids.length).toBe(201);
    expect([below.candidates!.ids[199], below.candidates!.ids[200]]).toEqual([802, 801]);
    expect(below.candidates!.complete).toBe(false);
    expect(below.candidates!.ranks[0]).toBe(0.5);
    // Ranked onto the page: the page is made again from the candidates.
    expect(applyChange(ranked, coming(5001, { postedUs: nowUs }), { ...options, rank: 0.85 })?.page.map((k) => k.id)).toEqual([997, 5001]);
    // Older than every candidate: counted, not ranked.
    expect(applyChange(ranked, coming(5, { postedUs: nowUs - 10_000 }), options)?.candidates).toBe(ranked.candidates);
    // A candidate leaving with no spare kept lets an unknown one in.
    expect(applyChange(ranked, leaving(950, { postedUs: nowUs - 150 }), options)).toBeNull();

    // A candidate edited and still a match stays one: its new rank is kept while it stays below the page.
    const edited = (over: Partial<SearchRow> = {}) => ({
      jobId: 950,
      before: row({ postedUs: nowUs - 150 }),
      after: row({ postedUs: nowUs - 150, ...over }),
    });
    expect(rankWanted(ranked, edited(), nowUs)).toBe('cooper');
    expect(applyChange(ranked, edited(), options)).toBeNull();
    const moved = applyChange(ranked, edited(), { ...options, rank: 0.3 })!;
    expect(moved.candidates!.ids).toEqual(ranked.candidates!.ids);
    expect(moved.candidates!.ranks[50]).toBe(0.3);
    expect(ranked.candidates!.ranks[50]).toBe(0.1);
    expect(moved.counts.exact).toBe(500);
    expect(applyChange(ranked, edited(), { ...options, rank: 0.1 })?.candidates).toBe(ranked.candidates);
    // Onto the page: made again; posted again (its place among the newest changes): not worked out.
    expect(applyChange(ranked, edited(), { ...options, rank: 0.85 })?.page.map((k) => k.id)).toEqual([997, 950]);
    expect(applyChange(ranked, edited({ postedUs: nowUs }), { ...options, rank: 0.3 })).toBeNull();
    // On a later page: a candidate ranked before the page that stays before it leaves it as it is; one that drops below moves it.
    const second = {
      ...ranked,
      criteria: { ...ranked.criteria, offset: 2 },
      page: [
        { id: 1000, postedUs: nowUs - 100, salaryKey: null, rank: 0.1 },
        { id: 999, postedUs: nowUs - 101, salaryKey: null, rank: 0.1 },
      ],
    };
    const first = { jobId: 997, before: row({ postedUs: nowUs - 103 }), after: row({ postedUs: nowUs - 103 }) };
    expect(applyChange(second, first, { ...options, rank: 0.7 })?.candidates!.ranks[3]).toBe(0.7);
    expect(applyChange(second, first, { ...options, rank: 0.05 })?.page.map((k) => k.id)).toEqual([999, 998]);
  });

  it('keeps spare matches past the ranked candidates: a candidate leaving lets the newest in, until none is left', () => {
    const match = (i: number) => ({
      id: 1000 - i,
      postedUs: nowUs - 100 - i,
      rank: i === 3 ? 0.9 : i === 7 ? 0.8 : i === 201 ? 0.95 : 0.1,
    });
    // 200 candidates and 2 spares (ids 800 and 799; 799 would rank first); older matches are left out.
    const kept = (list = Array.from({ length: 202 }, (_, i) => match(i)), complete = false) =>
      answer(
        {
          candidates: candidatesOf(list, complete),
          page: [
            { id: 997, postedUs: nowUs - 103, salaryKey: null, rank: 0.9 },
            { id: 993, postedUs: nowUs - 107, salaryKey: null, rank: 0.8 },
          ],
          counts: counts({ exact: 500 }),
        },
        { sort: 'relevance' },
      );
    const ranked = kept();
    // A candidate leaves: the newest spare (800) becomes one, below the page.
    const one = applyChange(ranked, leaving(950, { postedUs: nowUs - 150 }), options)!;
    expect(one.candidates!.ids.length).toBe(201);
    expect(one.candidates!.ids[199]).toBe(800);
    expect(one.page).toBe(ranked.page);
    // Another: the next spare (799) comes in and ranks first.
    const two = applyChange(one, leaving(940, { postedUs: nowUs - 160 }), options)!;
    expect(two.page.map((k) => k.id)).toEqual([799, 997]);
    // None left: the next newest match is not kept.
    expect(applyChange(two, leaving(930, { postedUs: nowUs - 170 }), options)).toBeNull();
    // A spare leaving, or edited (its new rank kept for later), changes no candidate and no page.
    const spareGone = applyChange(ranked, leaving(800, { postedUs: nowUs - 300 }), options)!;
    expect(spareGone.candidates!.ids.length).toBe(201);
    expect(spareGone.page).toBe(ranked.page);
    const spareEdited = { jobId: 800, before: row({ postedUs: nowUs - 300 }), after: row({ postedUs: nowUs - 300 }) };
    const reranked = applyChange(ranked, spareEdited, { ...options, rank: 0.99 })!;
    expect(reranked.candidates!.ranks[200]).toBe(0.99);
    expect(reranked.page).toBe(ranked.page);
    // A job older than every kept match counts, and is not kept.
    expect(applyChange(ranked, coming(5, { postedUs: nowUs - 10_000 }), options)?.candidates).toBe(ranked.candidates);
    // When they are every match, a candidate leaving lets none in, and a job older than all is kept.
    const all = kept(
      Array.from({ length: 200 }, (_, i) => match(i)),
      true,
    );
    expect(applyChange(all, leaving(950, { postedUs: nowUs - 150 }), options)!.candidates!.ids.length).toBe(199);
    const oldest = applyChange(all, coming(5, { postedUs: nowUs - 10_000 }), { ...options, rank: 0.2 })!;
    expect([oldest.candidates!.ids.length, oldest.candidates!.ids[200], oldest.candidates!.complete]).toEqual([201, 5, true]);
    // A full list of spares: the oldest leaves the kept ones, which are then no longer every match.
    const full = kept(
      Array.from({ length: 216 }, (_, i) => match(i)),
      true,
    );
    const newest = applyChange(full, coming(5001, { postedUs: nowUs }), { ...options, rank: 0.2 })!;
    expect([newest.candidates!.ids.length, newest.candidates!.ids[0], newest.candidates!.ids.at(-1), newest.candidates!.complete]).toEqual([
      216,
      5001,
      786,
      false,
    ]);
  });
});
