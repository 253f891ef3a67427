import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobAlertOut } from '@jobportal/shared';
import { jobAlerts } from '../../db/schema';
import { createCompany, createJob } from '../../seed/factories';
import { bearer, createTestApp, json, signedInUser, type TestApp } from '../../test/harness';
import type { ReceivedMail } from '../../test/smtp-peer';
import { nextDigestAt } from './alert-mail';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_MULTIPLIER: '100' });
});
afterAll(() => t?.close());

/** A mail as read back from the SMTP peer: unfolded headers, and its text and HTML parts decoded (quoted-printable). */
function readMail(mail: ReceivedMail) {
  const [head] = mail.raw.split(/\r?\n\r?\n/);
  const headers = head!.replace(/\r?\n[ \t]+/g, ' ');
  const header = (name: string) => new RegExp(`^${name}: (.*)$`, 'im').exec(headers)?.[1]?.trim();
  const decode = (s: string) =>
    Buffer.from(
      s.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16))),
      'latin1',
    ).toString('utf8');
  const part = (type: string) => {
    const match = new RegExp(`Content-Type: ${type}[^]*?\\r?\\n\\r?\\n([^]*?)\\r?\\n--`, 'i').exec(mail.raw);
    return match ? decode(match[1]!) : '';
  };
  return { header, text: part('text/plain'), html: part('text/html') };
}

async function employer() {
  const owner = await signedInUser(t, { role: 'employer' });
  const company = await createCompany(t.db, owner.user.id, { isApproved: true, name: 'Harbor Analytics' });
  const post = async (extra: Record<string, unknown>) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/jobs/',
      headers: bearer(owner.token),
      payload: {
        description: 'Model tides and ferry traffic with our forecasting team, reviewed every week.',
        location: 'Hamburg, Germany',
        employment_type: 'Full-time',
        experience_level: 'Mid level',
        status: 'open',
        ...extra,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    await t.app.jobAlerts.idle();
    return json<{ id: number }>(res).id;
  };
  return { ...owner, company, post };
}

