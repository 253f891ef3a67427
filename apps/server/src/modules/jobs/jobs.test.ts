import { eq } from 'drizzle-orm';
import { jobSearchResult } from '@jobportal/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, jobs } from '../../db/schema';
import { createCategory, createCompany, createJob, createSkill, type JobSeed } from '../../seed/factories';
import { utcToday } from '../../lib/dates';
import { loadConfig } from '../../config';
import { bearer, createTestApp, json, signedInUser, testEnv, type TestApp } from '../../test/harness';
import { matchEnd, matchStart } from './snippets';

let t: TestApp;
let admin: string;
let seeker: string;
let categoryIds: number[];
let skillIds: number[];

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_MULTIPLIER: '100' });
  admin = (await signedInUser(t, { role: 'admin' })).token;
  seeker = (await signedInUser(t, { role: 'jobseeker' })).token;
  categoryIds = [(await createCategory(t.db, 'Engineering')).id, (await createCategory(t.db, 'Design')).id];
  skillIds = [(await createSkill(t.db, 'Python')).id, (await createSkill(t.db, 'Figma')).id, (await createSkill(t.db, 'SQL')).id];
});
afterAll(() => t?.close());

const day = 86_400_000;
const dateIn = (days: number) => utcToday(new Date(Date.now() + days * day));

type Job = {
  id: number;
  title: string;
  status: string;
  is_public: boolean;
  not_public_reason: string | null;
  applicants_count?: number;
  categories: Array<{ id: number; name: string }>;
  skills_required: Array<{ id: number; name: string }>;
  company: { id: number; name: string };
  salary_min: number | null;
  salary_max: number | null;
  currency: string;
  description: string;
  application_deadline: string | null;
};
type Facet = { value: string; label: string; count: number };
type SearchResult = {
  results: Array<{
    id: number;
    title: string;
    snippet: string;
    snippet_highlights: Array<[number, number]>;
    currency: string;
    company: { id: number; name: string };
    skills: string[];
  }>;
  count: number;
  count_is_estimate: boolean;
  next: string | null;
  previous: string | null;
  corrected_search: string | null;
  facets: Record<'employment_type' | 'experience_level' | 'category' | 'skills' | 'location' | 'is_remote' | 'posted_within', Facet[]>;
};

async function employerWithCompany(isApproved = true) {
  const employer = await signedInUser(t, { role: 'employer' });
  const company = await createCompany(t.db, employer.user.id, { isApproved });
  return { ...employer, company };
}

/** An approved company of its own with these jobs, so a search filtered by it sees exactly them. */
async function companyWithJobs(seeds: JobSeed[], isApproved = true) {
  const owner = await employerWithCompany(isApproved);
  const made = [];
  for (const seed of seeds) made.push(await createJob(t.db, owner.company.id, seed));
  return { ...owner, jobs: made };
}

const search = async (query: string) => {
  const res = await t.app.inject({ url: `/api/jobs/?${query}` });
  expect(res.statusCode, `${query}: ${res.body}`).toBe(200);
  return json<SearchResult>(res);
};
const facet = (result: SearchResult, name: keyof SearchResult['facets'], value: string) =>
  result.facets[name].find((f) => f.value === value)?.count;

const validJob = () => ({
  title: 'Senior Platform Engineer',
  description: 'Build and run the platform our product teams deploy to, with a focus on reliability and cost.',
  responsibilities: '- Run Kubernetes\n- Automate everything',
  qualifications: '- Five years of experience',
  nice_to_have: '- Terraform',
  location: 'Berlin, Germany',
  is_remote: true,
  salary_min: 80000,
  salary_max: 110000,
  employment_type: 'Full-time',
  experience_level: 'Senior level',
  job_function: 'Infrastructure',
  categories: [categoryIds[0]],
  skills_required: [skillIds[0], skillIds[2]],
  application_deadline: dateIn(30),
  status: 'open',
});

