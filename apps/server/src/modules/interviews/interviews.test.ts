import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq, sql } from 'drizzle-orm';
import ICAL from 'ical.js';
import type { ApplicationStatus, FeedbackOut, InterviewOut, JobseekerProfileOut } from '@jobportal/shared';
import { queryRows } from '../../db/client';
import { applications, auditLog, companies, interviews, users } from '../../db/schema';
import { createApplication, createInterview, createRecruiter } from '../../seed/factories';
import { bearer, createTestApp, json, signedInUser, type TestApp } from '../../test/harness';
import { employerWithJob, storedResume } from '../../test/scenes';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_MULTIPLIER: '100' });
});
afterAll(() => t?.close());

type Page<T> = { results: T[]; count: number };

/** A day far enough ahead that every time in these tests is in the future. */
const day = (d: number, time: string, offset = 'Z') => `2031-06-${String(d).padStart(2, '0')}T${time}${offset}`;

async function scene() {
  const employer = await employerWithJob(t);
  const seeker = await signedInUser(t, { role: 'jobseeker', fullName: 'Ada Candidate' });
  const resume = await storedResume(t, seeker.user);
  const application = await createApplication(t.db, { jobId: employer.job.id, jobseekerId: seeker.user.id, resumeFileId: resume.id });
  const addApplicant = async () => {
    const other = await signedInUser(t, { role: 'jobseeker' });
    const r = await storedResume(t, other.user);
    return {
      ...other,
      application: await createApplication(t.db, { jobId: employer.job.id, jobseekerId: other.user.id, resumeFileId: r.id }),
    };
  };
  return { employer, seeker, resume, application, addApplicant };
}