describe('job alert e-mails', () => {
  it('sends at once at most once an hour: jobs with company, place and pay, HTML and text, one-click unsubscribe; closed jobs left out', async () => {
    const seeker = await signedInUser(t, { role: 'jobseeker' });
    const alert = json<JobAlertOut>(
      await t.app.inject({
        method: 'POST',
        url: '/api/job-alerts/',
        headers: bearer(seeker.token),
        payload: { name: 'tide forecasting', criteria: { search: 'forecasting' }, frequency: 'instant', email: true },
      }),
    );
    const boss = await employer();
    await boss.post({ title: 'Tide Forecaster', salary_min: 60000, salary_max: 75000, currency: 'EUR' });
    const first = readMail(await t.smtp.waitForMail(seeker.user.email));
    expect(first.header('Subject')).toBe("1 new job for 'tide forecasting'");
    expect(first.header('List-Unsubscribe')).toMatch(/^<http:\/\/localhost:\d+\/api\/job-alerts\/unsubscribe\/\?token=\d+\.[\w-]+>$/);
    expect(first.header('List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    for (const body of [first.text, first.html]) {
      expect(body).toContain('Tide Forecaster');
      expect(body).toContain('Harbor Analytics');
      expect(body).toContain('Hamburg, Germany');
      expect(body).toContain('€60,000 – €75,000 a year');
      expect(body).toMatch(/#\/job\/\d+/);
      expect(body).toMatch(/#\/alerts\/manage\/\d+\.[\w-]+/);
    }

    // Within the hour: nothing more yet; the second e-mail carries what is still open an hour after the first.
    const kept = await boss.post({ title: 'Ferry Forecasting Analyst', salary_min: 9_000_000, currency: 'JPY' });
    const closed = await boss.post({ title: 'Forecasting Intern' });
    expect(t.smtp.count(seeker.user.email)).toBe(1);
    await t.app.inject({ method: 'PATCH', url: `/api/jobs/${closed}/`, headers: bearer(boss.token), payload: { status: 'closed' } });
    await t.app.jobAlerts.sendDue(new Date(Date.now() + 61 * 60_000));
    const second = readMail(await t.smtp.waitForMail(seeker.user.email, 2));
    expect(second.header('Subject')).toBe("1 new job for 'tide forecasting'");
    expect(second.text).toContain('Ferry Forecasting Analyst');
    expect(second.text).toContain('¥9,000,000 a year');
    expect(second.text).not.toContain('Forecasting Intern');
    expect(kept).toBeGreaterThan(0);

    // The header's address, posted as a mail program does (RFC 8058): the e-mails stop, the app still tells.
    const url = new URL(first.header('List-Unsubscribe')!.slice(1, -1));
    const res = await t.app.inject({
      method: 'POST',
      url: `${url.pathname}${url.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await t.db.select().from(jobAlerts).where(eq(jobAlerts.id, alert.id));
    expect(row).toMatchObject({ byEmail: false, inApp: true });
  });

  it("sends daily ones at 08:00 in the person's zone, and a visitor's only after the address is confirmed", async () => {
    const email = 'daily-visitor@example.com';
    await t.app.inject({
      method: 'POST',
      url: '/api/job-alerts/subscribe/',
      payload: { criteria: { search: 'lighthouse' }, email, frequency: 'daily', time_zone: 'Asia/Tokyo' },
    });
    const confirmation = readMail(await t.smtp.waitForMail(email));
    expect(confirmation.header('Subject')).toMatch(/^Confirm your job alert 'lighthouse'/);
    const boss = await employer();
    const company = boss.company;
    // Before confirming: matched with nothing, mailed nothing.
    await createJob(t.db, company.id, { title: 'Lighthouse Keeper' });
    const token = /#\/alerts\/confirm\/([\w.-]+)/.exec(confirmation.text)![1]!;
    await t.app.inject({ method: 'POST', url: '/api/job-alerts/confirm/', payload: { token } });
    const [row] = await t.db.select().from(jobAlerts).where(eq(jobAlerts.emailAddress, email));
    expect(row!.nextEmailAt!.toISOString()).toMatch(/T23:00:00\.000Z$/);
    await boss.post({ title: 'Lighthouse Engineer' });
    expect(t.smtp.count(email)).toBe(1);
    await t.app.jobAlerts.sendDue(row!.nextEmailAt!);
    const digest = readMail(await t.smtp.waitForMail(email, 2));
    expect(digest.text).toContain('Lighthouse Engineer');
    expect(digest.text).not.toContain('Lighthouse Keeper');
    expect(digest.text).toContain('once a day');
  });

  it('finds the next 08:00 across clock changes, and weekly ones on Mondays', () => {
    // Berlin moves to summer time on Sunday 29 March 2026.
    expect(nextDigestAt(new Date('2026-03-28T12:00:00Z'), 'daily', 'Europe/Berlin').toISOString()).toBe('2026-03-29T06:00:00.000Z');
    expect(nextDigestAt(new Date('2026-03-28T06:59:00Z'), 'daily', 'Europe/Berlin').toISOString()).toBe('2026-03-28T07:00:00.000Z');
    expect(nextDigestAt(new Date('2026-03-28T12:00:00Z'), 'weekly', 'Europe/Berlin').toISOString()).toBe('2026-03-30T06:00:00.000Z');
    expect(nextDigestAt(new Date('2026-03-30T06:00:00Z'), 'weekly', 'Europe/Berlin').toISOString()).toBe('2026-04-06T06:00:00.000Z');
    expect(nextDigestAt(new Date('2026-07-01T20:00:00Z'), 'daily', 'America/Los_Angeles').toISOString()).toBe('2026-07-02T15:00:00.000Z');
  });
});