describe('POST /api/jobs/', () => {
  it('posts a job with every field for an employer with a company', async () => {
    const { token, company } = await employerWithCompany();
    const res = await t.app.inject({ method: 'POST', url: '/api/jobs/', headers: bearer(token), payload: validJob() });
    expect(res.statusCode).toBe(201);
    const job = json<Job>(res);
    const { categories: _c, skills_required: _s, ...plain } = validJob();
    expect(job).toMatchObject({ ...plain, is_public: true, not_public_reason: null, applicants_count: 0, company: { id: company.id } });
    expect(job.categories).toEqual([{ id: categoryIds[0], name: 'Engineering' }]);
    expect(job.skills_required).toEqual([
      { id: skillIds[0], name: 'Python' },
      { id: skillIds[2], name: 'SQL' },
    ]);
    expect((await t.app.inject({ url: `/api/jobs/${job.id}/` })).statusCode).toBe(200);
  });

  it("pays in the company's default currency unless the job names another", async () => {
    const { token, company } = await employerWithCompany();
    await t.db.update(companies).set({ defaultCurrency: 'EUR' }).where(eq(companies.id, company.id));
    const post = (payload: object) => t.app.inject({ method: 'POST', url: '/api/jobs/', headers: bearer(token), payload });
    const inDefault = await post(validJob());
    expect(inDefault.statusCode).toBe(201);
    expect(json<Job>(inDefault).currency).toBe('EUR');
    const inPounds = await post({ ...validJob(), currency: 'gbp' });
    expect(inPounds.statusCode).toBe(201);
    const id = json<Job>(inPounds).id;
    expect(json<Job>(inPounds).currency).toBe('GBP');
    const patched = await t.app.inject({ method: 'PATCH', url: `/api/jobs/${id}/`, headers: bearer(token), payload: { currency: 'CHF' } });
    expect(json<Job>(patched)).toMatchObject({ currency: 'CHF', salary_min: 80000 });
    const read = json<Job>(await t.app.inject({ url: `/api/jobs/${id}/` }));
    expect(read.currency).toBe('CHF');
    for (const currency of ['EURO', 'XXX', 'E1R', '', 42]) {
      const res = await post({ ...validJob(), currency });
      expect(res.statusCode, String(currency)).toBe(400);
      expect(Object.keys(json<{ fields: object }>(res).fields)).toEqual(['currency']);
    }
    expect(json(await post({ ...validJob(), currency: 'EURO' })).detail).toMatch(/EURO is not a currency code \(ISO 4217\)/);
    // Someone else's employer may not change it.
    const other = await employerWithCompany();
    const refused = await t.app.inject({
      method: 'PATCH',
      url: `/api/jobs/${id}/`,
      headers: bearer(other.token),
      payload: { currency: 'USD' },
    });
    expect(refused.statusCode).toBe(403);
  });

  it('refuses an employer without a company with 403 and a clear reason', async () => {
    const { token } = await signedInUser(t, { role: 'employer' });
    const res = await t.app.inject({ method: 'POST', url: '/api/jobs/', headers: bearer(token), payload: validJob() });
    expect(res.statusCode).toBe(403);
    expect(json(res).detail).toMatch(/company details/);
  });

  it('lets an employer of an unapproved company post, not publicly', async () => {
    const { token } = await employerWithCompany(false);
    const res = await t.app.inject({ method: 'POST', url: '/api/jobs/', headers: bearer(token), payload: validJob() });
    expect(res.statusCode).toBe(201);
    expect(json<Job>(res)).toMatchObject({ is_public: false, not_public_reason: 'company_not_approved' });
    expect((await t.app.inject({ url: `/api/jobs/${json<Job>(res).id}/` })).statusCode).toBe(404);
  });

  it('refuses bad input with 400 naming the fields', async () => {
    const { token } = await employerWithCompany();
    const cases: Array<[Record<string, unknown>, string[]]> = [
      [{ salary_min: 90000, salary_max: 50000 }, ['salary_min']],
      [{ application_deadline: dateIn(-1) }, ['application_deadline']],
      [{ categories: [999999], skills_required: [skillIds[0], 888888] }, ['categories', 'skills_required']],
      [
        { title: 'ab', description: 'too short', location: '', employment_type: 'Gig', experience_level: 'Guru' },
        ['description', 'employment_type', 'experience_level', 'location', 'title'],
      ],
      [
        { salary_min: -5, salary_max: 1.5, status: 'draft', application_deadline: '31/12/2030' },
        ['application_deadline', 'salary_max', 'salary_min', 'status'],
      ],
      [{ categories: [1, 2, 3, 4, 5, 6], skills_required: [99999999999] }, ['categories', 'skills_required.0']],
      [
        { title: 'x'.repeat(121), description: 'y'.repeat(10_001), nice_to_have: 'z'.repeat(3001) },
        ['description', 'nice_to_have', 'title'],
      ],
    ];
    for (const [change, fields] of cases) {
      const res = await t.app.inject({ method: 'POST', url: '/api/jobs/', headers: bearer(token), payload: { ...validJob(), ...change } });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      const body = json<{ code: string; fields: Record<string, string[]> }>(res);
      expect(body.code).toBe('validation_error');
      expect(Object.keys(body.fields).sort(), JSON.stringify(change)).toEqual(fields);
    }
    // A closed job may carry a past deadline.
    const closed = await t.app.inject({
      method: 'POST',
      url: '/api/jobs/',
      headers: bearer(token),
      payload: { ...validJob(), status: 'closed', application_deadline: dateIn(-3) },
    });
    expect(closed.statusCode).toBe(201);
  });

  it('lets only employers post (401 anonymous, 403 job seekers and admins)', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/jobs/', payload: validJob() })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/jobs/', headers: bearer(seeker), payload: validJob() })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/api/jobs/', headers: bearer(admin), payload: validJob() })).statusCode).toBe(403);
  });
});

describe('GET /api/jobs/{id}/', () => {
  it('shows a public job and its company to anyone, without applicant counts', async () => {
    const { jobs: made, company } = await companyWithJobs([{ title: 'Visible role' }]);
    const res = await t.app.inject({ url: `/api/jobs/${made[0]!.id}/` });
    expect(res.statusCode).toBe(200);
    const job = json<Job>(res);
    expect(job).toMatchObject({
      title: 'Visible role',
      is_public: true,
      not_public_reason: null,
      company: { id: company.id, name: company.name },
    });
    expect(job.applicants_count).toBeUndefined();
    expect(json<Job>(await t.app.inject({ url: `/api/jobs/${made[0]!.id}/`, headers: bearer(seeker) })).applicants_count).toBeUndefined();
  });

  it('hides closed, past-deadline and unapproved-company jobs from everyone but the owner and admins', async () => {
    const hidden = await companyWithJobs([{ status: 'closed' }, { applicationDeadline: dateIn(-1) }]);
    const pending = await companyWithJobs([{}], false);
    const other = await employerWithCompany();
    const cases: Array<[number, string, string]> = [
      [hidden.jobs[0]!.id, hidden.token, 'closed'],
      [hidden.jobs[1]!.id, hidden.token, 'deadline_passed'],
      [pending.jobs[0]!.id, pending.token, 'company_not_approved'],
    ];
    for (const [id, ownerToken, reason] of cases) {
      const url = `/api/jobs/${id}/`;
      for (const headers of [{}, bearer(seeker), bearer(other.token)]) {
        const res = await t.app.inject({ url, headers });
        expect(res.statusCode, reason).toBe(404);
        expect(json(res).detail).toMatch(/no longer available/);
      }
      for (const token of [ownerToken, admin]) {
        const res = await t.app.inject({ url, headers: bearer(token) });
        expect(res.statusCode, reason).toBe(200);
        expect(json<Job>(res)).toMatchObject({ is_public: false, not_public_reason: reason, applicants_count: 0 });
      }
    }
    // A deadline of today still counts as open.
    const today = await companyWithJobs([{ applicationDeadline: utcToday() }]);
    expect((await t.app.inject({ url: `/api/jobs/${today.jobs[0]!.id}/` })).statusCode).toBe(200);
  });

  it('answers 404 for unknown ids and 400 for malformed ones', async () => {
    expect((await t.app.inject({ url: '/api/jobs/999999/' })).statusCode).toBe(404);
    for (const id of ['abc', '0', '-3', '1.5', '99999999999', '1e3x']) {
      expect((await t.app.inject({ url: `/api/jobs/${id}/` })).statusCode, id).toBe(400);
    }
    expect((await t.app.inject({ url: '/api/jobs/1/', headers: bearer('expired-or-forged') })).statusCode).toBe(401);
  });
});