const schedule = (token: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/schedule-interview/', headers: bearer(token), payload });
const update = (token: string, id: number, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PATCH', url: `/api/update-interview/${id}/`, headers: bearer(token), payload });
const base = { duration_minutes: 60, time_zone: 'Europe/Berlin', mode: 'video', meeting_link: 'https://meet.example.com/abc' };
const statusOf = async (id: number): Promise<ApplicationStatus> =>
  (await t.db.select({ s: applications.status }).from(applications).where(eq(applications.id, id)))[0]!.s;
const interviewCount = async () => (await t.db.select({ n: count() }).from(interviews))[0]!.n;

/** The part of a received message whose headers match, its transfer encoding undone. */
function partOf(raw: string, headersMatch: RegExp, what: string): string {
  const part = raw.split(/\r?\n--/).find((p) => headersMatch.test(p.split(/\r?\n\r?\n/)[0]!));
  if (!part) throw new Error(`no ${what} in:\n${raw.slice(0, 2000)}`);
  const [headers, ...body] = part.split(/\r?\n\r?\n/);
  const content = body.join('\n\n');
  if (/content-transfer-encoding:\s*base64/i.test(headers!)) return Buffer.from(content.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (/content-transfer-encoding:\s*quoted-printable/i.test(headers!)) {
    const bytes = content.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return content;
}
/** The invite.ics attachment of a received message, decoded. */
const inviteOf = (raw: string) => partOf(raw, /filename="?invite\.ics/, 'invite');
/** The plain-text body of a received message, decoded. */
const textOf = (raw: string) => partOf(raw, /content-type:\s*text\/plain/i, 'text part');
/** The message to `to` whose subject matches (mails are sent after the answer, so their order is not fixed). */
async function mailAbout(to: string, subject: RegExp) {
  for (let n = 1; ; n++) {
    const mail = await t.smtp.waitForMail(to, n);
    if (subject.test(mail.subject)) return mail;
  }
}
/**
 * An invite read back by a strict reader of its own (Mozilla's ical.js, what Thunderbird reads
 * with): it refuses a line it cannot parse, reads parameter values by RFC 5545 and RFC 6868 and URIs
 * as URIs.
 */
function parseInvite(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const vevent = calendar.getFirstSubcomponent('vevent');
  if (!vevent) throw new Error(`no VEVENT in:\n${text}`);
  const time = (name: string) => {
    const value = vevent.getFirstPropertyValue(name);
    if (!(value instanceof ICAL.Time)) throw new Error(`${name} is not a time`);
    return value.toJSDate();
  };
  const address = (p: InstanceType<typeof ICAL.Property>) => ({
    cn: p.getParameter('cn'),
    role: p.getParameter('role'),
    address: p.getFirstValue(),
  });
  const event = {
    uid: vevent.getFirstPropertyValue('uid'),
    sequence: vevent.getFirstPropertyValue('sequence'),
    start: time('dtstart'),
    end: time('dtend'),
    url: vevent.getFirstPropertyValue('url'),
    summary: vevent.getFirstPropertyValue('summary'),
    organizer: address(vevent.getFirstProperty('organizer')!),
    attendees: vevent.getAllProperties('attendee').map(address),
  };
  return { event, method: calendar.getFirstPropertyValue('method'), text };
}

describe('scheduling one time', () => {
  it('schedules, moves the application, writes the audit log, notifies and e-mails an invite both sides can add', async () => {
    const s = await scene();
    const res = await schedule(s.employer.token, {
      ...base,
      application: s.application.id,
      scheduled_time: day(2, '10:00:00', '+02:00'),
      notes: 'Bring a laptop',
    });
    expect(res.statusCode).toBe(201);
    const interview = json<InterviewOut>(res);
    expect(interview).toMatchObject({
      status: 'scheduled',
      scheduled_time: '2031-06-02T08:00:00.000Z',
      end_time: '2031-06-02T09:00:00.000Z',
      time_zone: 'Europe/Berlin',
      sequence: 0,
      interviewer: { id: s.employer.user.id },
      jobseeker: { id: s.seeker.user.id, full_name: 'Ada Candidate' },
      company: { id: s.employer.company.id },
      job: { id: s.employer.job.id },
      offered_times: [],
    });
    expect(await statusOf(s.application.id)).toBe('interview_scheduled');
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.objectId, String(interview.id)));
    expect(audit.map((a) => a.action)).toContain('interview.scheduled');

    const mail = await t.smtp.waitForMail(s.seeker.user.email);
    expect(mail.raw).toMatch(/text\/calendar/);
    const { event, method } = parseInvite(inviteOf(mail.raw));
    expect(method).toBe('REQUEST');
    expect(event.uid).toMatch(new RegExp(`^interview-${interview.id}@`));
    expect(Number(event.sequence)).toBe(0);
    expect(event.start.toISOString()).toBe('2031-06-02T08:00:00.000Z');
    expect(event.end.toISOString()).toBe('2031-06-02T09:00:00.000Z');
    expect(inviteOf(mail.raw)).toMatch(/DTSTART:20310602T080000Z/);
    expect(inviteOf(mail.raw)).toMatch(/ORGANIZER/);
    const unfolded = inviteOf(mail.raw).replace(/\r?\n /g, '');
    expect(unfolded.toLowerCase()).toContain(`mailto:${s.seeker.user.email}`);
    await t.smtp.waitForMail(s.employer.user.email);

    const notes = json<Page<{ type: string; message: string }>>(
      await t.app.inject({ url: '/api/notifications/', headers: bearer(s.seeker.token) }),
    );
    expect(notes.results.map((n) => n.type)).toContain('interview_scheduled');

    // Either side downloads the same invite.
    for (const token of [s.seeker.token, s.employer.token]) {
      const ics = await t.app.inject({ url: `/api/interview-schedules/${interview.id}/invite.ics`, headers: bearer(token) });
      expect(ics.statusCode).toBe(200);
      expect(ics.headers['content-type']).toMatch(/^text\/calendar/);
      expect(parseInvite(ics.body).event.uid).toBe(event.uid);
    }
  });

  it('raises SEQUENCE on a reschedule and sends METHOD:CANCEL on a cancellation, with the same UID', async () => {
    const s = await scene();
    const created = json<InterviewOut>(
      await schedule(s.employer.token, { ...base, application: s.application.id, scheduled_time: day(3, '09:00:00') }),
    );
    const moved = await update(s.employer.token, created.id, { scheduled_time: day(3, '14:00:00') });
    expect(moved.statusCode).toBe(200);
    expect(json<InterviewOut>(moved)).toMatchObject({ status: 'rescheduled', sequence: 1, scheduled_time: '2031-06-03T14:00:00.000Z' });
    const second = parseInvite(inviteOf((await mailAbout(s.seeker.user.email, /moved/)).raw));
    expect(second.method).toBe('REQUEST');
    expect(Number(second.event.sequence)).toBe(1);
    expect(second.event.start.toISOString()).toBe('2031-06-03T14:00:00.000Z');

    const cancelled = await update(s.employer.token, created.id, { status: 'cancelled' });
    expect(json<InterviewOut>(cancelled)).toMatchObject({ status: 'cancelled', sequence: 2 });
    const third = parseInvite(inviteOf((await mailAbout(s.seeker.user.email, /cancelled/)).raw));
    expect(third.method).toBe('CANCEL');
    expect(Number(third.event.sequence)).toBe(2);
    expect(third.event.uid).toBe(second.event.uid);
    expect(third.text).toMatch(/STATUS:CANCELLED/);
    // A cancelled interview no longer changes, and no longer holds its time.
    expect((await update(s.employer.token, created.id, { notes: 'again' })).statusCode).toBe(409);
    const again = await schedule(s.employer.token, { ...base, application: s.application.id, scheduled_time: day(3, '14:00:00') });
    expect(again.statusCode).toBe(201);
  });

  it('keeps the instant across a daylight-saving change and refuses times in the past', async () => {
    const s = await scene();
    // Europe/Berlin moves to summer time on 30 March 2031: 10:00 before and after are different UTC hours.
    const before = json<InterviewOut>(
      await schedule(s.employer.token, { ...base, application: s.application.id, scheduled_time: '2031-03-29T10:00:00+01:00' }),
    );
    const after = json<InterviewOut>(
      await schedule(s.employer.token, { ...base, application: s.application.id, scheduled_time: '2031-03-31T10:00:00+02:00' }),
    );
    expect(before.scheduled_time).toBe('2031-03-29T09:00:00.000Z');
    expect(after.scheduled_time).toBe('2031-03-31T08:00:00.000Z');
    const past = await schedule(s.employer.token, { ...base, application: s.application.id, scheduled_time: '2020-01-01T10:00:00Z' });
    expect(past.statusCode).toBe(400);
    expect(json(past).fields).toHaveProperty('scheduled_time');
    expect((await update(s.employer.token, before.id, { scheduled_time: '2020-01-01T10:00:00Z' })).statusCode).toBe(400);
  });
});

describe('text in its place', () => {
  it('writes a name with quotes and separators as one CN and a link with , and ; as the URL (RFC 5545, RFC 6868)', async () => {
    const employer = await employerWithJob(t);
    const name = `Dana "DJ" O'Neil; ROLE=CHAIR`;
    const seeker = await signedInUser(t, { role: 'jobseeker', fullName: name });
    const resume = await storedResume(t, seeker.user);
    const application = await createApplication(t.db, { jobId: employer.job.id, jobseekerId: seeker.user.id, resumeFileId: resume.id });
    const link = 'https://meet.example.com/a,b;c?x=1&y=2';
    const res = await schedule(employer.token, {
      ...base,
      meeting_link: link,
      application: application.id,
      scheduled_time: day(5, '10:00:00'),
    });
    expect(res.statusCode).toBe(201);
    const id = json<InterviewOut>(res).id;
    const expected = {
      url: link,
      attendees: [
        { cn: name, role: 'REQ-PARTICIPANT', address: `mailto:${seeker.user.email}` },
        { cn: employer.user.fullName, role: 'CHAIR', address: `mailto:${employer.user.email}` },
      ],
    };
    const served = await t.app.inject({ url: `/api/interview-schedules/${id}/invite.ics`, headers: bearer(seeker.token) });
    expect(parseInvite(served.body).event).toMatchObject(expected);
    const unfolded = served.body.replace(/\r\n /g, '');
    expect(unfolded).toContain(`;CN="Dana ^'DJ^' O'Neil; ROLE=CHAIR":mailto:`);
    expect(unfolded).toContain(`\r\nURL;VALUE=URI:${link}\r\n`);
    const mailed = parseInvite(inviteOf((await t.smtp.waitForMail(seeker.user.email)).raw));
    expect(mailed.event).toMatchObject(expected);
  });

  it('percent-encodes in the URL what a URI cannot hold, and folds long lines without splitting a character', async () => {
    const s = await scene();
    const long = 'Ünïcödé '.repeat(20).trim();
    await t.db.update(companies).set({ name: long }).where(eq(companies.id, s.employer.company.id));
    const link = 'https://meet.example.com/raum 5/café?"q"';
    const res = await schedule(s.employer.token, {
      ...base,
      meeting_link: link,
      application: s.application.id,
      scheduled_time: day(6, '10:00:00'),
    });
    expect(res.statusCode).toBe(201);
    const served = await t.app.inject({
      url: `/api/interview-schedules/${json<InterviewOut>(res).id}/invite.ics`,
      headers: bearer(s.seeker.token),
    });
    const { event } = parseInvite(served.body);
    expect(event.url).toBe('https://meet.example.com/raum%205/caf%C3%A9?%22q%22');
    expect(event.summary).toBe(`Interview: ${s.employer.job.title} at ${long}`);
    for (const line of served.body.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
  });

  it('keeps names from rows written before names were one line on their own line in the e-mails and the invite', async () => {
    const s = await scene();
    await t.db.update(users).set({ fullName: 'Ada\r\nBcc: someone@example.com\nCandidate' }).where(eq(users.id, s.seeker.user.id));
    await t.db.update(companies).set({ name: 'Acme\r\n\r\nClick https://evil.example' }).where(eq(companies.id, s.employer.company.id));
    const res = await schedule(s.employer.token, { ...base, application: s.application.id, scheduled_time: day(7, '10:00:00') });
    expect(res.statusCode).toBe(201);
    for (const to of [s.seeker.user.email, s.employer.user.email]) {
      const mail = await t.smtp.waitForMail(to);
      const lines = textOf(mail.raw).split(/\r?\n/);
      expect(lines.filter((l) => /^(Bcc:|Candidate|Click)/.test(l))).toEqual([]);
      expect(lines.join('\n')).toContain('at Acme Click https://evil.example');
      const { event } = parseInvite(inviteOf(mail.raw));
      expect(event.attendees[0]!.cn).toBe('Ada Bcc: someone@example.com Candidate');
    }
    expect(textOf((await t.smtp.waitForMail(s.employer.user.email)).raw)).toContain(
      'the interview with Ada Bcc: someone@example.com Candidate',
    );
  });
});

describe('clashes', () => {
  it("refuses an overlap with the interviewer's or the job seeker's other interview, across time zones, naming it", async () => {
    const s = await scene();
    const first = json<InterviewOut>(
      await schedule(s.employer.token, { ...base, application: s.application.id, scheduled_time: day(5, '09:00:00') }),
    );
    const other = await s.addApplicant();
    // 11:30 in Berlin (summer) is 09:30 UTC: inside the first interview.
    const clash = await schedule(s.employer.token, {
      ...base,
      application: other.application.id,
      scheduled_time: day(5, '11:30:00', '+02:00'),
    });
    expect(clash.statusCode).toBe(409);
    expect(json(clash)).toMatchObject({
      code: 'interview_clash',
      clash: { id: first.id, scheduled_time: '2031-06-05T09:00:00.000Z', end_time: '2031-06-05T10:00:00.000Z' },
    });
    expect(json<{ detail: string }>(clash).detail).toMatch(/11:00/);
    // Back to back is fine (ranges are half-open).
    expect(
      (await schedule(s.employer.token, { ...base, application: other.application.id, scheduled_time: day(5, '10:00:00') })).statusCode,
    ).toBe(201);

    // The same job seeker with another interviewer of the company.
    const recruiter = await createRecruiter(t.db, s.employer.company.id);
    const bySeeker = await schedule(s.employer.token, {
      ...base,
      application: s.application.id,
      interviewer: recruiter.id,
      scheduled_time: day(5, '09:30:00'),
    });
    expect(bySeeker.statusCode).toBe(409);
    expect(json(bySeeker)).toMatchObject({ code: 'interview_clash', clash: { id: first.id } });
    // Moving an interview onto another one is refused the same way.
    const later = json<InterviewOut>(
      await schedule(s.employer.token, { ...base, application: s.application.id, scheduled_time: day(5, '15:00:00') }),
    );
    const moved = await update(s.employer.token, later.id, { scheduled_time: day(5, '09:15:00') });
    expect(moved.statusCode).toBe(409);
    expect(json(moved)).toMatchObject({ code: 'interview_clash', clash: { id: first.id } });
  });

  it('32 requests for the same slot at the same instant: exactly one wins', async () => {
    const s = await scene();
    const applicants = [];
    for (let i = 0; i < 32; i++) applicants.push(await s.addApplicant());
    const answers = await Promise.all(
      applicants.map((a) => schedule(s.employer.token, { ...base, application: a.application.id, scheduled_time: day(9, '13:00:00') })),
    );
    const codes = answers.map((r) => r.statusCode);
    expect(
      codes.filter((c) => c === 201),
      codes.join(','),
    ).toHaveLength(1);
    expect(
      codes.filter((c) => c === 409),
      codes.join(','),
    ).toHaveLength(31);
    for (const r of answers.filter((x) => x.statusCode === 409)) expect(json(r).code).toBe('interview_clash');
  });
});

describe('offered times', () => {
  it('offers times, the job seeker picks one (the first pick wins), confirms, and the application moves', async () => {
    const s = await scene();
    const times = [day(10, '09:00:00'), day(10, '11:00:00'), day(11, '09:00:00')];
    const res = await schedule(s.employer.token, { ...base, application: s.application.id, offered_times: times });
    expect(res.statusCode).toBe(201);
    const offered = json<InterviewOut>(res);
    expect(offered).toMatchObject({ status: 'offered', scheduled_time: null, end_time: null });
    expect(offered.offered_times).toEqual(times.map((x) => new Date(x).toISOString()));
    expect(await statusOf(s.application.id)).toBe('applied');
    expect(
      (await t.app.inject({ url: `/api/interview-schedules/${offered.id}/invite.ics`, headers: bearer(s.seeker.token) })).statusCode,
    ).toBe(409);

    const choose = (time: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/interview-schedules/${offered.id}/choose/`,
        headers: bearer(s.seeker.token),
        payload: { scheduled_time: time },
      });
    expect((await choose(day(12, '09:00:00'))).statusCode).toBe(400);
    const [a, b] = await Promise.all([choose(times[0]!), choose(times[1]!)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const won = json<InterviewOut>(a.statusCode === 200 ? a : b);
    expect(won.status).toBe('scheduled');
    expect(won.offered_times).toEqual([]);
    expect(await statusOf(s.application.id)).toBe('interview_scheduled');
    expect(
      (await t.app.inject({ url: `/api/interview-schedules/${offered.id}/`, headers: bearer(s.employer.token) })).json(),
    ).toMatchObject({
      scheduled_time: won.scheduled_time,
    });
    const confirmed = await t.app.inject({
      method: 'POST',
      url: `/api/interview-schedules/${offered.id}/confirm/`,
      headers: bearer(s.seeker.token),
    });
    expect(confirmed.statusCode).toBe(200);
    expect(json<InterviewOut>(confirmed).seeker_confirmed_at).not.toBeNull();
    // The employer may not pick for the job seeker.
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/interview-schedules/${offered.id}/confirm/`, headers: bearer(s.employer.token) }))
        .statusCode,
    ).toBe(403);
  });
});

describe('completing', () => {
  it('refuses to complete an interview that has not started (nothing changes), and completes one that has', async () => {
    const s = await scene();
    const inThreeDays = new Date(Date.now() + 3 * 86_400_000).toISOString();
    const ahead = json<InterviewOut>(
      await schedule(s.employer.token, { ...base, application: s.application.id, scheduled_time: inThreeDays }),
    );
    const early = await update(s.employer.token, ahead.id, { status: 'completed' });
    expect(early.statusCode).toBe(409);
    expect(json(early).detail).toContain('has not started yet');
    expect(await statusOf(s.application.id)).toBe('interview_scheduled');
    expect((await t.db.select().from(interviews).where(eq(interviews.id, ahead.id)))[0]!.status).toBe('scheduled');

    const other = await signedInUser(t, { role: 'jobseeker' });
    const otherResume = await storedResume(t, other.user);
    const scheduled = await createApplication(t.db, {
      jobId: s.employer.job.id,
      jobseekerId: other.user.id,
      resumeFileId: otherResume.id,
      path: ['interview_scheduled'],
    });
    const started = await createInterview(t.db, {
      applicationId: scheduled.id,
      interviewerId: s.employer.user.id,
      scheduledTime: new Date(Date.now() - 30 * 60_000),
    });
    const done = await update(s.employer.token, started.id, { status: 'completed' });
    expect(done.statusCode).toBe(200);
    expect(json<InterviewOut>(done).status).toBe('completed');
  });
});

describe('one open offer per application', () => {
  const choose = (token: string, id: number, time: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/interview-schedules/${id}/choose/`,
      headers: bearer(token),
      payload: { scheduled_time: time },
    });

  it('refuses a second offer while the first is open (also two at once), and allows one once it is answered or cancelled', async () => {
    const s = await scene();
    const times = [day(20, '09:00:00'), day(20, '11:00:00')];
    const offer = () => schedule(s.employer.token, { ...base, application: s.application.id, offered_times: times });
    const [a, b] = await Promise.all([offer(), offer()]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    const refused = a.statusCode === 409 ? a : b;
    expect(json(refused)).toMatchObject({
      code: 'conflict',
      detail: 'This application has an open offer of times already. Change its times or cancel it before offering others.',
    });
    const first = json<InterviewOut>(a.statusCode === 201 ? a : b);
    expect((await offer()).statusCode).toBe(409);
    // A single time beside the open offer is the employer's own choice, and stays possible.
    expect(
      (await schedule(s.employer.token, { ...base, application: s.application.id, scheduled_time: day(22, '09:00:00') })).statusCode,
    ).toBe(201);
    // Cancelled before a pick (it never held a time), the offer no longer stands in the way.
    const cancelled = await update(s.employer.token, first.id, { status: 'cancelled' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(json<InterviewOut>(cancelled)).toMatchObject({ status: 'cancelled', scheduled_time: null });
    const next = await offer();
    expect(next.statusCode, next.body).toBe(201);
    expect((await choose(s.seeker.token, json<InterviewOut>(next).id, times[0]!)).statusCode).toBe(200);
    expect((await offer()).statusCode).toBe(201);
  });

  it('a pick closes the other open offers of the application (written before the rule), with an audit entry', async () => {
    const s = await scene();
    const times = [new Date(day(24, '09:00:00')), new Date(day(24, '11:00:00'))];
    const offers = [];
    for (let n = 0; n < 2; n++) {
      offers.push(await createInterview(t.db, { applicationId: s.application.id, interviewerId: s.employer.user.id, offeredTimes: times }));
    }
    const picked = await choose(s.seeker.token, offers[0]!.id, times[0]!.toISOString());
    expect(picked.statusCode, picked.body).toBe(200);
    const other = await t.app.inject({ url: `/api/interview-schedules/${offers[1]!.id}/`, headers: bearer(s.seeker.token) });
    expect(json<InterviewOut>(other)).toMatchObject({ status: 'cancelled', offered_times: [], scheduled_time: null });
    expect((await choose(s.seeker.token, offers[1]!.id, times[1]!.toISOString())).statusCode).toBe(409);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.objectType} = 'interview' and ${auditLog.objectId} = ${offers[1]!.id}`);
    expect(entry).toMatchObject({ action: 'interview.cancelled', before: { status: 'offered' } });
  });
});

