import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApplicationOut, FeedbackOut, InterviewOut, ProfileOut } from '@jobportal/shared';
import { sql } from 'drizzle-orm';
import { queryRows } from '../db/client';
import { bearer, createTestApp, json, type TestApp } from '../test/harness';
import { demoPassword, seedDemo } from './demo';
import { createRandom, demoSkills, generateJob } from './job-text';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  expect(await seedDemo(t.db, t.storage)).toBe(true);
});
afterAll(() => t?.close());

type Page<T> = { results: T[]; count: number };

describe('demo seed', () => {
  it('runs once: a second call on a seeded database does nothing', async () => {
    expect(await seedDemo(t.db, t.storage)).toBe(false);
  });

  it('has approved and pending companies, open jobs across the filters, and a few closed ones', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login/',
      payload: { email: 'admin@example.com', password: demoPassword },
    });
    const admin = json<{ accessToken: string }>(login).accessToken;
    const companies = json<Page<{ name: string; is_approved: boolean }>>(
      await t.app.inject({ url: '/api/companies/?page_size=100', headers: bearer(admin) }),
    );
    expect(companies.results.filter((c) => c.is_approved).length).toBeGreaterThanOrEqual(5);
    expect(companies.results.filter((c) => !c.is_approved)).toHaveLength(1);

    const all = json<{ count: number; facets: Record<string, Array<{ value: string; count: number }>> }>(
      await t.app.inject({ url: '/api/jobs/' }),
    );
    expect(all.count).toBeGreaterThanOrEqual(60);
    const used = (name: string) => all.facets[name]!.filter((f) => f.count > 0).length;
    expect(used('employment_type')).toBeGreaterThanOrEqual(5);
    expect(used('experience_level')).toBe(4);
    expect(used('category')).toBeGreaterThanOrEqual(10);
    expect(used('location')).toBeGreaterThanOrEqual(6);
    expect(all.facets.is_remote!.every((f) => f.count > 0)).toBe(true);

    const categories = json<Array<{ name: string; job_count: number }>>(await t.app.inject({ url: '/api/job-categories/' }));
    expect(categories.length).toBeGreaterThanOrEqual(12);
    const skills = json<unknown[]>(await t.app.inject({ url: '/api/job-skills/' }));
    expect(skills.length).toBeGreaterThanOrEqual(55);
  });

  it('pays in each company’s own currency, where that is the local one, and shows every company with a logo of its own', async () => {
    const companies = json<Page<{ id: number; name: string; logo: string | null; default_currency: string }>>(
      await t.app.inject({ url: '/api/companies/?page_size=100' }),
    ).results;
    const currencyOf = (name: string) => companies.find((c) => c.name === name)?.default_currency;
    expect(currencyOf('Northwind Labs')).toBe('EUR');
    expect(currencyOf('Copperleaf Commerce')).toBe('GBP');
    expect(currencyOf('Meridian Health')).toBe('CAD');
    expect(currencyOf('Tidewater Logistics')).toBe('USD');
    const jobs = json<Page<{ currency: string; location: string; company: { name: string } }>>(
      await t.app.inject({ url: '/api/jobs/?page_size=100' }),
    ).results;
    for (const job of jobs) expect(job.currency, job.company.name).toBe(currencyOf(job.company.name));
    // A job in New York is not paid in Canadian dollars, nor one in Amsterdam in pounds.
    const localCurrencies: Array<[RegExp, string]> = [
      [/, (Germany|Netherlands|Portugal)$/, 'EUR'],
      [/, United Kingdom$/, 'GBP'],
      [/, Canada$/, 'CAD'],
      [/, [A-Z]{2}$/, 'USD'],
    ];
    const localCurrency = (place: string) =>
      localCurrencies.find(([pattern]) => pattern.test(place))?.[1] ?? `no currency known for ${place}`;
    for (const job of jobs) if (job.location !== 'Remote') expect(job.currency, job.location).toBe(localCurrency(job.location));
    expect(new Set(jobs.map((j) => j.location)).size).toBeGreaterThanOrEqual(8);
    const euros = json<Page<{ currency: string }>>(await t.app.inject({ url: '/api/jobs/?salary_min=1&currency=EUR&page_size=100' }));
    expect(euros.count).toBeGreaterThan(0);
    expect(new Set(euros.results.map((j) => j.currency))).toEqual(new Set(['EUR']));

    const logos = new Set<string>();
    for (const company of companies) {
      expect(company.logo, company.name).not.toBeNull();
      const res = await t.app.inject({ url: company.logo! });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      logos.add(res.rawPayload.toString('base64'));
    }
    expect(logos.size).toBe(companies.length);
  });

  it('gives every demo job seeker a portrait of their own', async () => {
    const [row] = await queryRows<{ n: number; photos: number; distinct: number }>(
      t.db,
      sql`select count(*)::int as n, count(p.photo_file_id)::int as photos, count(distinct p.photo_file_id)::int as "distinct"
        from users u join jobseeker_profiles p on p.user_id = u.id where u.role = 'jobseeker'`,
    );
    expect(row!.n).toBeGreaterThanOrEqual(16);
    expect(row).toEqual({ n: row!.n, photos: row!.n, distinct: row!.n });
  });

  it('gives employer@example.com the approved Northwind Labs with several jobs, some closed', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login/',
      payload: { email: 'employer@example.com', password: demoPassword },
    });
    const body = json<{ accessToken: string; companyDetailsSubmitted: boolean }>(login);
    expect(body.companyDetailsSubmitted).toBe(true);
    const company = json<Page<{ name: string; is_approved: boolean }>>(
      await t.app.inject({ url: '/api/companies/', headers: bearer(body.accessToken) }),
    );
    expect(company.results).toMatchObject([{ name: 'Northwind Labs', is_approved: true }]);
    const mine = json<Page<{ status: string }>>(
      await t.app.inject({ url: '/api/jobs/mine/?page_size=100', headers: bearer(body.accessToken) }),
    );
    expect(mine.results.filter((j) => j.status === 'open').length).toBeGreaterThanOrEqual(5);
    expect(mine.results.some((j) => j.status === 'closed')).toBe(true);
  });

  it('reads like real postings: several paragraphs, lists, skills from the admin list', async () => {
    const page = json<Page<{ id: number }>>(await t.app.inject({ url: '/api/jobs/?page_size=5' }));
    for (const { id } of page.results) {
      const job = json<{ title: string; description: string; responsibilities: string; qualifications: string }>(
        await t.app.inject({ url: `/api/jobs/${id}/` }),
      );
      expect(job.description.split('\n\n').length).toBeGreaterThanOrEqual(3);
      expect(job.description).not.toMatch(/lorem|ipsum|\{|undefined/i);
      expect(job.responsibilities.split('\n').every((l) => l.startsWith('- '))).toBe(true);
      expect(job.qualifications.split('\n').length).toBeGreaterThanOrEqual(3);
    }
  });

  it('generates the same jobs from the same seed, naming only known skills', () => {
    const company = { name: 'Acme', industry: null, pitch: 'makes things.', headquarters: 'Berlin, Germany' };
    const a = Array.from(
      { length: 50 },
      (
        (random) => () =>
          generateJob(random, company)
      )(createRandom(7)),
    );
    const b = Array.from(
      { length: 50 },
      (
        (random) => () =>
          generateJob(random, company)
      )(createRandom(7)),
    );
    expect(a).toEqual(b);
    const known = new Set<string>(demoSkills);
    const random = createRandom(1);
    for (let i = 0; i < 2000; i++) for (const skill of generateJob(random, company).skillNames) expect(known.has(skill), skill).toBe(true);
  });

  it('gives seeker@example.com a full profile with a real PDF resume, saved jobs and applications in several states', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login/',
      payload: { email: 'seeker@example.com', password: demoPassword },
    });
    const token = json<{ accessToken: string }>(login).accessToken;
    const profile = json<ProfileOut>(await t.app.inject({ url: '/api/jobseek/profile/', headers: bearer(token) }));
    expect(profile.full_name).toBe('Jordan Lee');
    expect(profile.completeness).toEqual({ percent: 100, missing: [] });
    const resume = await t.app.inject({ url: profile.resume!.url, headers: bearer(token) });
    expect(resume.statusCode).toBe(200);
    expect(resume.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(resume.rawPayload.toString('latin1')).toContain('(Jordan Lee)');
    const photo = await t.app.inject({ url: profile.profile_photo!.url, headers: bearer(token) });
    expect(photo.headers['content-type']).toBe('image/png');

    const applications = json<Page<ApplicationOut>>(await t.app.inject({ url: '/api/myapplications/', headers: bearer(token) }));
    const statuses = new Set(applications.results.map((a) => a.status));
    for (const status of ['applied', 'reviewed', 'interview_scheduled', 'rejected'])
      expect(statuses.has(status as never), status).toBe(true);
    expect(applications.results.filter((a) => a.job.company.name === 'Northwind Labs').length).toBeGreaterThanOrEqual(4);
    expect(applications.results.find((a) => a.status === 'interview_scheduled')!.history.map((h) => h.status)).toEqual([
      'applied',
      'reviewed',
      'interview_scheduled',
    ]);
    expect(json<Page<unknown>>(await t.app.inject({ url: '/api/saved-jobs/', headers: bearer(token) })).count).toBeGreaterThanOrEqual(3);
    const matches = json<{ results: Array<{ score: number }>; hint: string | null }>(
      await t.app.inject({ url: '/api/matching-jobs/', headers: bearer(token) }),
    );
    expect(matches.hint).toBeNull();
    expect(matches.results.length).toBeGreaterThan(3);
    expect(
      json<{ unread_count: number }>(await t.app.inject({ url: '/api/notifications/', headers: bearer(token) })).unread_count,
    ).toBeGreaterThan(0);
    // A conversation with the employer, its newest message unread.
    const rooms = json<Page<{ id: number; unread_count: number; employer: { company: { name: string } } }>>(
      await t.app.inject({ url: '/api/chatrooms/', headers: bearer(token) }),
    );
    expect(rooms.results[0]).toMatchObject({ unread_count: 1, employer: { company: { name: 'Northwind Labs' } } });
    const messages = json<Page<unknown>>(
      await t.app.inject({ url: `/api/chatrooms/${rooms.results[0]!.id}/messages/`, headers: bearer(token) }),
    );
    expect(messages.count).toBeGreaterThanOrEqual(4);
  });

  it('gives the demo seeker an upcoming interview, a completed one with feedback (one shown) and an open offer; the employer a week of interviews', async () => {
    const signIn = async (email: string) =>
      json<{ accessToken: string }>(await t.app.inject({ method: 'POST', url: '/api/login/', payload: { email, password: demoPassword } }))
        .accessToken;
    const seeker = await signIn('seeker@example.com');
    const mine = json<Page<InterviewOut>>(await t.app.inject({ url: '/api/interview-schedules/', headers: bearer(seeker) })).results;
    const statuses = mine.map((i) => i.status).sort();
    expect(statuses).toEqual(['completed', 'offered', 'scheduled']);
    expect(mine.find((i) => i.status === 'offered')!.offered_times).toHaveLength(3);
    expect(Date.parse(mine.find((i) => i.status === 'scheduled')!.scheduled_time!)).toBeGreaterThan(Date.now());
    const feedback = json<Page<FeedbackOut>>(await t.app.inject({ url: '/api/interview-feedbacks/', headers: bearer(seeker) })).results;
    expect(feedback.filter((f) => f.is_approved)).toHaveLength(1);
    const employer = await signIn('employer@example.com');
    const week = json<Page<InterviewOut>>(
      await t.app.inject({ url: '/api/interview-schedules/?when=upcoming', headers: bearer(employer) }),
    ).results;
    expect(new Set(week.filter((i) => i.scheduled_time).map((i) => i.scheduled_time!.slice(0, 10))).size).toBeGreaterThanOrEqual(5);
    const past = json<Page<InterviewOut>>(
      await t.app.inject({ url: '/api/interview-schedules/?when=past', headers: bearer(employer) }),
    ).results;
    expect(past.some((i) => !i.has_feedback)).toBe(true);
  });

  it("fills employer@example.com's applicant lists and dashboard from about 15 more job seekers", async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login/',
      payload: { email: 'employer@example.com', password: demoPassword },
    });
    const token = json<{ accessToken: string }>(login).accessToken;
    const dashboard = json<{
      applications_total: number;
      applications_by_status: Record<string, number>;
      applications_by_job: Array<{ job_id: number; count: number }>;
      recent_applicants: unknown[];
    }>(await t.app.inject({ url: '/api/dashboard/employer/', headers: bearer(token) }));
    expect(dashboard.applications_total).toBeGreaterThanOrEqual(15);
    expect(Object.values(dashboard.applications_by_status).filter((n) => n > 0).length).toBeGreaterThanOrEqual(5);
    expect(dashboard.recent_applicants).toHaveLength(5);
    const busiest = dashboard.applications_by_job[0]!;
    const applicants = json<Page<{ applicant: { id: number } }>>(
      await t.app.inject({ url: `/api/jobs/${busiest.job_id}/applicants/`, headers: bearer(token) }),
    );
    expect(applicants.count).toBe(busiest.count);
    // Its board has someone in every column, and shows every one it counts (each applied with a resume).
    const board = json<{ columns: Array<{ status: string; count: number; results: Array<{ applicant: { email: string } }> }> }>(
      await t.app.inject({ url: `/api/jobs/${busiest.job_id}/applicants/board/`, headers: bearer(token) }),
    );
    for (const column of board.columns) {
      expect(column.count, column.status).toBeGreaterThan(0);
      expect(column.results.length, column.status).toBe(Math.min(column.count, 20));
    }
    // Every demo applicant can sign in, as every demo person can.
    for (const column of board.columns) {
      const { email } = column.results[0]!.applicant;
      const signIn = await t.app.inject({ method: 'POST', url: '/api/login/', payload: { email, password: demoPassword } });
      expect(signIn.statusCode, email).toBe(200);
    }
    const profile = await t.app.inject({ url: `/api/jobseekers/${applicants.results[0]!.applicant.id}/`, headers: bearer(token) });
    expect(profile.statusCode).toBe(200);
    expect(json<ProfileOut>(profile).resume).not.toBeNull();
  });

  it('gives seeker@example.com two job alerts, one daily and one at once, each with new matches and one notice', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login/',
      payload: { email: 'seeker@example.com', password: demoPassword },
    });
    const token = json<{ accessToken: string }>(login).accessToken;
    const alerts = json<Page<{ id: number; frequency: string; new_matches: number }>>(
      await t.app.inject({ url: '/api/job-alerts/', headers: bearer(token) }),
    );
    expect(alerts.results.map((a) => a.frequency).sort()).toEqual(['daily', 'instant']);
    for (const alert of alerts.results) expect(alert.new_matches, String(alert.id)).toBeGreaterThan(0);
    const bell = json<Page<{ type: string; link: string }>>(await t.app.inject({ url: '/api/notifications/', headers: bearer(token) }));
    expect(
      bell.results
        .filter((n) => n.type === 'job_alert_matches')
        .map((n) => n.link)
        .sort(),
    ).toEqual(alerts.results.map((a) => `/alerts/${a.id}`).sort());
  });
});