describe('PUT, PATCH and DELETE /api/jobs/{id}/', () => {
  it('lets the owner replace a job', async () => {
    const { token, jobs: made } = await companyWithJobs([{ title: 'Old title', skillIds: [skillIds[1]!] }]);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/jobs/${made[0]!.id}/`,
      headers: bearer(token),
      payload: { ...validJob(), title: 'New title' },
    });
    expect(res.statusCode).toBe(200);
    expect(json<Job>(res)).toMatchObject({ title: 'New title', salary_min: 80000 });
    expect(json<Job>(res).skills_required.map((s) => s.name)).toEqual(['Python', 'SQL']);
  });

  it('closes and reopens with PATCH, keeping what the PATCH leaves out', async () => {
    const { token, jobs: made } = await companyWithJobs([
      { title: 'Patchable', salaryMin: 50000, salaryMax: 60000, categoryIds: [categoryIds[1]!], responsibilities: 'Keep this' },
    ]);
    const url = `/api/jobs/${made[0]!.id}/`;
    const closed = await t.app.inject({ method: 'PATCH', url, headers: bearer(token), payload: { status: 'closed' } });
    expect(closed.statusCode).toBe(200);
    expect(json<Job>(closed)).toMatchObject({
      status: 'closed',
      is_public: false,
      not_public_reason: 'closed',
      title: 'Patchable',
      salary_min: 50000,
    });
    expect(json<Job>(closed).categories.map((c) => c.id)).toEqual([categoryIds[1]]);
    expect((await t.app.inject({ url })).statusCode).toBe(404);

    const reopened = await t.app.inject({ method: 'PATCH', url, headers: bearer(token), payload: { status: 'open' } });
    expect(json<Job>(reopened)).toMatchObject({ status: 'open', is_public: true });
    const [row] = await t.db.select().from(jobs).where(eq(jobs.id, made[0]!.id));
    expect(row?.responsibilities).toBe('Keep this');
  });

  it('checks salary order and deadlines against the stored job', async () => {
    const { token, jobs: made } = await companyWithJobs([
      { salaryMin: 50000, salaryMax: 60000 },
      { status: 'closed', applicationDeadline: dateIn(-2) },
      { applicationDeadline: dateIn(-2) },
    ]);
    const patch = (i: number, payload: object) =>
      t.app.inject({ method: 'PATCH', url: `/api/jobs/${made[i]!.id}/`, headers: bearer(token), payload });
    const salary = await patch(0, { salary_min: 70000 });
    expect(salary.statusCode).toBe(400);
    expect(json<{ fields: object }>(salary).fields).toHaveProperty('salary_min');
    // Reopening with a past deadline is refused; with a new deadline it works.
    expect((await patch(1, { status: 'open' })).statusCode).toBe(400);
    expect((await patch(1, { status: 'open', application_deadline: dateIn(10) })).statusCode).toBe(200);
    // An open job whose deadline passed can still have its title fixed, but not a past deadline set.
    expect((await patch(2, { title: 'Fixed title' })).statusCode).toBe(200);
    expect((await patch(2, { application_deadline: dateIn(-5) })).statusCode).toBe(400);
    expect((await patch(0, { categories: [424242] })).statusCode).toBe(400);
    expect((await patch(0, { status: 'paused' })).statusCode).toBe(400);
  });

  it("answers 403 for another employer's public job, 404 for a hidden one, 403 for other roles, 401 anonymous", async () => {
    const { jobs: made } = await companyWithJobs([{ title: 'Guarded' }]);
    const { jobs: hidden } = await companyWithJobs([{ title: 'Closed', status: 'closed' }]);
    const other = await employerWithCompany();
    const url = `/api/jobs/${made[0]!.id}/`;
    const hiddenUrl = `/api/jobs/${hidden[0]!.id}/`;
    for (const method of ['PUT', 'PATCH'] as const) {
      // A public job is visible to everyone, so changing another company's is refused (403); a closed one is not even seen (404).
      expect((await t.app.inject({ method, url, headers: bearer(other.token), payload: validJob() })).statusCode).toBe(403);
      expect((await t.app.inject({ method, url: hiddenUrl, headers: bearer(other.token), payload: validJob() })).statusCode).toBe(404);
      expect((await t.app.inject({ method, url, headers: bearer(seeker), payload: validJob() })).statusCode).toBe(403);
      expect((await t.app.inject({ method, url, headers: bearer(admin), payload: validJob() })).statusCode).toBe(403);
      expect((await t.app.inject({ method, url, payload: validJob() })).statusCode).toBe(401);
      expect((await t.app.inject({ method, url: '/api/jobs/999999/', headers: bearer(other.token), payload: validJob() })).statusCode).toBe(
        404,
      );
    }
    expect((await t.app.inject({ method: 'DELETE', url, headers: bearer(other.token) })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'DELETE', url: hiddenUrl, headers: bearer(other.token) })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url, headers: bearer(seeker) })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'DELETE', url })).statusCode).toBe(401);
    const [row] = await t.db.select().from(jobs).where(eq(jobs.id, made[0]!.id));
    expect(row?.title).toBe('Guarded');
  });

  it('lets the owner or an admin delete a job', async () => {
    const { token, jobs: made } = await companyWithJobs([{}, {}]);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/jobs/${made[0]!.id}/`, headers: bearer(token) })).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/jobs/${made[1]!.id}/`, headers: bearer(admin) })).statusCode).toBe(204);
    expect((await t.app.inject({ url: `/api/jobs/${made[0]!.id}/`, headers: bearer(token) })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/jobs/${made[0]!.id}/`, headers: bearer(token) })).statusCode).toBe(404);
  });
});