describe('bad input and wrong callers', () => {
  it('answers 400 with fields and writes nothing', async () => {
    const s = await scene();
    const before = await interviewCount();
    const cases: [Record<string, unknown>, string][] = [
      [{ time_zone: 'Mars/Olympus' }, 'time_zone'],
      [{ time_zone: '+02:00' }, 'time_zone'],
      [{ duration_minutes: 0 }, 'duration_minutes'],
      [{ duration_minutes: 'sixty' }, 'duration_minutes'],
      [{ scheduled_time: undefined, offered_times: [day(12, '09:00:00')] }, 'offered_times'],
      [{ scheduled_time: undefined, offered_times: [] }, 'offered_times'],
      [{ scheduled_time: undefined, offered_times: [day(12, '09:00:00'), day(12, '09:00:00')] }, 'offered_times'],
      [{ scheduled_time: undefined }, 'scheduled_time'],
      [{ scheduled_time: 'tomorrow at ten' }, 'scheduled_time'],
      [{ scheduled_time: '2031-06-12T09:00:00' }, 'scheduled_time'],
      [{ meeting_link: 'javascript:alert(1)' }, 'meeting_link'],
      [{ meeting_link: 'ftp://files.example.com' }, 'meeting_link'],
      [{ notes: 'x'.repeat(2001) }, 'notes'],
      [{ mode: 'in_person', location: '' }, 'location'],
      [{ mode: 'carrier_pigeon' }, 'mode'],
      [{ application: 'abc' }, 'application'],
      [{ application: 99_999_999_999 }, 'application'],
    ];
    for (const [change, field] of cases) {
      const payload = { ...base, application: s.application.id, scheduled_time: day(12, '09:00:00'), ...change };
      const res = await schedule(s.employer.token, payload);
      expect(res.statusCode, `${JSON.stringify(change)}: ${res.body}`).toBe(400);
      expect(Object.keys(json<{ fields: Record<string, string[]> }>(res).fields).join(','), JSON.stringify(change)).toContain(field);
    }
    const interviewer = await schedule(s.employer.token, {
      ...base,
      application: s.application.id,
      scheduled_time: day(12, '09:00:00'),
      interviewer: s.seeker.user.id,
    });
    expect(interviewer.statusCode).toBe(400);
    expect(json(interviewer).fields).toHaveProperty('interviewer');
    expect(await interviewCount()).toBe(before);
    const created = json<InterviewOut>(
      await schedule(s.employer.token, { ...base, application: s.application.id, scheduled_time: day(12, '09:00:00') }),
    );
    for (const payload of [
      {},
      { status: 'offered' },
      { duration_minutes: 9999 },
      { time_zone: 'Nowhere' },
      { scheduled_time: day(13, '09:00:00'), status: 'cancelled' },
    ]) {
      const res = await update(s.employer.token, created.id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(json(res)).toHaveProperty('fields');
    }
  });

  it('hides interviews from everyone but the two sides, and refuses final applications', async () => {
    const s = await scene();
    const created = json<InterviewOut>(
      await schedule(s.employer.token, { ...base, application: s.application.id, scheduled_time: day(14, '09:00:00') }),
    );
    const stranger = await employerWithJob(t);
    const otherSeeker = await signedInUser(t, { role: 'jobseeker' });
    expect(
      (await schedule(stranger.token, { ...base, application: s.application.id, scheduled_time: day(15, '09:00:00') })).statusCode,
    ).toBe(404);
    expect(
      (await schedule(s.seeker.token, { ...base, application: s.application.id, scheduled_time: day(15, '09:00:00') })).statusCode,
    ).toBe(403);
    expect((await update(stranger.token, created.id, { notes: 'x' })).statusCode).toBe(404);
    for (const token of [stranger.token, otherSeeker.token]) {
      expect((await t.app.inject({ url: `/api/interview-schedules/${created.id}/`, headers: bearer(token) })).statusCode).toBe(404);
      expect((await t.app.inject({ url: `/api/interview-schedules/${created.id}/invite.ics`, headers: bearer(token) })).statusCode).toBe(
        404,
      );
      const list = json<Page<InterviewOut>>(await t.app.inject({ url: '/api/interview-schedules/', headers: bearer(token) }));
      expect(list.results.map((i) => i.id)).not.toContain(created.id);
    }
    // A recruiter of the company acts for the employer.
    const recruiter = await createRecruiter(t.db, s.employer.company.id, { password: 'correct-horse-battery' });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login/',
      payload: { email: recruiter.email, password: 'correct-horse-battery' },
    });
    const recruiterToken = login.json<{ accessToken: string }>().accessToken;
    expect((await update(recruiterToken, created.id, { notes: 'Room 4' })).statusCode).toBe(200);

    await t.db.update(applications).set({ status: 'rejected' }).where(eq(applications.id, s.application.id));
    const refused = await schedule(s.employer.token, { ...base, application: s.application.id, scheduled_time: day(16, '09:00:00') });
    expect(refused.statusCode).toBe(409);
  });

  it('lists with filters for each side', async () => {
    const s = await scene();
    const a = json<InterviewOut>(
      await schedule(s.employer.token, { ...base, application: s.application.id, scheduled_time: day(17, '09:00:00') }),
    );
    const b = json<InterviewOut>(
      await schedule(s.employer.token, {
        ...base,
        application: s.application.id,
        offered_times: [day(18, '09:00:00'), day(18, '10:00:00')],
      }),
    );
    const list = async (token: string, query: string) =>
      json<Page<InterviewOut>>(await t.app.inject({ url: `/api/interview-schedules/?${query}`, headers: bearer(token) })).results.map(
        (i) => i.id,
      );
    expect(await list(s.seeker.token, `application=${s.application.id}`)).toEqual([b.id, a.id]);
    expect(await list(s.employer.token, `job=${s.employer.job.id}&status=offered`)).toEqual([b.id]);
    expect(await list(s.employer.token, `application=${s.application.id}&when=past`)).toEqual([]);
    expect(await list(s.seeker.token, `when=upcoming&application=${s.application.id}`)).toEqual([b.id, a.id]);
    expect((await t.app.inject({ url: '/api/interview-schedules/?when=soon', headers: bearer(s.seeker.token) })).statusCode).toBe(400);
  });

  it("filters by interviewer: a member's own day, within the caller's company only", async () => {
    const s = await scene();
    const recruiter = await createRecruiter(t.db, s.employer.company.id, { fullName: 'Rae Recruiter' });
    const second = await s.addApplicant();
    const mine = json<InterviewOut>(
      await schedule(s.employer.token, { ...base, application: s.application.id, scheduled_time: day(20, '09:00:00') }),
    );
    const theirs = json<InterviewOut>(
      await schedule(s.employer.token, {
        ...base,
        application: second.application.id,
        scheduled_time: day(20, '09:00:00'),
        interviewer: recruiter.id,
      }),
    );
    expect(theirs.interviewer).toEqual({ id: recruiter.id, full_name: 'Rae Recruiter' });
    const ids = async (token: string, query: string) =>
      json<Page<InterviewOut>>(await t.app.inject({ url: `/api/interview-schedules/?${query}`, headers: bearer(token) })).results.map(
        (i) => i.id,
      );
    expect(await ids(s.employer.token, `job=${s.employer.job.id}&interviewer=${recruiter.id}`)).toEqual([theirs.id]);
    expect(await ids(s.employer.token, `job=${s.employer.job.id}&interviewer=${s.employer.user.id}`)).toEqual([mine.id]);
    // Another company naming this recruiter sees none of their interviews.
    const stranger = await employerWithJob(t);
    expect(await ids(stranger.token, `interviewer=${recruiter.id}`)).toEqual([]);
    for (const bad of ['interviewer=abc', 'interviewer=0', 'interviewer=-3', 'interviewer=99999999999']) {
      expect((await t.app.inject({ url: `/api/interview-schedules/?${bad}`, headers: bearer(s.employer.token) })).statusCode).toBe(400);
    }
  });
});

