import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProfileOut } from '@jobportal/shared';
import { makeDocx, makePdf, makeZip } from '../../seed/documents';
import { createApplication, createProfile } from '../../seed/factories';
import { formBody, textParts, type FormPart } from '../../test/forms';
import { bearer, createTestApp, json, signedInUser, type TestApp } from '../../test/harness';
import { employerWithJob, storedResume } from '../../test/scenes';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_MULTIPLIER: '100' });
});
afterAll(() => t?.close());

const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const elf = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(300)]);
const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(300)]);
const pdf = makePdf('Jordan Lee', ['Data engineer, 6 years.', 'Python, SQL, Airflow.']);

const skills = [
  { skill_name: 'Python', proficiency_level: 'Expert', years_of_experience: 6 },
  { skill_name: 'SQL', proficiency_level: 'Advanced' },
  { skill_name: 'Teamwork', proficiency_level: 'Advanced', skill_type: 'Soft' },
];
const educations = [
  { degree_type: 'Master', field_of_study: 'Computer Science', institution: 'TU Berlin', start_date: '2012-10-01', end_date: '2014-09-30' },
];
const workExperience = [
  {
    job_title: 'Data Engineer',
    company_name: 'Acme',
    start_date: '2018-01-01',
    end_date: null,
    technologies_used: ['Python', 'Airflow'],
    description: 'Pipelines.',
  },
];