describe('GET /api/jobs/mine/', () => {
  it("lists the employer's own jobs with status, why not public, and applicants", async () => {
    const { token, jobs: made } = await companyWithJobs([
      { title: 'Mine open' },
      { title: 'Mine closed', status: 'closed' },
      { title: 'Mine expired', applicationDeadline: dateIn(-1) },
    ]);
    await companyWithJobs([{ title: 'Not mine' }]);
    const res = await t.app.inject({ url: '/api/jobs/mine/', headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    const body = json<{ results: Job[]; count: number }>(res);
    expect(body.count).toBe(3);
    expect(body.results.map((j) => [j.title, j.status, j.not_public_reason, j.applicants_count])).toEqual([
      ['Mine expired', 'open', 'deadline_passed', 0],
      ['Mine closed', 'closed', 'closed', 0],
      ['Mine open', 'open', null, 0],
    ]);
    const closed = json<{ results: Job[] }>(await t.app.inject({ url: '/api/jobs/mine/?status=closed', headers: bearer(token) }));
    expect(closed.results.map((j) => j.id)).toEqual([made[1]!.id]);
    const searched = json<{ results: Job[] }>(await t.app.inject({ url: '/api/jobs/mine/?search=expired', headers: bearer(token) }));
    expect(searched.results.map((j) => j.id)).toEqual([made[2]!.id]);
    const paged = json<{ results: Job[]; next: string | null }>(
      await t.app.inject({ url: '/api/jobs/mine/?page_size=2', headers: bearer(token) }),
    );
    expect(paged.results).toHaveLength(2);
    expect(paged.next).toContain('page=2');
  });

  it('is empty for an employer without a company, and only for employers', async () => {
    const { token } = await signedInUser(t, { role: 'employer' });
    expect(json(await t.app.inject({ url: '/api/jobs/mine/', headers: bearer(token) }))).toMatchObject({ results: [], count: 0 });
    expect((await t.app.inject({ url: '/api/jobs/mine/' })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/jobs/mine/', headers: bearer(seeker) })).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/jobs/mine/?status=archived', headers: bearer(token) })).statusCode).toBe(400);
  });
});