describe("e-mails in each recipient's time zone", () => {
  it("gives the job seeker's mail their own zone when known, the interview's zone otherwise", async () => {
    const s = await scene();
    const setZone = (token: string, time_zone: string | null) =>
      t.app.inject({ method: 'PATCH', url: '/api/account/', headers: bearer(token), payload: { time_zone } });
    expect((await setZone(s.seeker.token, 'America/New_York')).statusCode).toBe(200);
    const created = json<InterviewOut>(
      await schedule(s.employer.token, { ...base, application: s.application.id, scheduled_time: day(24, '08:00:00') }),
    );
    const toSeeker = await mailAbout(s.seeker.user.email, /^Interview scheduled/);
    // 08:00 UTC: 04:00 in New York (EDT), 10:00 in Berlin (the interview's zone, the employer's mail).
    expect(toSeeker.raw).toMatch(/at 04:00 \(America\/New_York\)/);
    const toEmployer = await mailAbout(s.employer.user.email, /^Interview scheduled/);
    expect(toEmployer.raw).toMatch(/at 10:00 \(Europe\/Berlin\)/);

    // A job seeker whose zone is not known yet reads the interview's zone.
    expect((await setZone(s.seeker.token, null)).statusCode).toBe(200);
    expect((await update(s.employer.token, created.id, { scheduled_time: day(25, '08:00:00') })).statusCode).toBe(200);
    const moved = await mailAbout(s.seeker.user.email, /^Interview moved/);
    expect(moved.raw).toMatch(/at 10:00 \(Europe\/Berlin\)/);
  });
});

