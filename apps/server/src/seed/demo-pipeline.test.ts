import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApplicantList, ApplicationOut, JobOut, NoteOut, TemplateOut, TimelineOut } from '@jobportal/shared';
import { bearer, createTestApp, json, type TestApp } from '../test/harness';
import { demoPassword, seedDemo } from './demo';

let t: TestApp;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_MULTIPLIER: '20' });
  expect(await seedDemo(t.db, t.storage)).toBe(true);
  for (const who of ['employer', 'recruiter', 'seeker']) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login/',
      payload: { email: `${who}@example.com`, password: demoPassword },
    });
    tokens[who] = json<{ accessToken: string }>(res).accessToken;
  }
});
afterAll(() => t?.close());

const get = <T>(url: string, who: string) => t.app.inject({ url, headers: bearer(tokens[who]!) }).then((res) => json<T>(res));

describe('the demo pipeline', () => {
  it("fills Northwind Labs' busiest job: every status, notes with a mention, two templates, a response time", async () => {
    const mine = await get<{ results: Array<{ id: number; applicants_count: number; company: { id: number } }> }>(
      '/api/jobs/mine/?page_size=50',
      'employer',
    );
    const busiest = [...mine.results].sort((a, b) => b.applicants_count - a.applicants_count)[0]!;
    const applicants = await get<ApplicantList>(`/api/jobs/${busiest.id}/applicants/?page_size=100`, 'employer');
    expect(Object.entries(applicants.status_counts).filter(([, n]) => n > 0)).toHaveLength(8);

    const notes = await Promise.all(
      applicants.results.map((a) => get<{ results: NoteOut[] }>(`/api/applications/${a.id}/notes/`, 'recruiter')),
    );
    expect(notes.flatMap((n) => n.results).some((n) => n.mentions.some((m) => m.full_name === 'Jordan Blake'))).toBe(true);
    const bell = await get<{ results: Array<{ type: string }> }>('/api/notifications/', 'recruiter');
    expect(bell.results.some((n) => n.type === 'note_mention')).toBe(true);

    const templates = await get<{ results: TemplateOut[] }>(`/api/companies/${busiest.company.id}/message-templates/`, 'recruiter');
    expect(templates.results.map((x) => x.name)).toEqual(['Kind rejection', 'Position filled']);

    const job = await get<JobOut>(`/api/jobs/${busiest.id}/`, 'seeker');
    expect(job.response_time?.answered).toBeGreaterThanOrEqual(10);
  });

  it('shows a response time on the job pages of every approved company', async () => {
    const jobs = await get<{ results: Array<{ id: number; company: { name: string } }> }>('/api/jobs/?page_size=100', 'seeker');
    const firstJobOf = new Map<string, number>();
    for (const j of jobs.results) if (!firstJobOf.has(j.company.name)) firstJobOf.set(j.company.name, j.id);
    const times = await Promise.all([...firstJobOf.values()].map((id) => get<JobOut>(`/api/jobs/${id}/`, 'seeker')));
    expect(times.filter((j) => j.response_time === null).map((j) => j.company.name)).toEqual([]);
    expect(new Set(times.map((j) => Math.ceil(j.response_time!.median_hours / 24))).size).toBeGreaterThan(2);
  });

  it("shows the demo job seeker's applications as timelines with the company's first look", async () => {
    const mine = await get<{ results: ApplicationOut[] }>('/api/myapplications/', 'seeker');
    const moved = mine.results.find((a) => a.status !== 'applied')!;
    const timeline = await get<TimelineOut>(`/api/applications/${moved.id}/timeline/`, 'seeker');
    expect(timeline.entries.map((e) => e.kind)).toEqual(expect.arrayContaining(['applied', 'viewed', 'status']));
  });
});