describe('GET /api/jobs/ search', () => {
  it('shows the matching passage from a sentence start, with every matched word as a range to mark', async () => {
    const { company } = await companyWithJobs([
      {
        title: 'Office Manager',
        description:
          'We are a family business of forty people near the harbour, and we like it that way. ' +
          'Our days are varied and calm. Every spring the team restores old ferries together. ' +
          'You will keep our office running and look after the visitors who come to see the ferries, with a warm welcome.',
        postedAt: new Date(),
      },
    ]);
    const [hit] = (await search(`search=ferries&company=${company.id}`)).results;
    expect(hit!.snippet).toMatch(/^(Every spring|Our days|You will)/);
    const marked = hit!.snippet_highlights.map(([a, b]) => hit!.snippet.slice(a, b).toLowerCase());
    expect(marked.length).toBeGreaterThan(0);
    expect(new Set(marked)).toEqual(new Set(['ferries']));
    expect(hit!.snippet).not.toMatch(/[<>]/);
    expect(hit!.snippet.includes(matchStart) || hit!.snippet.includes(matchEnd)).toBe(false);
    // No words searched: the opening, no ranges.
    const [plain] = (await search(`company=${company.id}`)).results;
    expect(plain!.snippet.startsWith('We are a family business')).toBe(true);
    expect(plain!.snippet_highlights).toEqual([]);
  });

  it("sends exactly the response schema's fields, when computed and when served from the cache", async () => {
    const { company } = await companyWithJobs([{ title: 'Ferry engineer', description: 'Keep the ferries running.' }]);
    const bodies: unknown[] = [];
    for (let i = 0; i < 2; i++) {
      const res = await t.app.inject({ url: `/api/jobs/?search=ferry&company=${company.id}` });
      expect(res.statusCode).toBe(200);
      bodies.push(JSON.parse(res.body));
    }
    const [computed, cached] = bodies;
    expect(cached).toEqual(computed);
    // Nothing the schema does not name, and every field valid (parse strips and checks).
    expect(jobSearchResult.parse(computed)).toEqual(computed);
    expect((computed as { results: unknown[] }).results).toHaveLength(1);
  });

  it('ranks a title match above a description-only match', async () => {
    const { company } = await companyWithJobs([
      {
        title: 'Office Manager',
        description: 'Keep our office running. You will also order kestrel themed mugs and kestrel posters for the kestrel room.',
        postedAt: new Date(),
      },
      {
        title: 'Kestrel Engineer',
        description: 'Build the software behind our bird tracking devices in the field.',
        postedAt: new Date(Date.now() - 20 * day),
      },
    ]);
    const result = await search(`search=kestrel&company=${company.id}`);
    expect(result.results.map((r) => r.title)).toEqual(['Kestrel Engineer', 'Office Manager']);
    expect(result.results[1]!.snippet).toContain('kestrel');
    // Without relevance the newer one comes first.
    expect((await search(`search=kestrel&company=${company.id}&sort=newest`)).results.map((r) => r.title)).toEqual([
      'Office Manager',
      'Kestrel Engineer',
    ]);
  });

  it('corrects typos against the known words and says so ("pyhton" finds Python jobs)', async () => {
    const { company } = await companyWithJobs([
      { title: 'Python Developer', skillIds: [skillIds[0]!] },
      { title: 'Senior Backend Developer', description: 'We write our services in Python and run them on Kubernetes clusters.' },
      { title: 'Gardener', description: 'Look after the plants of our rooftop garden, every single day.' },
    ]);
    const typo = await search(`search=pyhton&company=${company.id}`);
    expect(typo.corrected_search).toBe('python');
    expect(typo.results.map((r) => r.title).sort()).toEqual(['Python Developer', 'Senior Backend Developer']);
    expect(typo.results[0]!.title).toBe('Python Developer');

    const two = await search(`search=${encodeURIComponent('senior pyhton devloper')}&company=${company.id}`);
    expect(two.corrected_search).toBe('senior python developer');
    expect(two.results.map((r) => r.title)).toEqual(['Senior Backend Developer']);

    const exact = await search(`search=python&company=${company.id}`);
    expect(exact.corrected_search).toBeNull();
    const nonsense = await search(`search=qwxzzkv&company=${company.id}`);
    expect(nonsense).toMatchObject({ count: 0, corrected_search: null, results: [] });
  });

  it('corrects every misspelt word of a search, also one whose stem happens to match, and keeps the right ones', async () => {
    const { company } = await companyWithJobs([
      { title: 'Python Engineer', description: 'Build data pipelines with our platform engineers.' },
      { title: 'Office Manager', description: 'Keep our office running smoothly for the whole team.' },
    ]);
    // "enginer" stems like "engineer" and would match; "pyhton" matches nothing: both are corrected.
    const both = await search(`search=${encodeURIComponent('pyhton enginer')}&company=${company.id}`);
    expect(both.corrected_search).toBe('python engineer');
    expect(both.results.map((r) => r.title)).toEqual(['Python Engineer']);
    // A right word stays as it was typed.
    const one = await search(`search=${encodeURIComponent('pyhton Engineer')}&company=${company.id}`);
    expect(one.corrected_search).toBe('python Engineer');
  });

  it('corrects a word whose lexeme is a letter from a known one, though no job has the word itself ("devloper")', async () => {
    const { company } = await companyWithJobs([
      { title: 'Studio hand', description: 'Learn glassblowing from our masters, and teach glassblowing to visitors.' },
    ]);
    // No job text has "glassblower"; its lexeme `glassblow` is one letter from what was typed.
    const missing = await search(`search=glasblower&company=${company.id}`);
    expect(missing).toMatchObject({ count: 1, corrected_search: 'glassblower' });
    const two = await search(`search=${encodeURIComponent('studo glasblower')}&company=${company.id}`);
    expect(two).toMatchObject({ count: 1, corrected_search: 'studio glassblower' });
    // A correction that still finds nothing (here: another company's jobs) says so: a correction and no jobs.
    const other = await companyWithJobs([{ title: 'Potter' }]);
    expect(await search(`search=glasblower&company=${other.company.id}`)).toMatchObject({
      count: 0,
      corrected_search: 'glassblower',
      results: [],
    });
  });

  it('matches phrases in quotes and every word of a multi-word search', async () => {
    const { company } = await companyWithJobs([
      { title: 'ML Engineer', description: 'Put machine learning models into production for our fraud team.' },
      { title: 'Learning Designer', description: 'Design learning paths; no machine can replace a good teacher here.' },
      { title: 'Teacher', description: 'Teach children to read and write in our after-school club.' },
    ]);
    const phrase = await search(`search=${encodeURIComponent('"machine learning"')}&company=${company.id}`);
    expect(phrase.results.map((r) => r.title)).toEqual(['ML Engineer']);
    const words = await search(`search=${encodeURIComponent('machine learning')}&company=${company.id}`);
    expect(words.results.map((r) => r.title).sort()).toEqual(['Learning Designer', 'ML Engineer']);
    const excluded = await search(`search=${encodeURIComponent('learning -fraud')}&company=${company.id}`);
    expect(excluded.results.map((r) => r.title)).toEqual(['Learning Designer']);
    // Stemming: "teaching" finds "teach" and "teacher"... in the english configuration.
    expect((await search(`search=teaching&company=${company.id}`)).count).toBeGreaterThan(0);
  });

  it('finds jobs by skill and company name', async () => {
    const { company } = await companyWithJobs([{ title: 'Illustrator', skillIds: [skillIds[1]!] }]);
    expect((await search(`search=figma&company=${company.id}`)).results.map((r) => r.title)).toEqual(['Illustrator']);
    const byName = await search(`search=${encodeURIComponent(company.name)}`);
    expect(byName.results.map((r) => r.company.id)).toContain(company.id);
  });

  it('filters by location, remote, type, level, category, skills, salary overlap and posted date', async () => {
    const { company } = await companyWithJobs([
      {
        title: 'A',
        location: 'Berlin, Germany',
        employmentType: 'Full-time',
        experienceLevel: 'Senior level',
        salaryMin: 40000,
        salaryMax: 60000,
        categoryIds: [categoryIds[0]!],
        skillIds: [skillIds[0]!],
      },
      {
        title: 'B',
        location: 'Berlin, Germany',
        employmentType: 'Full-time',
        experienceLevel: 'Mid level',
        salaryMin: 70000,
        salaryMax: 90000,
        categoryIds: [categoryIds[1]!],
        postedAt: new Date(Date.now() - 10 * day),
      },
      {
        title: 'C',
        location: 'London, United Kingdom',
        employmentType: 'Contract',
        experienceLevel: 'Senior level',
        salaryMin: 100000,
        salaryMax: null,
        skillIds: [skillIds[1]!],
        postedAt: new Date(Date.now() - 3 * day),
      },
      {
        title: 'D',
        location: 'Remote',
        isRemote: true,
        employmentType: 'Part-time',
        experienceLevel: 'Entry level',
        postedAt: new Date(Date.now() - 40 * day),
      },
    ]);
    const titles = async (q: string) =>
      (await search(`company=${company.id}&sort=newest&${q}`)).results
        .map((r) => r.title)
        .sort()
        .join('');
    expect(await titles('')).toBe('ABCD');
    expect(await titles('location=berlin')).toBe('AB');
    expect(await titles('is_remote=true')).toBe('D');
    expect(await titles('is_remote=false')).toBe('ABC');
    expect(await titles('employment_type=Full-time,Contract')).toBe('ABC');
    expect(await titles('experience_level=Senior%20level&experience_level=Entry%20level')).toBe('ACD');
    expect(await titles(`category=${categoryIds[1]}`)).toBe('B');
    expect(await titles(`skills=${skillIds[0]},${skillIds[1]}`)).toBe('AC');
    expect(await titles('salary_min=55000&salary_max=75000&currency=USD')).toBe('AB');
    expect(await titles('salary_min=95000&currency=USD')).toBe('C');
    expect(await titles('salary_max=50000&currency=usd')).toBe('A');
    expect(await titles('posted_within=7')).toBe('AC');
    expect(await titles('posted_within=30')).toBe('ABC');
  });

  it('reads a pay filter in its currency: 80,000 EUR is not 80,000 JPY', async () => {
    const { company } = await companyWithJobs([
      { title: 'E', currency: 'EUR', salaryMin: 80000, salaryMax: 90000 },
      { title: 'J', currency: 'JPY', salaryMin: 80000, salaryMax: 90000 },
      { title: 'U', currency: 'USD', salaryMin: 85000 },
      { title: 'Y', currency: 'JPY', salaryMin: 9_000_000, salaryMax: 12_000_000 },
      { title: 'N', currency: 'EUR' },
    ]);
    const titles = async (q: string) =>
      (await search(`company=${company.id}&${q}`)).results
        .map((r) => r.title)
        .sort()
        .join('');
    expect(await titles('salary_min=80000&currency=EUR')).toBe('E');
    expect(await titles('salary_min=80000&currency=jpy')).toBe('JY');
    expect(await titles('salary_min=80000&salary_max=100000&currency=JPY')).toBe('J');
    expect(await titles('salary_min=80000&currency=USD&sort=salary')).toBe('U');
    expect(await titles('currency=EUR')).toBe('EN');
    expect(await titles('currency=GBP')).toBe('');
    // Highest pay first within one currency, walked or collected alike.
    expect((await search(`company=${company.id}&currency=JPY&sort=salary`)).results.map((r) => r.title)).toEqual(['Y', 'J']);
    const results = (await search(`company=${company.id}&salary_min=80000&currency=EUR`)).results;
    expect(results.map((r) => r.currency)).toEqual(['EUR']);

    const refused = async (q: string, field: string, detail: RegExp) => {
      const res = await t.app.inject({ url: `/api/jobs/?${q}` });
      expect(res.statusCode, q).toBe(400);
      expect(Object.keys(json<{ fields: object }>(res).fields)).toEqual([field]);
      expect(json(res).detail).toMatch(detail);
    };
    await refused('salary_min=80000', 'currency', /which currency/);
    await refused('salary_max=80000', 'currency', /which currency/);
    await refused('salary_min=80000&currency=EURO', 'currency', /EURO is not a currency code/);
    await refused('currency=ABC', 'currency', /ABC is not a currency code/);
  });

  it('counts each facet with every other filter but not its own', async () => {
    const { company } = await companyWithJobs([
      {
        title: 'A',
        location: 'Berlin, Germany',
        employmentType: 'Full-time',
        experienceLevel: 'Senior level',
        categoryIds: [categoryIds[0]!],
        skillIds: [skillIds[0]!, skillIds[2]!],
      },
      {
        title: 'B',
        location: 'Berlin, Germany',
        employmentType: 'Full-time',
        experienceLevel: 'Mid level',
        categoryIds: [categoryIds[1]!],
        skillIds: [skillIds[2]!],
      },
      {
        title: 'C',
        location: 'London, United Kingdom',
        employmentType: 'Contract',
        experienceLevel: 'Senior level',
        isRemote: true,
        skillIds: [skillIds[1]!],
      },
      {
        title: 'D',
        location: 'Remote',
        employmentType: 'Part-time',
        experienceLevel: 'Entry level',
        isRemote: true,
        postedAt: new Date(Date.now() - 12 * day),
      },
    ]);
    const all = await search(`company=${company.id}`);
    expect(all.count).toBe(4);
    expect(facet(all, 'employment_type', 'Full-time')).toBe(2);
    expect(facet(all, 'employment_type', 'Freelance')).toBe(0);
    expect(facet(all, 'is_remote', 'true')).toBe(2);
    expect(facet(all, 'posted_within', '7')).toBe(3);
    expect(facet(all, 'posted_within', '30')).toBe(4);
    expect(facet(all, 'skills', String(skillIds[2]))).toBe(2);
    expect(all.facets.category.find((f) => f.value === String(categoryIds[0]))).toEqual({
      value: String(categoryIds[0]),
      label: 'Engineering',
      count: 1,
    });
    expect(all.facets.location[0]).toEqual({ value: 'Berlin, Germany', label: 'Berlin, Germany', count: 2 });

    const narrowed = await search(`company=${company.id}&employment_type=Full-time&experience_level=${encodeURIComponent('Senior level')}`);
    expect(narrowed.count).toBe(1);
    // Its own filter is left out: the other types under "Senior level" still show what they would add.
    expect(facet(narrowed, 'employment_type', 'Full-time')).toBe(1);
    expect(facet(narrowed, 'employment_type', 'Contract')).toBe(1);
    expect(facet(narrowed, 'employment_type', 'Part-time')).toBe(0);
    expect(facet(narrowed, 'experience_level', 'Senior level')).toBe(1);
    expect(facet(narrowed, 'experience_level', 'Mid level')).toBe(1);
    expect(facet(narrowed, 'experience_level', 'Entry level')).toBe(0);
    // Other facets get both filters.
    expect(narrowed.facets.location).toEqual([{ value: 'Berlin, Germany', label: 'Berlin, Germany', count: 1 }]);
    expect(facet(narrowed, 'skills', String(skillIds[2]))).toBe(1);
    expect(facet(narrowed, 'is_remote', 'true')).toBe(0);

    const bySkill = await search(`company=${company.id}&skills=${skillIds[2]}`);
    expect(bySkill.count).toBe(2);
    expect(facet(bySkill, 'skills', String(skillIds[1]))).toBe(1);
    expect(facet(bySkill, 'employment_type', 'Full-time')).toBe(2);
    // A picked value that matches nothing still shows, so it can be unpicked.
    const unused = await createSkill(t.db, 'COBOL');
    const none = await search(`company=${company.id}&skills=${unused.id}`);
    expect(none.count).toBe(0);
    expect(none.facets.skills).toContainEqual({ value: String(unused.id), label: 'COBOL', count: 0 });
  });

  it('sorts by newest and by salary, and pages', async () => {
    const { company } = await companyWithJobs(
      Array.from({ length: 7 }, (_, i) => ({
        title: `Paged ${i}`,
        postedAt: new Date(Date.now() - i * day),
        salaryMin: i === 6 ? null : 30000 + ((i * 37) % 7) * 10000,
        salaryMax: i === 6 ? null : 35000 + ((i * 37) % 7) * 10000,
      })),
    );
    const newest = await search(`company=${company.id}&sort=newest&page_size=3`);
    expect(newest.count).toBe(7);
    expect(newest.results.map((r) => r.title)).toEqual(['Paged 0', 'Paged 1', 'Paged 2']);
    expect(newest.next).toContain('page=2');
    expect(newest.previous).toBeNull();
    const page3 = await search(`company=${company.id}&sort=newest&page_size=3&page=3`);
    expect(page3.results.map((r) => r.title)).toEqual(['Paged 6']);
    expect(page3.next).toBeNull();
    expect(page3.previous).toContain('page=2');
    const beyond = await search(`company=${company.id}&page=9`);
    expect(beyond.results).toEqual([]);

    const bySalary = await search(`company=${company.id}&sort=salary&page_size=7`);
    const rows = await t.db.select().from(jobs).where(eq(jobs.companyId, company.id));
    const pay = new Map(rows.map((r) => [r.title, r.salaryMax]));
    const order = bySalary.results.map((r) => pay.get(r.title) ?? -1);
    expect(order).toEqual([...order].sort((a, b) => b - a));
    expect(bySalary.results.at(-1)?.title).toBe('Paged 6');
  });

  it('shows only public jobs: closing, deadlines and approval changes take effect at once', async () => {
    const {
      company,
      jobs: made,
      token,
    } = await companyWithJobs([
      { title: 'Quokka wrangler' },
      { title: 'Quokka trainer', status: 'closed' },
      { title: 'Quokka keeper', applicationDeadline: dateIn(-1) },
    ]);
    const find = () => search('search=quokka');
    expect((await find()).results.map((r) => r.id)).toEqual([made[0]!.id]);

    await t.app.inject({ method: 'POST', url: `/api/companies/${company.id}/toggle_approval/`, headers: bearer(admin) });
    const hidden = await find();
    expect(hidden.count).toBe(0);
    expect(hidden.facets.employment_type.every((f) => f.count === 0)).toBe(true);
    expect((await t.app.inject({ url: `/api/jobs/${made[0]!.id}/` })).statusCode).toBe(404);
    expect((await search(`company=${company.id}`)).count).toBe(0);

    await t.app.inject({ method: 'POST', url: `/api/companies/${company.id}/toggle_approval/`, headers: bearer(admin) });
    expect((await find()).count).toBe(1);

    await t.app.inject({ method: 'PATCH', url: `/api/jobs/${made[0]!.id}/`, headers: bearer(token), payload: { status: 'closed' } });
    expect((await find()).count).toBe(0);
    await t.app.inject({ method: 'PATCH', url: `/api/jobs/${made[1]!.id}/`, headers: bearer(token), payload: { status: 'open' } });
    expect((await find()).results.map((r) => r.title)).toEqual(['Quokka trainer']);
    await t.app.inject({ method: 'PATCH', url: `/api/jobs/${made[1]!.id}/`, headers: bearer(token), payload: { title: 'Wombat trainer' } });
    expect((await find()).count).toBe(0);
    expect((await search('search=wombat')).count).toBe(1);
  });

  it('shows the facts a reader decides on in each result', async () => {
    const { company } = await companyWithJobs([
      {
        title: 'Summary check',
        description: 'A long description that talks about many things, including the summary we check here.',
        location: 'Lisbon, Portugal',
        isRemote: true,
        salaryMin: 50000,
        salaryMax: 65000,
        skillIds: [skillIds[1]!, skillIds[0]!],
      },
    ]);
    const result = await search(`company=${company.id}`);
    const row = result.results[0]!;
    expect(Object.keys(row).sort()).toEqual([
      'company',
      'currency',
      'employment_type',
      'experience_level',
      'id',
      'is_remote',
      'location',
      'posted_at',
      'salary_max',
      'salary_min',
      'skills',
      'snippet',
      'snippet_highlights',
      'title',
    ]);
    expect(row).toMatchObject({
      title: 'Summary check',
      location: 'Lisbon, Portugal',
      is_remote: true,
      salary_min: 50000,
      salary_max: 65000,
      skills: ['Figma', 'Python'],
    });
    expect(row.company).toEqual({ id: company.id, name: company.name, logo: null });
    expect(row.snippet.length).toBeGreaterThan(20);
  });

  it('keeps working with an empty search and with only stop words or symbols', async () => {
    const { company } = await companyWithJobs([{ title: 'Anything' }]);
    for (const q of ['search=', 'search=%20%20', 'search=the', 'search=%22%22', 'search=-', 'search=%26%7C!()%3A*%3C-%3E']) {
      const res = await search(`${q}&company=${company.id}`);
      expect(res.count, q).toBe(1);
    }
  });

  it('answers garbage in every query parameter with 400, never 5xx', async () => {
    const bad: Record<string, string[]> = {
      page: ['0', '-1', 'x', '1.5', '1e400', '99999999999', ''],
      page_size: ['0', '101', 'many'],
      is_remote: ['yes', '1'],
      employment_type: ['Gig', 'Full-time,Gig'],
      experience_level: ['Guru'],
      category: ['x', '0', '-1', '1.5', '99999999999', Array.from({ length: 21 }, (_, i) => i + 1).join(',')],
      skills: ['abc', '1;drop table jobs'],
      salary_min: ['-1', 'lots', '10000001', '1e9'],
      salary_max: ['-5'],
      posted_within: ['2', 'week'],
      company: ['x', '0', '99999999999'],
      sort: ['random', 'relevance;--'],
      search: ['x'.repeat(201), '%00', 'a%00b'],
      location: ['l'.repeat(121), '%00'],
    };
    for (const [param, values] of Object.entries(bad)) {
      for (const value of values) {
        const res = await t.app.inject({
          url: `/api/jobs/?${param}=${value.startsWith('%') || value.includes('%') ? value : encodeURIComponent(value)}`,
        });
        expect(res.statusCode, `${param}=${value}`).toBe(400);
        expect(json(res).code).toBe('validation_error');
      }
    }
    expect((await t.app.inject({ url: '/api/jobs/?salary_min=90000&salary_max=10000' })).statusCode).toBe(400);
    // Odd but harmless text searches fine.
    for (const value of ["'; drop table jobs; --", '\\', '%_', '"unclosed', '((((', '!!!!', 'a & b | c', 'émigré naïve', '日本語', '😀']) {
      const res = await t.app.inject({ url: `/api/jobs/?search=${encodeURIComponent(value)}&location=${encodeURIComponent(value)}` });
      expect(res.statusCode, value).toBe(200);
    }
  });
});