describe('feedback', () => {
  it('one scorecard per interview and author; the job seeker shows it, other employers see only shown items', async () => {
    const s = await scene();
    const interview = json<InterviewOut>(
      await schedule(s.employer.token, { ...base, application: s.application.id, scheduled_time: day(20, '09:00:00') }),
    );
    const scorecard = {
      interview: interview.id,
      stage: 'first_round_interview',
      score: 8,
      ratings: { communication: 5, technical_skills: 4 },
      strengths: 'Clear thinking',
      concerns: 'Little SQL',
      recommendation: 'yes',
      feedback: 'A strong first round.',
    };
    const post = (token: string, payload: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url: '/api/interview-feedbacks/', headers: bearer(token), payload });
    const res = await post(s.employer.token, scorecard);
    expect(res.statusCode).toBe(201);
    const feedback = json<FeedbackOut>(res);
    expect(feedback).toMatchObject({
      score: 8,
      is_approved: false,
      author: { id: s.employer.user.id },
      company: { id: s.employer.company.id },
    });
    expect(await statusOf(s.application.id)).toBe('interviewed');
    expect(json(await post(s.employer.token, scorecard))).toMatchObject({ code: 'feedback_exists' });
    expect((await post(s.employer.token, { ...scorecard, score: 11 })).statusCode).toBe(400);
    expect((await post(s.employer.token, { ...scorecard, ratings: { communication: 6 } })).statusCode).toBe(400);
    expect((await post(s.employer.token, { ...scorecard, stage: 'lunch' })).statusCode).toBe(400);
    expect((await post(s.employer.token, { ...scorecard, feedback: 'x'.repeat(5001) })).statusCode).toBe(400);

    // Another interview's feedback is never blocked by this one (the same stage too).
    const second = json<InterviewOut>(
      await schedule(s.employer.token, { ...base, application: s.application.id, scheduled_time: day(21, '09:00:00') }),
    );
    expect((await post(s.employer.token, { ...scorecard, interview: second.id })).statusCode).toBe(201);
    expect(await statusOf(s.application.id)).toBe('interviewed');

    const patch = (token: string, payload: Record<string, unknown>) =>
      t.app.inject({ method: 'PATCH', url: `/api/interview-feedbacks/${feedback.id}/`, headers: bearer(token), payload });
    expect((await patch(s.seeker.token, { score: 10 })).statusCode).toBe(403);
    expect((await patch(s.employer.token, { is_approved: true })).statusCode).toBe(403);
    expect(json<FeedbackOut>(await patch(s.employer.token, { score: 9 })).score).toBe(9);
    const shown = await patch(s.seeker.token, { is_approved: true });
    expect(json<FeedbackOut>(shown).is_approved).toBe(true);
    const otherSeeker = await signedInUser(t, { role: 'jobseeker' });
    expect((await patch(otherSeeker.token, { is_approved: false })).statusCode).toBe(404);

    // The job seeker reads all feedback on their interviews.
    const mine = json<Page<FeedbackOut>>(await t.app.inject({ url: '/api/interview-feedbacks/', headers: bearer(s.seeker.token) }));
    expect(mine.count).toBe(2);
    expect(
      json<Page<FeedbackOut>>(
        await t.app.inject({ url: `/api/interview-feedbacks/?interview=${second.id}`, headers: bearer(s.seeker.token) }),
      ).count,
    ).toBe(1);

    // A second employer the job seeker applied to sees the shown item only.
    const second2 = await employerWithJob(t);
    await createApplication(t.db, { jobId: second2.job.id, jobseekerId: s.seeker.user.id, resumeFileId: s.resume.id });
    const profile = json<JobseekerProfileOut>(
      await t.app.inject({ url: `/api/jobseekers/${s.seeker.user.id}/`, headers: bearer(second2.token) }),
    );
    expect(profile.shown_feedback).toEqual([
      {
        company: { name: s.employer.company.name },
        stage: 'first_round_interview',
        score: 9,
        feedback: 'A strong first round.',
        provided_at: feedback.provided_at,
      },
    ]);
    // The second employer sees none of the first company's feedback through the list.
    expect(json<Page<FeedbackOut>>(await t.app.inject({ url: '/api/interview-feedbacks/', headers: bearer(second2.token) })).count).toBe(0);

    // Final applications: feedback no longer changes, new feedback is refused.
    await t.db.update(applications).set({ status: 'hired' }).where(eq(applications.id, s.application.id));
    expect((await patch(s.employer.token, { score: 3 })).statusCode).toBe(409);
    expect((await patch(s.seeker.token, { is_approved: false })).statusCode).toBe(200);
  });
});