const putProfile = (token: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PUT', url: '/api/jobseek/profile/', headers: bearer(token), payload });
const putForm = (token: string, parts: FormPart[]) => {
  const body = formBody(parts);
  return t.app.inject({
    method: 'PUT',
    url: '/api/jobseek/profile/',
    headers: { ...bearer(token), ...body.headers },
    payload: body.payload,
  });
};
const getProfile = async (token: string) => json<ProfileOut>(await t.app.inject({ url: '/api/jobseek/profile/', headers: bearer(token) }));
const file = (name: string, filename: string, contentType: string, data: Buffer): FormPart => ({ name, filename, contentType, data });
const storedFiles = () => fs.readdirSync(t.uploadsDir, { recursive: true }).filter((f) => /\.(pdf|docx|png|jpg|webp)$/.test(String(f)));

describe('GET /api/jobseek/profile/', () => {
  it('makes an empty profile on first read, with completeness 0 and what to add', async () => {
    const seeker = await signedInUser(t, { role: 'jobseeker', fullName: 'Ada Park' });
    const res = await t.app.inject({ url: '/api/jobseek/profile/', headers: bearer(seeker.token) });
    expect(res.statusCode).toBe(200);
    const body = json<ProfileOut>(res);
    expect(body).toMatchObject({
      user_id: seeker.user.id,
      email: seeker.user.email,
      full_name: 'Ada Park',
      resume: null,
      profile_photo: null,
      educations: [],
      skills: [],
      job_preferences: { desired_titles: [], is_remote_ok: true, experience_level: null },
      completeness: { percent: 0 },
    });
    expect(body.completeness.missing).toContain('Upload your resume');
    // The same row on the next read.
    expect((await getProfile(seeker.token)).id).toBe(body.id);
  });

  it('is for job seekers only (401 anonymous, 403 employers and admins)', async () => {
    expect((await t.app.inject({ url: '/api/jobseek/profile/' })).statusCode).toBe(401);
    for (const role of ['employer', 'admin'] as const) {
      const { token } = await signedInUser(t, { role });
      expect((await t.app.inject({ url: '/api/jobseek/profile/', headers: bearer(token) })).statusCode).toBe(403);
      expect((await putProfile(token, { bio: 'x' })).statusCode).toBe(403);
    }
  });
});

describe('PUT /api/jobseek/profile/ as JSON', () => {
  it('takes the lists as JSON text (and as arrays), and a list sent replaces the stored one', async () => {
    const { token } = await signedInUser(t, { role: 'jobseeker' });
    const res = await putProfile(token, {
      full_name: 'Jordan Lee',
      phone_number: '+49 30 1234567',
      bio: 'I build data pipelines.',
      current_job_title: 'Data Engineer',
      linkedin_url: 'https://www.linkedin.com/in/jordan',
      date_of_birth: '1990-05-17',
      skills: JSON.stringify(skills),
      educations: JSON.stringify(educations),
      work_experience: workExperience,
      job_preferences: JSON.stringify({ desired_titles: ['Data Engineer'], locations: ['Berlin'], salary_min: 70000 }),
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = json<ProfileOut>(res);
    expect(body).toMatchObject({
      full_name: 'Jordan Lee',
      phone_number: '+49 30 1234567',
      date_of_birth: '1990-05-17',
      current_job_title: 'Data Engineer',
      job_preferences: { desired_titles: ['Data Engineer'], locations: ['Berlin'], salary_min: 70000, is_remote_ok: true },
    });
    expect(body.skills.map((s) => [s.skill_name, s.proficiency_level, s.skill_type])).toEqual([
      ['Python', 'Expert', 'Technical'],
      ['SQL', 'Advanced', 'Technical'],
      ['Teamwork', 'Advanced', 'Soft'],
    ]);
    expect(body.educations[0]).toMatchObject({ institution: 'TU Berlin', location: null, description: '' });
    expect(body.work_experience[0]).toMatchObject({ job_title: 'Data Engineer', end_date: null, technologies_used: ['Python', 'Airflow'] });
    expect(body.completeness.percent).toBe(70);
    expect(body.completeness.missing).toEqual(['Upload your resume', 'Add a profile photo']);

    const again = json<ProfileOut>(await putProfile(token, { skills: '[{"skill_name":"Go","proficiency_level":"Beginner"}]', bio: '' }));
    expect(again.skills.map((s) => s.skill_name)).toEqual(['Go']);
    expect(again.educations).toHaveLength(1);
    expect(again.work_experience).toHaveLength(1);
    expect(again.bio).toBeNull();
    expect(again.phone_number).toBe('+49 30 1234567');

    const cleared = json<ProfileOut>(await putProfile(token, { educations: '[]', phone_number: '', date_of_birth: '' }));
    expect(cleared.educations).toEqual([]);
    expect(cleared.phone_number).toBeNull();
    expect(cleared.date_of_birth).toBeNull();
  });

  it('refuses bad input with 400 naming each field, and keeps what was stored', async () => {
    const { token } = await signedInUser(t, { role: 'jobseeker' });
    await putProfile(token, { bio: 'Kept', skills: JSON.stringify(skills) });
    const res = await putProfile(token, {
      bio: 'Changed',
      skills: '[{"skill_name": "Python"',
      educations: JSON.stringify([{ ...educations[0], degree_type: 'Wizard' }]),
      work_experience: JSON.stringify([{ ...workExperience[0], start_date: '2020-01-01', end_date: '2019-01-01' }]),
      date_of_birth: '2999-01-01',
      linkedin_url: 'javascript:alert(1)',
      phone_number: 'call me',
      full_name: '',
    });
    expect(res.statusCode).toBe(400);
    const fields = json<{ fields: Record<string, string[]> }>(res).fields;
    expect(Object.keys(fields).sort()).toEqual(
      [
        'date_of_birth',
        'educations.0.degree_type',
        'full_name',
        'linkedin_url',
        'phone_number',
        'skills',
        'work_experience.0.end_date',
      ].sort(),
    );
    expect(fields.skills).toEqual(['Expected JSON text.']);
    const profile = await getProfile(token);
    expect(profile.bio).toBe('Kept');
    expect(profile.skills).toHaveLength(3);
  });

  it('refuses garbage of every kind with a 4xx, never a 5xx', async () => {
    const { token } = await signedInUser(t, { role: 'jobseeker' });
    const bodies: unknown[] = [
      { skills: 42 },
      { skills: '{"not": "a list"}' },
      { skills: JSON.stringify(Array.from({ length: 61 }, (_, i) => ({ skill_name: `S${i}`, proficiency_level: 'Beginner' }))) },
      { skills: JSON.stringify([{ skill_name: 'a\u0000b', proficiency_level: 'Beginner' }]) },
      { job_preferences: '"text"' },
      { job_preferences: JSON.stringify({ salary_min: -1 }) },
      { bio: 'x'.repeat(2001) },
      { bio: ['array'] },
      { date_of_birth: 'yesterday' },
      [],
      'text',
      null,
    ];
    for (const payload of bodies) {
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/jobseek/profile/',
        headers: { ...bearer(token), 'content-type': 'application/json' },
        payload: JSON.stringify(payload),
      });
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
    }
    const huge = await t.app.inject({
      method: 'PUT',
      url: '/api/jobseek/profile/',
      headers: { ...bearer(token), 'content-type': 'application/json' },
      payload: JSON.stringify({ bio: 'x'.repeat(2_000_000) }),
    });
    expect(huge.statusCode).toBe(413);
    const plain = await t.app.inject({
      method: 'PUT',
      url: '/api/jobseek/profile/',
      headers: { ...bearer(token), 'content-type': 'text/plain' },
      payload: 'bio=x',
    });
    expect(plain.statusCode).toBe(415);
  });
});

describe('PUT /api/jobseek/profile/ as multipart', () => {
  it('stores fields, JSON-text lists, a photo and a resume; serves them to the owner with safe headers', async () => {
    const seeker = await signedInUser(t, { role: 'jobseeker' });
    const res = await putForm(seeker.token, [
      ...textParts({ full_name: 'Mia Wong', bio: 'Analyst', skills, educations, work_experience: workExperience }),
      file('profile_photo', 'me.png', 'image/png', png),
      file('resume', '../../etc/Mia CV <2024>.pdf', 'application/pdf', pdf),
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const body = json<ProfileOut>(res);
    expect(body.full_name).toBe('Mia Wong');
    expect(body.skills).toHaveLength(3);
    expect(body.resume).toMatchObject({ name: 'Mia CV 2024.pdf', size: pdf.length, content_type: 'application/pdf' });
    expect(body.profile_photo).toMatchObject({ content_type: 'image/png', size: png.length });

    const download = await t.app.inject({ url: body.resume!.url, headers: bearer(seeker.token) });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(pdf)).toBe(true);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toBe(`attachment; filename="Mia CV 2024.pdf"; filename*=UTF-8''Mia%20CV%202024.pdf`);
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    const photo = await t.app.inject({ url: body.profile_photo!.url, headers: bearer(seeker.token) });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/png');
    expect(photo.headers['content-disposition']).toBe('inline');

    // Stored outside any web root, under a server-made name.
    const names = storedFiles().map(String);
    expect(names.some((n) => n.startsWith(`resumes${path.sep}user-${seeker.user.id}-`) && n.endsWith('.pdf'))).toBe(true);
  });

  it('accepts a Word (DOCX) resume by its contents, whatever it is called', async () => {
    const { token } = await signedInUser(t, { role: 'jobseeker' });
    const res = await putForm(token, [file('resume', 'cv', 'application/octet-stream', makeDocx(['Mia Wong', 'Analyst']))]);
    expect(res.statusCode, res.body).toBe(200);
    expect(json<ProfileOut>(res).resume).toMatchObject({
      name: 'cv.docx',
      content_type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    });
  });

  it('refuses forged and oversized files (415, 413), whatever their names and declared types', async () => {
    const { token } = await signedInUser(t, { role: 'jobseeker' });
    const cases: Array<[FormPart, number]> = [
      [file('resume', 'resume.pdf', 'application/pdf', elf), 415],
      [file('resume', 'resume.pdf', 'application/pdf', exe), 415],
      [file('resume', 'resume.pdf', 'application/pdf', png), 415],
      [
        file(
          'resume',
          'resume.docx',
          'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
          makeZip([{ name: 'a.txt', data: 'hi' }]),
        ),
        415,
      ],
      [file('resume', 'resume.docx', 'application/zip', Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(100)])), 415],
      [file('resume', 'big.pdf', 'application/pdf', Buffer.concat([pdf, Buffer.alloc(5 * 1024 * 1024)])), 413],
      [file('profile_photo', 'me.png', 'image/png', pdf), 415],
      [file('profile_photo', 'me.png', 'image/png', Buffer.concat([png, Buffer.alloc(2 * 1024 * 1024)])), 413],
    ];
    for (const [part, status] of cases) {
      const res = await putForm(token, [part]);
      expect(res.statusCode, `${'filename' in part ? part.filename : ''} → ${res.body}`).toBe(status);
    }
    expect((await getProfile(token)).resume).toBeNull();
  });

  it('loses nothing when an upload fails: a 415 leaves the previous resume and every field as they were', async () => {
    const { token } = await signedInUser(t, { role: 'jobseeker' });
    const first = json<ProfileOut>(
      await putForm(token, [...textParts({ bio: 'Before', skills }), file('resume', 'old.pdf', 'application/pdf', pdf)]),
    );
    const failed = await putForm(token, [
      ...textParts({ bio: 'After', skills: [{ skill_name: 'Only', proficiency_level: 'Beginner' }] }),
      file('resume', 'new.pdf', 'application/pdf', elf),
    ]);
    expect(failed.statusCode).toBe(415);
    const after = await getProfile(token);
    expect(after.bio).toBe('Before');
    expect(after.skills).toHaveLength(3);
    expect(after.resume).toEqual(first.resume);
    expect((await t.app.inject({ url: after.resume!.url, headers: bearer(token) })).rawPayload.equals(pdf)).toBe(true);
  });

  it('replaces the resume and deletes the old file, unless an application still uses it', async () => {
    const seeker = await signedInUser(t, { role: 'jobseeker' });
    const first = json<ProfileOut>(await putForm(seeker.token, [file('resume', 'one.pdf', 'application/pdf', pdf)]));
    const countBefore = storedFiles().length;
    const second = json<ProfileOut>(await putForm(seeker.token, [file('resume', 'two.pdf', 'application/pdf', makePdf('Two', []))]));
    expect(second.resume!.name).toBe('two.pdf');
    expect(storedFiles().length).toBe(countBefore);
    expect(second.resume!.url).not.toBe(first.resume!.url);
    const current = await t.app.inject({ url: first.resume!.url, headers: bearer(seeker.token) });
    expect(current.rawPayload.equals(pdf)).toBe(false);

    // The second file is used by an application: replacing it keeps its bytes for the employer.
    const { job, user: employer } = await employerWithJob(t);
    const resumeId = Number(new URL(second.resume!.url, 'http://x').searchParams.get('v'));
    await createApplication(t.db, { jobId: job.id, jobseekerId: seeker.user.id, resumeFileId: resumeId, employerId: employer.id });
    await putForm(seeker.token, [file('resume', 'three.pdf', 'application/pdf', makePdf('Three', []))]);
    expect(storedFiles().length).toBe(countBefore + 1);
  });

  it('treats an unchosen file input as no file, and refuses malformed forms with 400 or 413', async () => {
    const { token } = await signedInUser(t, { role: 'jobseeker' });
    const empty = await putForm(token, [
      ...textParts({ bio: 'No files' }),
      file('resume', '', 'application/octet-stream', Buffer.alloc(0)),
    ]);
    expect(empty.statusCode, empty.body).toBe(200);
    expect(json<ProfileOut>(empty).bio).toBe('No files');

    const cases: Array<[FormPart[], number]> = [
      [[file('resume', 'a.pdf', 'application/pdf', pdf), file('resume', 'b.pdf', 'application/pdf', pdf)], 400],
      [[file('avatar', 'a.png', 'image/png', png)], 400],
      [[file('resume', 'empty.pdf', 'application/pdf', Buffer.alloc(0))], 400],
      [[{ name: 'bio', value: 'x'.repeat(300 * 1024) }], 413],
      [
        [
          { name: 'bio', value: 'a' },
          { name: 'bio', value: 'b' },
        ],
        400,
      ],
      [Array.from({ length: 25 }, (_, i) => ({ name: `f${i}`, value: 'x' })), 400],
      [[{ name: 'skills', value: '[{"skill_name":"x\\u0000","proficiency_level":"Beginner"}]' }], 400],
      [[{ name: 'skills', value: 'not json', contentType: 'application/json' }], 400],
      [[{ name: 'educations', value: '[{"degree_type":"Master"}]' }], 400],
    ];
    for (const [parts, status] of cases) {
      const res = await putForm(token, parts);
      expect(res.statusCode, `${parts.map((p) => p.name).join(',')}: ${res.body}`).toBe(status);
    }
    const broken = await t.app.inject({
      method: 'PUT',
      url: '/api/jobseek/profile/',
      headers: { ...bearer(token), 'content-type': 'multipart/form-data; boundary=xyz' },
      payload: '--xyz\r\nContent-Disposition: form-data; name="bio"\r\n\r\nunterminated',
    });
    expect(broken.statusCode).toBe(400);
    const noBoundary = await t.app.inject({
      method: 'PUT',
      url: '/api/jobseek/profile/',
      headers: { ...bearer(token), 'content-type': 'multipart/form-data' },
      payload: 'garbage',
    });
    expect(noBoundary.statusCode).toBe(400);
    expect((await getProfile(token)).bio).toBe('No files');
  });
});

