// Job search in a thread of its own (search-thread.ts, decision 006 "The search thread"): on a
// PostgreSQL server only (the embedded database lives in the server's thread), so this file runs in
// the PostgreSQL pass. The same answers as the search in the server's thread, served from the copy
// when that is recent enough, and every write shown within the bound (its own writes at once).
import fs from 'node:fs';
import { jobSearchResult } from '@jobportal/shared';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCategory, createCompany, createJob, createSkill, createUser } from '../../db/seed/factories';
import { buildApp } from '../../app';
import { jobs } from '../../db/schema';
import { loadConfig } from '../../config';
import { createSmtpMailer } from '../../lib/mail';
import type { SearchThread } from './search-thread';
import { mayLeaveIdleClass } from './search-thread-priority';
import { bearer, createTestApp, json, signedInUser, testEnv, type TestApp } from '../../test/harness';

const body = async (app: FastifyInstance, query: string) => {
  const res = await app.inject({ url: `/api/jobs/?${query}` });
  expect(res.statusCode, `${query}: ${res.body}`).toBe(200);
  expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
  return jobSearchResult.parse(json(res));
};
const stats = (t: TestApp) => t.app.jobSearch.cacheStats()!;

describe('job search in a thread of its own', () => {
  let threaded: TestApp;
  let inThread: FastifyInstance;
  let companyId: number;

  beforeAll(async () => {
    // Staleness allowed, as in production: `auto` puts the search in its thread on a PostgreSQL server.
    threaded = await createTestApp({ RATE_LIMIT_MULTIPLIER: '100', SEARCH_STALE_MS: '500' });
    // The same database, searched in the server's thread.
    inThread = await buildApp({
      config: loadConfig({ ...testEnv, SEARCH_THREAD: 'off', SEARCH_STALE_MS: '500' }),
      database: threaded.database,
      mailer: createSmtpMailer(threaded.smtp.url, threaded.config.mailFrom),
      storage: threaded.storage,
    });
    const owner = await createUser(threaded.db, { role: 'employer' });
    companyId = (await createCompany(threaded.db, owner.id, { name: 'Lighthouse Keepers', isApproved: true })).id;
    const category = (await createCategory(threaded.db, 'Maritime')).id;
    const skill = (await createSkill(threaded.db, 'Lens polishing')).id;
    for (let i = 0; i < 25; i++)
      await createJob(threaded.db, companyId, {
        title: i % 2 ? `Lighthouse keeper ${i}` : `Harbour pilot ${i}`,
        description: 'Keep the lamp lit through the night and log every passing ship in the harbour book.',
        location: i % 3 ? 'Brest, France' : 'Cork, Ireland',
        isRemote: i % 5 === 0,
        salaryMin: 30_000 + i * 1000,
        salaryMax: 40_000 + i * 1000,
        categoryIds: [category],
        skillIds: i % 2 ? [skill] : [],
        employmentType: i % 4 ? 'Full-time' : 'Part-time',
      });
  });
  afterAll(async () => {
    await inThread?.close();
    await threaded?.close();
  });

  /**
   * Requests that found their answer held in the copy: served from it, or, when the search thread (in
   * the idle class) was kept off the cores past the freshness bound by other work on the machine (CI
   * runs its suites side by side), sent on to it as late. Either way each answer is checked against a
   * computed one; an answer the copy dropped or never held counts in neither.
   */
  const heldInCopy = () => stats(threaded).copyHits! + stats(threaded).copyLate!;

  it('answers as the search in the server thread does, computed and from its copy', async () => {
    const queries = [
      'search=lighthouse',
      'search=lighthuose%20keeper',
      'search=%22harbour%20pilot%22',
      'search=harbour&sort=newest&page=2&page_size=5',
      'location=Brest&is_remote=false&employment_type=Full-time',
      `company=${companyId}&sort=salary&page_size=3&page=3`,
      'search=nothing-matches-this',
      '',
    ];
    for (const query of queries) {
      // Computed in its thread the first time (and kept there once what was written meanwhile is
      // applied); then from its thread's cache, which the copy keeps; then from the copy.
      const first = await body(threaded.app, query);
      await threaded.app.jobSearch.settled();
      const second = await body(threaded.app, query);
      const held = heldInCopy();
      const third = await body(threaded.app, query);
      const expected = await body(inThread, query);
      expect(first, query).toEqual(expected);
      expect(second, query).toEqual(expected);
      expect(third, query).toEqual(expected);
      expect(heldInCopy(), query).toBe(held + 1);
    }
  });

  it('shows a job another process wrote within the bound, from its copy brought up to date', async () => {
    const count = async () => (await body(threaded.app, 'search=cartographer')).count;
    expect(await count()).toBe(0);
    expect(await count()).toBe(0);
    await createJob(threaded.db, companyId, { title: 'Cartographer of the coast' });
    const written = Date.now();
    let found = 0;
    while ((found = await count()) === 0 && Date.now() - written < 5000) await new Promise((r) => setTimeout(r, 20));
    expect(found).toBe(1);
    // Within the bound (500 ms) and the catch-up that applies it.
    expect(Date.now() - written).toBeLessThan(2500);
    // Asked again: the copy's answer, brought up to date by the catch-up, not one computed again.
    await threaded.app.jobSearch.settled();
    const held = heldInCopy();
    expect(await count()).toBe(1);
    expect(await count()).toBe(1);
    expect(heldInCopy()).toBeGreaterThan(held);
  });

  it('keeps the pages its copy holds up to date as a job comes onto them and one on them is edited, as the server thread computes them', async () => {
    const queries = ['search=harbour&sort=newest&page_size=5', 'sort=newest&page_size=4', 'search=harbour%20pilot&page_size=6'];
    const served = async () => {
      const answers = [];
      for (const query of queries) answers.push(await body(threaded.app, query));
      return answers;
    };
    // Other searches meanwhile (from the copy), which keep the catch-ups coming: the pages are
    // brought up to date, read and sent to the copy by their changes, not asked for again.
    const others = async () => {
      const until = Date.now() + 1500;
      while (Date.now() < until) {
        await body(threaded.app, 'search=lighthouse');
        await new Promise((r) => setTimeout(r, 20));
      }
      await threaded.app.jobSearch.settled();
    };
    // Each request finds its answer held in the copy (kept and brought up to date, not dropped).
    const fromCopy = async () => {
      const before = heldInCopy();
      const answers = await served();
      expect(heldInCopy()).toBe(before + queries.length);
      // As the search in the server thread computes them (past its bound, it shows the writes too).
      for (const [i, query] of queries.entries()) expect(answers[i], query).toEqual(await body(inThread, query));
      return answers;
    };
    // Computed, then from the search thread's cache (which the copy keeps).
    await served();
    await threaded.app.jobSearch.settled();
    await served();
    await others();
    const before = await fromCopy();
    // A job comes first onto the pages in posting order (the copy is sent its summary and the places of the others).
    const job = await createJob(threaded.db, companyId, {
      title: 'Harbour pilot of the night tides',
      description: 'Bring ships in past the reef.',
    });
    await others();
    const after = await fromCopy();
    expect(after.map((answer, i) => answer.count - before[i]!.count)).toEqual([1, 1, 1]);
    expect(after[0]!.results.map((r) => r.id)).toEqual([job.id, ...before[0]!.results.map((r) => r.id).slice(0, 4)]);
    expect(after[1]!.results.map((r) => r.id)).toEqual([job.id, ...before[1]!.results.map((r) => r.id).slice(0, 3)]);
    // One of the jobs they show, edited where it shows (its title).
    const edited = before[0]!.results[1]!.id;
    await threaded.db.update(jobs).set({ title: 'Harbour pilot 24, night shifts' }).where(eq(jobs.id, edited));
    await others();
    const renamed = await fromCopy();
    expect(renamed[0]!.results.map((r) => r.id)).toEqual(after[0]!.results.map((r) => r.id));
    expect(renamed[0]!.results.find((r) => r.id === edited)?.title).toBe('Harbour pilot 24, night shifts');
  });

  it('shows a job written while it was idle for longer than the bound, though the catch-up that reads it comes late', async () => {
    const count = async (word: string) => (await body(threaded.app, `search=${word}`)).count;
    expect(await count('wavewatcher')).toBe(0);
    expect(await count('wavewatcher')).toBe(0); // from the copy
    await createJob(threaded.db, companyId, { title: 'Wavewatcher of the northern pier' });
    // Idle for longer than the bound and a second: no request, so no catch-up, until a search the
    // copy cannot answer waits for one. That catch-up drops the copy's answer for the word from the
    // cache, as of a moment too old for any request; the copy must not keep it as right.
    await new Promise((r) => setTimeout(r, 1_800));
    expect(await count('nothing-else-asked-before')).toBe(0);
    expect(await count('wavewatcher')).toBe(1);
  });

  it.runIf(process.platform === 'linux')(
    'runs below the priority of the server thread: its own nice value (SEARCH_THREAD_NICE) and the idle scheduling class (SEARCH_THREAD_IDLE), lifted while a search waits for it',
    async () => {
      // Each thread's nice value and scheduling policy are the 19th and 41st fields of its stat line
      // (counted from the pid; the fields after the name in parentheses begin with the 3rd).
      const threads = () =>
        fs.readdirSync('/proc/self/task').map((tid) => {
          const fields = fs.readFileSync(`/proc/self/task/${tid}/stat`, 'utf8').split(') ')[1]!.split(' ');
          return { nice: Number(fields[19 - 3]), policy: Number(fields[41 - 3]) };
        });
      const SCHED_OTHER = 0;
      const SCHED_IDLE = 5;
      expect(threaded.config.searchThreadNice).toBe(10);
      expect(threaded.config.searchThreadIdle).toBe(true);
      expect(threads().filter((t) => t.nice === 10)).toHaveLength(1);
      expect(threads().filter((t) => t.nice === 0).length).toBeGreaterThan(1);
      const searchThread = threaded.app.jobSearch as SearchThread;
      // Only where this process may lift it again (root, or CAP_SYS_NICE) is it put in the idle class.
      if (!mayLeaveIdleClass(10)) {
        expect(searchThread.priority()).toEqual({ idle: false, lifts: 0 });
        expect(threads().every((t) => t.policy === SCHED_OTHER)).toBe(true);
        return;
      }
      // Lifted while requests wait for it (as after the idle time of the test before, when a
      // search waited for a catch-up), and half a second after: in the idle class once that has passed.
      const idleSince = Date.now();
      while (!searchThread.priority().idle && Date.now() - idleSince < 5_000) await new Promise((r) => setTimeout(r, 50));
      const { lifts } = searchThread.priority();
      expect(searchThread.priority()).toEqual({ idle: true, lifts });
      expect(threads().filter((t) => t.policy === SCHED_IDLE)).toEqual([{ nice: 10, policy: SCHED_IDLE }]);
      expect(threads().filter((t) => t.policy === SCHED_OTHER)).toHaveLength(threads().length - 1);
      // A search held 300 ms by a lock on the search table: after 100 ms of waiting the search
      // thread is lifted into the normal class (at its nice value), and goes back half a second later.
      let searched: Promise<Awaited<ReturnType<typeof body>>> | undefined;
      await threaded.db.transaction(async (tx) => {
        await tx.execute(sql`lock table job_search in access exclusive mode`);
        searched = body(threaded.app, 'search=lamplighter');
        await new Promise((r) => setTimeout(r, 300));
        expect(searchThread.priority()).toEqual({ idle: false, lifts: lifts + 1 });
        expect(threads().filter((t) => t.nice === 10)).toEqual([{ nice: 10, policy: SCHED_OTHER }]);
      });
      expect((await searched!).count).toBe(0);
      await new Promise((r) => setTimeout(r, 1_000));
      expect(searchThread.priority()).toEqual({ idle: true, lifts: lifts + 1 });
      expect(threads().filter((t) => t.nice === 10)).toEqual([{ nice: 10, policy: SCHED_IDLE }]);
    },
  );

  it('answers 503 while its thread is down after a crash, and searches again once another has started', async () => {
    expect((await body(threaded.app, 'search=lighthouse')).count).toBeGreaterThan(0);
    await (threaded.app.jobSearch as SearchThread).terminate();
    const down = await threaded.app.inject({ url: '/api/jobs/?search=lighthouse' });
    expect(down.statusCode).toBe(503);
    expect(down.json()).toMatchObject({ code: 'service_unavailable' });
    const stopped = Date.now();
    let res = down;
    while (res.statusCode === 503 && Date.now() - stopped < 10_000) {
      await new Promise((r) => setTimeout(r, 100));
      res = await threaded.app.inject({ url: '/api/jobs/?search=lighthouse' });
    }
    expect(res.statusCode).toBe(200);
    expect(jobSearchResult.parse(res.json()).count).toBeGreaterThan(0);
  });

  it('shows a job posted through this server to the next search, and still refuses bad input and callers who may not', async () => {
    const employer = await signedInUser(threaded, { role: 'employer' });
    await createCompany(threaded.db, employer.user.id, { isApproved: true });
    const category = (await createCategory(threaded.db, 'Surveying')).id;
    const count = async () => (await body(threaded.app, 'search=hydrographer')).count;
    expect(await count()).toBe(0);
    expect(await count()).toBe(0);
    const payload = {
      title: 'Hydrographer',
      description: 'Survey the sea floor along the coast and keep the charts of the harbour up to date.',
      location: 'Brest, France',
      is_remote: false,
      employment_type: 'Full-time',
      experience_level: 'Mid level',
      categories: [category],
      skills_required: [],
      status: 'open',
    };
    const res = await threaded.app.inject({ method: 'POST', url: '/api/jobs/', headers: bearer(employer.token), payload });
    expect(res.statusCode).toBe(201);
    expect(await count()).toBe(1);
    const bad = await threaded.app.inject({ url: '/api/jobs/?page=abc' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'validation_error' });
    const seeker = await signedInUser(threaded, { role: 'jobseeker' });
    expect((await threaded.app.inject({ method: 'POST', url: '/api/jobs/', headers: bearer(seeker.token), payload })).statusCode).toBe(403);
  });
});