describe('notifications are written with the change they announce', () => {
  /**
   * When the transaction that wrote a row began: `created_at` (a feedback's `provided_at`) defaults to now(), which is the same
   * instant, to the microsecond, for every row one transaction writes (xmin would not do: pushing a
   * notification updates its row).
   */
  const writerOf = async (table: 'interviews' | 'interview_feedbacks', id: number) => {
    const column = table === 'interviews' ? 'created_at' : 'provided_at';
    return (
      await queryRows<{ x: string }>(t.db, sql`select ${sql.identifier(column)}::text as x from ${sql.identifier(table)} where id = ${id}`)
    )[0]!.x;
  };
  const noticesOf = (userId: number) =>
    queryRows<{ x: string; type: string }>(
      t.db,
      sql`select created_at::text as x, type from notifications where user_id = ${userId} order by id`,
    );

  it('in the transaction of the interview, the application move and the feedback; none when the change is refused', async () => {
    const s = await scene();
    const res = await schedule(s.employer.token, { ...base, application: s.application.id, scheduled_time: day(27, '09:00:00') });
    expect(res.statusCode).toBe(201);
    const interview = json<InterviewOut>(res);
    const scheduledIn = await writerOf('interviews', interview.id);
    const afterSchedule = await noticesOf(s.seeker.user.id);
    // The application moved to "interview scheduled" and the interview was scheduled: both told, both in its transaction.
    expect(afterSchedule.map((n) => n.type).sort()).toEqual(['application_status_changed', 'interview_scheduled']);
    expect(afterSchedule.every((n) => n.x === scheduledIn)).toBe(true);

    // The same interviewer at the same time for another applicant: refused inside the transaction, nobody told.
    const other = await s.addApplicant();
    const clash = await schedule(s.employer.token, { ...base, application: other.application.id, scheduled_time: day(27, '09:30:00') });
    expect(clash.statusCode).toBe(409);
    expect(await noticesOf(other.user.id)).toEqual([]);

    const feedback = await t.app.inject({
      method: 'POST',
      url: '/api/interview-feedbacks/',
      headers: bearer(s.employer.token),
      payload: { interview: interview.id, stage: 'first_round_interview', score: 7, recommendation: 'yes', feedback: 'Good.' },
    });
    expect(feedback.statusCode).toBe(201);
    const feedbackIn = await writerOf('interview_feedbacks', json<FeedbackOut>(feedback).id);
    const afterFeedback = (await noticesOf(s.seeker.user.id)).slice(afterSchedule.length);
    expect(afterFeedback.map((n) => n.type).sort()).toEqual(['application_status_changed', 'feedback_received']);
    expect(afterFeedback.every((n) => n.x === feedbackIn)).toBe(true);
  });
});