describe('uploads over real HTTP', () => {
  it('refuses an oversized or forged file without reading the rest, and the server keeps serving', async () => {
    const { token } = await signedInUser(t, { role: 'jobseeker' });
    const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const send = (data: Buffer) => {
      const body = formBody([file('resume', 'big.pdf', 'application/pdf', data)]);
      return fetch(`${address}/api/jobseek/profile/`, {
        method: 'PUT',
        headers: { ...bearer(token), ...body.headers },
        body: body.payload,
      });
    };
    const big = await send(Buffer.concat([pdf, Buffer.alloc(20 * 1024 * 1024)]));
    expect(big.status).toBe(413);
    expect(big.headers.get('connection')).toBe('close');
    expect(((await big.json()) as { code: string }).code).toBe('payload_too_large');
    const forged = await send(Buffer.concat([elf, Buffer.alloc(3 * 1024 * 1024)]));
    expect(forged.status).toBe(415);
    const ok = await send(pdf);
    expect(ok.status).toBe(200);
  });
});

describe('GET /api/jobseekers/{id}/ and the profile files', () => {
  let seeker: Awaited<ReturnType<typeof signedInUser>>;
  let employer: Awaited<ReturnType<typeof employerWithJob>>;
  let profile: ProfileOut;

  beforeAll(async () => {
    seeker = await signedInUser(t, { role: 'jobseeker', fullName: 'Sam Rivera' });
    await createProfile(t.db, seeker.user.id, { currentJobTitle: 'Designer', skills: [{ skill_name: 'Figma' }] });
    profile = json<ProfileOut>(
      await putForm(seeker.token, [file('resume', 'sam.pdf', 'application/pdf', pdf), file('profile_photo', 'sam.png', 'image/png', png)]),
    );
    employer = await employerWithJob(t);
    const resume = await storedResume(t, seeker.user);
    await createApplication(t.db, { jobId: employer.job.id, jobseekerId: seeker.user.id, resumeFileId: resume.id });
  });

  it('shows the profile to employers the job seeker applied to, and to admins', async () => {
    const res = await t.app.inject({ url: `/api/jobseekers/${seeker.user.id}/`, headers: bearer(employer.token) });
    expect(res.statusCode).toBe(200);
    expect(json<ProfileOut>(res)).toMatchObject({
      full_name: 'Sam Rivera',
      current_job_title: 'Designer',
      skills: [{ skill_name: 'Figma' }],
    });
    const admin = await signedInUser(t, { role: 'admin' });
    expect((await t.app.inject({ url: `/api/jobseekers/${seeker.user.id}/`, headers: bearer(admin.token) })).statusCode).toBe(200);
  });

  it('is 404 for other employers and for ids that are not job seekers, 403 for job seekers, 401 anonymous', async () => {
    const other = await employerWithJob(t);
    expect((await t.app.inject({ url: `/api/jobseekers/${seeker.user.id}/`, headers: bearer(other.token) })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/jobseekers/${employer.user.id}/`, headers: bearer(employer.token) })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/jobseekers/999999/', headers: bearer(employer.token) })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/jobseekers/${seeker.user.id}/`, headers: bearer(seeker.token) })).statusCode).toBe(403);
    expect((await t.app.inject({ url: `/api/jobseekers/${seeker.user.id}/` })).statusCode).toBe(401);
    for (const bad of ['abc', '0', '-1', '99999999999', '1.5']) {
      expect((await t.app.inject({ url: `/api/jobseekers/${bad}/`, headers: bearer(employer.token) })).statusCode, bad).toBe(400);
    }
  });

  it('serves the photo to the job seeker, the company applied to and admins, the profile resume to the job seeker and admins; 404 to everyone else', async () => {
    const admin = await signedInUser(t, { role: 'admin' });
    const otherSeeker = await signedInUser(t, { role: 'jobseeker' });
    const otherEmployer = await employerWithJob(t);
    const allowed = new Map([
      [profile.profile_photo!.url, [seeker.token, employer.token, admin.token]],
      // The company reads the resume sent with the application, not whatever the profile holds today.
      [profile.resume!.url, [seeker.token, admin.token]],
    ]);
    for (const [url, tokens] of allowed) {
      for (const token of tokens) expect((await t.app.inject({ url, headers: bearer(token) })).statusCode, url).toBe(200);
      expect((await t.app.inject({ url })).statusCode).toBe(404);
      for (const token of [otherSeeker.token, otherEmployer.token, ...(tokens.includes(employer.token) ? [] : [employer.token])]) {
        expect((await t.app.inject({ url, headers: bearer(token) })).statusCode, url).toBe(404);
      }
    }
    expect(
      (await t.app.inject({ url: `/api/jobseekers/${otherSeeker.user.id}/resume/`, headers: bearer(otherSeeker.token) })).statusCode,
    ).toBe(404);
  });

  it('gives the company the resume sent with the application, and nothing once the job seeker withdrew it', async () => {
    const applicant = await signedInUser(t, { role: 'jobseeker', fullName: 'Wren Withdrawn' });
    await createProfile(t.db, applicant.user.id, { phoneNumber: '+49 30 1234567', bio: "Today's profile." });
    const updated = json<ProfileOut>(await putForm(applicant.token, [file('resume', 'today.pdf', 'application/pdf', pdf)]));
    const company = await employerWithJob(t);
    const sent = await storedResume(t, applicant.user);
    const application = await createApplication(t.db, { jobId: company.job.id, jobseekerId: applicant.user.id, resumeFileId: sent.id });
    const url = `/api/jobseekers/${applicant.user.id}/`;
    const seen = json<ProfileOut>(await t.app.inject({ url, headers: bearer(company.token) }));
    expect(seen.resume?.url).toBe(`/api/applications/${application.id}/resume/`);
    expect(seen.resume?.url).not.toBe(updated.resume?.url);
    expect((await t.app.inject({ url: seen.resume!.url, headers: bearer(company.token) })).statusCode).toBe(200);
    // The job seeker withdraws their only application: the company no longer reads the profile.
    const withdrawn = await t.app.inject({
      method: 'POST',
      url: `/api/applications/${application.id}/withdraw/`,
      headers: bearer(applicant.token),
    });
    expect(withdrawn.statusCode).toBe(200);
    expect((await t.app.inject({ url, headers: bearer(company.token) })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `${url}photo/`, headers: bearer(company.token) })).statusCode).toBe(404);
    // Nor the resume sent with it (one rule for both); the job seeker still reads their own.
    expect((await t.app.inject({ url: seen.resume!.url, headers: bearer(company.token) })).statusCode).toBe(404);
    expect((await t.app.inject({ url: seen.resume!.url, headers: bearer(applicant.token) })).statusCode).toBe(200);
  });
});