describe('searches with the result cache (SEARCH_CACHE_TTL, as in production)', () => {
  let s: TestApp;
  beforeAll(async () => {
    s = await createTestApp({ RATE_LIMIT_MULTIPLIER: '100', SEARCH_CACHE_TTL: '300' });
  });
  afterAll(() => s?.close());

  const ids = async (query: string) => {
    const res = await s.app.inject({ url: `/api/jobs/?${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return jobSearchResult.parse(json(res)).results.map((r) => r.id);
  };
  const stats = () => s.app.jobSearch.cacheStats()!;

  async function companyWithTwoJobs(word: string) {
    const employer = await signedInUser(s, { role: 'employer' });
    const company = await createCompany(s.db, employer.user.id, { isApproved: true });
    const first = await createJob(s.db, company.id, { title: `${word} first` });
    const second = await createJob(s.db, company.id, { title: `${word} second` });
    return { employer, company, first, second };
  }

  it('serves a repeated search from the cache, and a new posting in it after the time to live (the employer is told when)', async () => {
    const { employer, first, second } = await companyWithTwoJobs('Lamplighter');
    expect((await ids('search=lamplighter')).sort()).toEqual([first.id, second.id].sort());
    const computed = stats().computations;
    const payload = { ...validJob(), title: 'Lamplighter third', categories: [], skills_required: [] };
    const res = await s.app.inject({ method: 'POST', url: '/api/jobs/', headers: bearer(employer.token), payload });
    expect(res.statusCode).toBe(201);
    // Kept for its time to live: the new job is not in it yet, and nothing was computed again.
    expect(await ids('search=lamplighter')).toHaveLength(2);
    expect(stats().computations).toBe(computed);
    // What the web tells the employer after posting: search shows a new job within the time to live and its grace.
    expect(json(await s.app.inject({ url: '/api/config/' }))).toMatchObject({ searchDelaySeconds: 600 });
  });

  it('shows no job closed, deleted or of a company unapproved in any answer served after the change', async () => {
    const { employer, company, first, second } = await companyWithTwoJobs('Wickmaker');
    const other = await companyWithTwoJobs('Wickmaker');
    const all = [first.id, second.id, other.first.id, other.second.id].sort();
    const queries = ['search=wickmaker', 'search=wickmaker&sort=newest', `company=${company.id}`, 'search=wickmaker&page_size=1&page=2'];
    const answers = async () => Promise.all(queries.map((q) => ids(q)));
    expect((await ids('search=wickmaker')).sort()).toEqual(all);
    await answers();

    const closed = await s.app.inject({
      method: 'PATCH',
      url: `/api/jobs/${first.id}/`,
      headers: bearer(employer.token),
      payload: { status: 'closed' },
    });
    expect(closed.statusCode).toBe(200);
    expect((await answers()).flat()).not.toContain(first.id);

    const deleted = await s.app.inject({ method: 'DELETE', url: `/api/jobs/${second.id}/`, headers: bearer(employer.token) });
    expect(deleted.statusCode).toBe(204);
    expect((await answers()).flat()).not.toContain(second.id);

    const adminToken = (await signedInUser(s, { role: 'admin' })).token;
    const toggled = await s.app.inject({
      method: 'POST',
      url: `/api/companies/${other.company.id}/toggle_approval/`,
      headers: bearer(adminToken),
    });
    expect(json(toggled)).toMatchObject({ is_approved: false });
    expect((await answers()).flat()).not.toContain(other.first.id);
    expect(await ids('search=wickmaker')).toEqual([]);
    expect(stats().drops).toBeGreaterThanOrEqual(3);
  });

  it('shows no job of a company sent back to review or deleted with its owner, by an admin or by the owner themselves', async () => {
    const renamed = await companyWithTwoJobs('Cooper');
    const byAdmin = await companyWithTwoJobs('Cooper');
    const byOwner = await companyWithTwoJobs('Cooper');
    expect(await ids('search=cooper')).toHaveLength(6);
    const { token: adminToken } = await signedInUser(s, { role: 'admin' });
    // A new name sends an approved company back to review (decision 007): its jobs leave search.
    const rename = await s.app.inject({
      method: 'PATCH',
      url: `/api/companies/${renamed.company.id}/`,
      headers: bearer(renamed.employer.token),
      payload: { name: 'Cooper & Daughters' },
    });
    expect(json(rename)).toMatchObject({ is_approved: false });
    expect((await ids('search=cooper')).sort()).toEqual([byAdmin.first.id, byAdmin.second.id, byOwner.first.id, byOwner.second.id].sort());
    const deleted = await s.app.inject({ method: 'DELETE', url: `/api/users/${byAdmin.employer.user.id}/`, headers: bearer(adminToken) });
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect((await ids('search=cooper')).sort()).toEqual([byOwner.first.id, byOwner.second.id].sort());
    const left = await s.app.inject({
      method: 'DELETE',
      url: '/api/account/',
      headers: bearer(byOwner.employer.token),
      payload: { password: 'correct-horse-battery', delete_company: true },
    });
    expect(left.statusCode, left.body).toBe(204);
    expect(await ids('search=cooper')).toEqual([]);
  });

  it('refuses bad cache settings at start, naming the setting', () => {
    expect(() => loadConfig({ ...testEnv, SEARCH_CACHE_TTL: '601' })).toThrow(/SEARCH_CACHE_TTL/);
    expect(() => loadConfig({ ...testEnv, SEARCH_CACHE_TTL: 'soon' })).toThrow(/SEARCH_CACHE_TTL/);
    expect(() => loadConfig({ ...testEnv, SEARCH_CACHE_GRACE: '-1' })).toThrow(/SEARCH_CACHE_GRACE/);
    expect(() => loadConfig({ ...testEnv, SEARCH_CACHE_MB: '0' })).toThrow(/SEARCH_CACHE_MB/);
    expect(() => loadConfig({ ...testEnv, SEARCH_STALE_MS: '500' })).toThrow(/SEARCH_STALE_MS was removed/);
    expect(() => loadConfig({ ...testEnv, SEARCH_THREAD: 'on' })).toThrow(/SEARCH_THREAD was removed/);
    expect(loadConfig({ ...testEnv, SEARCH_CACHE_TTL: '600' }).searchCache).toEqual({ ttlSeconds: 600, graceSeconds: 300, megabytes: 64 });
  });
});
