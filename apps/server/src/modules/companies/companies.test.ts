import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, jobs } from '../../db/schema';
import { createCompany, createJob } from '../../seed/factories';
import { bearer, createTestApp, json, signedInUser, type TestApp } from '../../test/harness';

let t: TestApp;
let admin: { token: string };
let seeker: { token: string };

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_MULTIPLIER: '100' });
  admin = await signedInUser(t, { role: 'admin' });
  seeker = await signedInUser(t, { role: 'jobseeker' });
});
afterAll(() => t?.close());

type Company = {
  id: number;
  name: string;
  is_approved: boolean;
  logo: string | null;
  owner?: { id: number; email: string };
  open_jobs_count: number;
  description: string;
  tech_stack: string[];
  industry: string | null;
};
type Page<T> = { results: T[]; count: number; next: string | null; previous: string | null };

const details = {
  name: 'Acme Robotics',
  website_url: 'https://acme.example.com',
  industry: 'Robotics',
  company_size: '51-200',
  founded_date: '2012-05-01',
  description: 'Acme builds warehouse robots that pick, pack and ship.',
  headquarters_location: 'Munich, Germany',
  tech_stack: ['Rust', 'ROS', 'PostgreSQL'],
  default_currency: 'EUR',
};

async function employerWithCompany(seed: { isApproved?: boolean; name?: string } = {}) {
  const employer = await signedInUser(t, { role: 'employer' });
  const company = await createCompany(t.db, employer.user.id, { name: seed.name, isApproved: seed.isApproved ?? false });
  return { ...employer, company };
}

/** A multipart/form-data body with one file part, as a browser sends it. */
function multipart(field: string, filename: string, contentType: string, data: Buffer) {
  const boundary = `----hireloop${Math.random().toString(16).slice(2)}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`;
  const payload = Buffer.concat([Buffer.from(head), data, Buffer.from(`\r\n--${boundary}--\r\n`)]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

// A real 1×1 PNG.
const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const webp = Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x24, 0, 0, 0]), Buffer.from('WEBPVP8 '), Buffer.alloc(24)]);
const elf = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(200)]);

describe('POST /api/companies/', () => {
  it("creates the employer's company, unapproved, and login then says companyDetailsSubmitted", async () => {
    const employer = await signedInUser(t, { role: 'employer' });
    const before = await t.app.inject({
      method: 'POST',
      url: '/api/login/',
      payload: { email: employer.user.email, password: 'correct-horse-battery' },
    });
    expect(json(before).companyDetailsSubmitted).toBe(false);

    const res = await t.app.inject({ method: 'POST', url: '/api/companies/', headers: bearer(employer.token), payload: details });
    expect(res.statusCode).toBe(201);
    expect(json<Company>(res)).toMatchObject({
      ...details,
      is_approved: false,
      logo: null,
      open_jobs_count: 0,
      owner: { id: employer.user.id },
    });

    const after = await t.app.inject({
      method: 'POST',
      url: '/api/login/',
      payload: { email: employer.user.email, password: 'correct-horse-battery' },
    });
    expect(json(after).companyDetailsSubmitted).toBe(true);
  });

  it('allows one company per employer (409 on a second)', async () => {
    const { token } = await employerWithCompany();
    const res = await t.app.inject({ method: 'POST', url: '/api/companies/', headers: bearer(token), payload: details });
    expect(res.statusCode).toBe(409);
  });

  it('refuses a request that includes is_approved with 403, whatever its value', async () => {
    const employer = await signedInUser(t, { role: 'employer' });
    for (const is_approved of [true, false, 'yes']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/companies/',
        headers: bearer(employer.token),
        payload: { ...details, is_approved },
      });
      expect(res.statusCode, String(is_approved)).toBe(403);
    }
    expect(await t.db.select().from(companies).where(eq(companies.ownerId, employer.user.id))).toHaveLength(0);
  });

  it('refuses bad input with 400 naming each field', async () => {
    const { token } = await signedInUser(t, { role: 'employer' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/companies/',
      headers: bearer(token),
      payload: {
        name: 'A',
        website_url: 'javascript:alert(1)',
        company_size: 'huge',
        founded_date: '2999-01-01',
        description: 'x'.repeat(5001),
        tech_stack: Array.from({ length: 31 }, (_, i) => `T${i}`),
        default_currency: 'EURO',
      },
    });
    expect(res.statusCode).toBe(400);
    const fields = json<{ fields: Record<string, string[]> }>(res).fields;
    expect(Object.keys(fields).sort()).toEqual([
      'company_size',
      'default_currency',
      'description',
      'founded_date',
      'name',
      'tech_stack',
      'website_url',
    ]);
    expect(fields.default_currency).toEqual(['EURO is not a currency code (ISO 4217), like EUR or USD.']);
  });

  it('pays in US dollars unless the employer picks a default currency, which the owner may change', async () => {
    const employer = await signedInUser(t, { role: 'employer' });
    const { default_currency: _currency, ...withoutCurrency } = details;
    const res = await t.app.inject({ method: 'POST', url: '/api/companies/', headers: bearer(employer.token), payload: withoutCurrency });
    expect(res.statusCode).toBe(201);
    const created = json<Company & { default_currency: string }>(res);
    expect(created.default_currency).toBe('USD');
    const patch = (token: string, payload: object) =>
      t.app.inject({ method: 'PATCH', url: `/api/companies/${created.id}/`, headers: bearer(token), payload });
    const changed = await patch(employer.token, { default_currency: 'chf' });
    expect(changed.statusCode).toBe(200);
    expect(json(changed).default_currency).toBe('CHF');
    expect((await patch(employer.token, { default_currency: 'XYZ' })).statusCode).toBe(400);
    const stranger = await signedInUser(t, { role: 'employer' });
    // Not yet approved, the company is hidden from other employers; a job seeker may edit no company.
    expect((await patch(stranger.token, { default_currency: 'EUR' })).statusCode).toBe(404);
    expect((await patch(seeker.token, { default_currency: 'EUR' })).statusCode).toBe(403);
    expect(json(await t.app.inject({ url: `/api/companies/${created.id}/`, headers: bearer(employer.token) })).default_currency).toBe(
      'CHF',
    );
  });

  it('lets only employers submit (401 anonymous, 403 job seekers and admins)', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/companies/', payload: details })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/companies/', headers: bearer(seeker.token), payload: details })).statusCode,
    ).toBe(403);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/companies/', headers: bearer(admin.token), payload: details })).statusCode,
    ).toBe(403);
  });
});

describe('PUT and PATCH /api/companies/{id}/', () => {
  it('lets the owner replace and change its details', async () => {
    const { token, company } = await employerWithCompany();
    const put = await t.app.inject({ method: 'PUT', url: `/api/companies/${company.id}/`, headers: bearer(token), payload: details });
    expect(put.statusCode).toBe(200);
    expect(json<Company>(put)).toMatchObject(details);

    const patch = await t.app.inject({
      method: 'PATCH',
      url: `/api/companies/${company.id}/`,
      headers: bearer(token),
      payload: { industry: 'Logistics' },
    });
    expect(patch.statusCode).toBe(200);
    // What a PATCH leaves out stays as it was.
    expect(json<Company>(patch)).toMatchObject({ ...details, industry: 'Logistics' });
  });

  it('refuses is_approved from the owner with 403 and changes nothing', async () => {
    const { token, company } = await employerWithCompany();
    for (const method of ['PATCH', 'PUT'] as const) {
      const res = await t.app.inject({
        method,
        url: `/api/companies/${company.id}/`,
        headers: bearer(token),
        payload: { ...details, is_approved: true },
      });
      expect(res.statusCode, method).toBe(403);
    }
    const [row] = await t.db.select().from(companies).where(eq(companies.id, company.id));
    expect(row).toMatchObject({ isApproved: false, name: company.name });
  });

  it("answers 403 for another employer's approved company, 404 for an unapproved one and unknown ids, 403 for job seekers, 401 anonymous", async () => {
    const { company } = await employerWithCompany({ isApproved: true });
    const pending = await employerWithCompany();
    const stranger = await employerWithCompany();
    for (const method of ['PUT', 'PATCH'] as const) {
      const url = `/api/companies/${company.id}/`;
      // Visible (approved) but not theirs: 403; not even visible (pending): 404, like a missing one.
      expect((await t.app.inject({ method, url, headers: bearer(stranger.token), payload: details })).statusCode).toBe(403);
      const pendingUrl = `/api/companies/${pending.company.id}/`;
      expect((await t.app.inject({ method, url: pendingUrl, headers: bearer(stranger.token), payload: details })).statusCode).toBe(404);
      expect(
        (await t.app.inject({ method, url: '/api/companies/999999/', headers: bearer(stranger.token), payload: details })).statusCode,
      ).toBe(404);
      expect((await t.app.inject({ method, url, headers: bearer(seeker.token), payload: details })).statusCode).toBe(403);
      expect((await t.app.inject({ method, url, payload: details })).statusCode).toBe(401);
    }
    const [row] = await t.db.select().from(companies).where(eq(companies.id, company.id));
    expect(row?.name).toBe(company.name);
  });

  it('refuses bad input with 400', async () => {
    const { token, company } = await employerWithCompany();
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/companies/${company.id}/`,
      headers: bearer(token),
      payload: { name: '', website_url: 'ftp://x' },
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(json<{ fields: object }>(res).fields).sort()).toEqual(['name', 'website_url']);
    expect(
      (await t.app.inject({ method: 'PUT', url: `/api/companies/${company.id}/`, headers: bearer(token), payload: {} })).statusCode,
    ).toBe(400);
    expect((await t.app.inject({ method: 'PUT', url: '/api/companies/abc/', headers: bearer(token), payload: details })).statusCode).toBe(
      400,
    );
  });
});

describe('approval', () => {
  it('lets admins approve with PATCH, e-mails the owner once, and toggles', async () => {
    const { user, company } = await employerWithCompany({ name: 'Mailable Ltd' });
    const approve = await t.app.inject({
      method: 'PATCH',
      url: `/api/companies/${company.id}/`,
      headers: bearer(admin.token),
      payload: { is_approved: true },
    });
    expect(approve.statusCode).toBe(200);
    expect(json<Company>(approve).is_approved).toBe(true);
    const mail = await t.smtp.waitForMail(user.email);
    expect(mail.subject).toMatch(/Mailable Ltd is approved/);

    // Approving again changes nothing and sends nothing.
    await t.app.inject({
      method: 'PATCH',
      url: `/api/companies/${company.id}/`,
      headers: bearer(admin.token),
      payload: { is_approved: true },
    });

    const off = await t.app.inject({ method: 'POST', url: `/api/companies/${company.id}/toggle_approval/`, headers: bearer(admin.token) });
    expect(off.statusCode).toBe(200);
    expect(json(off)).toEqual({ id: company.id, is_approved: false });
    const on = await t.app.inject({ method: 'POST', url: `/api/companies/${company.id}/toggle_approval/`, headers: bearer(admin.token) });
    expect(json(on)).toEqual({ id: company.id, is_approved: true });
    await t.smtp.waitForMail(user.email, 2);
    // Every send the app began has finished: the two approvals are all it sent.
    await t.mailer.idle();
    expect(t.smtp.count(user.email)).toBe(2);
  });

  it('still approves when the e-mail cannot be sent', async () => {
    const { company, user } = await employerWithCompany();
    t.smtp.setFailing(true);
    try {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/companies/${company.id}/toggle_approval/`,
        headers: bearer(admin.token),
      });
      expect(res.statusCode).toBe(200);
      expect(json(res).is_approved).toBe(true);
      // The send is refused, and has finished failing, before the peer accepts mail again.
      await t.smtp.waitForRefusal(user.email);
      await t.mailer.idle();
    } finally {
      t.smtp.setFailing(false);
    }
    const [row] = await t.db.select().from(companies).where(eq(companies.id, company.id));
    expect(row?.isApproved).toBe(true);
  });

  it('is for admins only', async () => {
    const { token, company } = await employerWithCompany();
    const url = `/api/companies/${company.id}/toggle_approval/`;
    expect((await t.app.inject({ method: 'POST', url })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url, headers: bearer(token) })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url, headers: bearer(seeker.token) })).statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/companies/999999/toggle_approval/', headers: bearer(admin.token) })).statusCode,
    ).toBe(404);
    const bad = await t.app.inject({
      method: 'PATCH',
      url: `/api/companies/${company.id}/`,
      headers: bearer(admin.token),
      payload: { is_approved: 'yes' },
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('GET /api/companies/', () => {
  it('gives admins every company, pending first, with filters and paging', async () => {
    await employerWithCompany({ isApproved: true, name: 'Listed Approved One' });
    await employerWithCompany({ isApproved: false, name: 'Listed Pending One' });
    const res = await t.app.inject({ url: '/api/companies/?page_size=100', headers: bearer(admin.token) });
    expect(res.statusCode).toBe(200);
    const body = json<Page<Company>>(res);
    const approvals = body.results.map((c) => c.is_approved);
    expect(approvals.indexOf(true)).toBeGreaterThan(approvals.lastIndexOf(false));
    expect(body.results[0]?.owner).toBeDefined();

    const pending = json<Page<Company>>(
      await t.app.inject({ url: '/api/companies/?is_approved=false&search=listed', headers: bearer(admin.token) }),
    );
    expect(pending.results.map((c) => c.name)).toEqual(['Listed Pending One']);

    const paged = json<Page<Company>>(await t.app.inject({ url: '/api/companies/?page_size=1&page=2', headers: bearer(admin.token) }));
    expect(paged.results).toHaveLength(1);
    expect(paged.previous).toContain('page=1');
  });

  it('shows an employer only its own company, and everyone else only approved ones', async () => {
    const own = await employerWithCompany({ isApproved: false, name: 'Own Pending Co' });
    const mine = json<Page<Company>>(await t.app.inject({ url: '/api/companies/', headers: bearer(own.token) }));
    expect(mine.results.map((c) => c.id)).toEqual([own.company.id]);
    expect(mine.results[0]?.owner?.id).toBe(own.user.id);

    for (const headers of [{}, bearer(seeker.token)]) {
      const res = json<Page<Company>>(await t.app.inject({ url: '/api/companies/?page_size=100', headers }));
      expect(res.results.length).toBeGreaterThan(0);
      expect(res.results.every((c) => c.is_approved && c.owner === undefined)).toBe(true);
      // Asking for pending ones shows nothing.
      expect(json<Page<Company>>(await t.app.inject({ url: '/api/companies/?is_approved=false', headers })).count).toBe(0);
    }
  });

  it('refuses garbage in every query parameter with 400', async () => {
    for (const q of [
      'page=0',
      'page=x',
      'page_size=1000',
      'is_approved=maybe',
      `search=${'s'.repeat(121)}`,
      'page=1e400',
      'page=99999999999',
    ]) {
      const res = await t.app.inject({ url: `/api/companies/?${q}`, headers: bearer(admin.token) });
      expect(res.statusCode, q).toBe(400);
    }
    expect((await t.app.inject({ url: '/api/companies/', headers: bearer('not-a-token') })).statusCode).toBe(401);
  });
});

describe('GET /api/companies/{id}/', () => {
  it('shows approved companies to anyone, unapproved ones only to the owner and admins', async () => {
    const approved = await employerWithCompany({ isApproved: true });
    await createJob(t.db, approved.company.id);
    await createJob(t.db, approved.company.id, { status: 'closed' });
    await createJob(t.db, approved.company.id, { applicationDeadline: '2000-01-01' });
    const pub = await t.app.inject({ url: `/api/companies/${approved.company.id}/` });
    expect(pub.statusCode).toBe(200);
    expect(json<Company>(pub)).toMatchObject({ id: approved.company.id, open_jobs_count: 1 });
    expect(json<Company>(pub).owner).toBeUndefined();

    const pending = await employerWithCompany();
    const url = `/api/companies/${pending.company.id}/`;
    expect((await t.app.inject({ url })).statusCode).toBe(404);
    expect((await t.app.inject({ url, headers: bearer(seeker.token) })).statusCode).toBe(404);
    expect((await t.app.inject({ url, headers: bearer(approved.token) })).statusCode).toBe(404);
    expect((await t.app.inject({ url, headers: bearer(pending.token) })).statusCode).toBe(200);
    expect(json<Company>(await t.app.inject({ url, headers: bearer(admin.token) })).owner?.id).toBe(pending.user.id);
    expect((await t.app.inject({ url: '/api/companies/999999/' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/companies/-1/' })).statusCode).toBe(400);
  });
});

describe('DELETE /api/companies/{id}/', () => {
  it('lets admins delete a company with its jobs', async () => {
    const { company } = await employerWithCompany({ isApproved: true });
    const stranger = await employerWithCompany();
    const job = await createJob(t.db, company.id);
    const url = `/api/companies/${company.id}/`;
    expect((await t.app.inject({ method: 'DELETE', url })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'DELETE', url, headers: bearer(stranger.token) })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'DELETE', url, headers: bearer(seeker.token) })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'DELETE', url, headers: bearer(admin.token) })).statusCode).toBe(204);
    expect(await t.db.select().from(jobs).where(eq(jobs.id, job.id))).toHaveLength(0);
    expect((await t.app.inject({ method: 'DELETE', url, headers: bearer(admin.token) })).statusCode).toBe(404);
  });

  it('lets its owner delete it, after which they may submit a new one', async () => {
    const { token, company } = await employerWithCompany();
    const url = `/api/companies/${company.id}/`;
    expect((await t.app.inject({ method: 'DELETE', url, headers: bearer(token) })).statusCode).toBe(204);
    expect(await t.db.select().from(companies).where(eq(companies.id, company.id))).toHaveLength(0);
    const again = await t.app.inject({ method: 'POST', url: '/api/companies/', headers: bearer(token), payload: details });
    expect(again.statusCode).toBe(201);
  });
});

describe('company logo', () => {
  const upload = (id: number, token: string, body: ReturnType<typeof multipart>) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/companies/${id}/logo/`,
      headers: { ...bearer(token), ...body.headers },
      payload: body.payload,
    });

  it('stores a PNG or WebP outside the web root and serves it', async () => {
    const { token, company } = await employerWithCompany({ isApproved: true });
    const res = await upload(company.id, token, multipart('logo', 'logo.png', 'image/png', png));
    expect(res.statusCode).toBe(200);
    const logo = json<Company>(res).logo!;
    expect(logo).toMatch(new RegExp(`^/api/companies/${company.id}/logo/\\?v=[a-z0-9]+$`));
    const stored = fs.readdirSync(path.join(t.uploadsDir, 'logos'));
    expect(stored.some((f) => f.endsWith('.png'))).toBe(true);
    // A new logo goes back to review (see "changing what was approved"); the administrator approves it.
    expect(json<Company>(res).is_approved).toBe(false);
    await t.app.inject({
      method: 'PATCH',
      url: `/api/companies/${company.id}/`,
      headers: bearer(admin.token),
      payload: { is_approved: true },
    });

    const served = await t.app.inject({ url: logo });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toContain('public');
    expect(served.rawPayload.equals(png)).toBe(true);

    // A new logo replaces the old one, file and address.
    const again = await upload(company.id, token, multipart('logo', 'logo.webp', 'image/webp', webp));
    expect(again.statusCode).toBe(200);
    expect(json<Company>(again).logo).not.toBe(logo);
    expect(fs.readdirSync(path.join(t.uploadsDir, 'logos')).filter((f) => f.startsWith(`company-${company.id}-`))).toHaveLength(1);
    // (Back in review again: its owner still sees it.)
    expect((await t.app.inject({ url: `/api/companies/${company.id}/logo/`, headers: bearer(token) })).headers['content-type']).toBe(
      'image/webp',
    );
  });

  it('judges the type by the bytes: an executable named .png is refused with 415', async () => {
    const { token, company } = await employerWithCompany();
    const res = await upload(company.id, token, multipart('logo', 'logo.png', 'image/png', elf));
    expect(res.statusCode).toBe(415);
    expect(json(res).code).toBe('unsupported_media_type');
    const svg = await upload(
      company.id,
      token,
      multipart(
        'logo',
        'logo.svg',
        'image/svg+xml',
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      ),
    );
    expect(svg.statusCode).toBe(415);
    // A real PNG with a misleading name and type is fine.
    expect((await upload(company.id, token, multipart('logo', 'photo.exe', 'application/octet-stream', png))).statusCode).toBe(200);
  });

  it('refuses files over 2 MB with 413, and other malformed uploads with 4xx', async () => {
    const { token, company } = await employerWithCompany();
    const big = Buffer.concat([png.subarray(0, 8), Buffer.alloc(2 * 1024 * 1024)]);
    const res = await upload(company.id, token, multipart('logo', 'big.png', 'image/png', big));
    expect(res.statusCode).toBe(413);
    expect(json(res).code).toBe('payload_too_large');
    expect((await upload(company.id, token, multipart('picture', 'logo.png', 'image/png', png))).statusCode).toBe(400);
    expect((await upload(company.id, token, multipart('logo', 'empty.png', 'image/png', Buffer.alloc(0)))).statusCode).toBe(400);
    const json415 = await t.app.inject({
      method: 'PUT',
      url: `/api/companies/${company.id}/logo/`,
      headers: bearer(token),
      payload: { logo: 'x' },
    });
    expect(json415.statusCode).toBe(415);
    const [row] = await t.db.select().from(companies).where(eq(companies.id, company.id));
    expect(row?.logo).toBeNull();
  });

  it("serves an unapproved company's logo only to its owner and admins; uploads only by them", async () => {
    const owner = await employerWithCompany();
    const stranger = await employerWithCompany();
    expect((await upload(owner.company.id, stranger.token, multipart('logo', 'logo.png', 'image/png', png))).statusCode).toBe(404);
    expect((await upload(owner.company.id, seeker.token, multipart('logo', 'logo.png', 'image/png', png))).statusCode).toBe(403);
    expect((await upload(owner.company.id, owner.token, multipart('logo', 'logo.png', 'image/png', png))).statusCode).toBe(200);
    const url = `/api/companies/${owner.company.id}/logo/`;
    expect((await t.app.inject({ url })).statusCode).toBe(404);
    expect((await t.app.inject({ url, headers: bearer(stranger.token) })).statusCode).toBe(404);
    const own = await t.app.inject({ url, headers: bearer(owner.token) });
    expect(own.statusCode).toBe(200);
    expect(own.headers['cache-control']).toContain('no-store');
    expect((await t.app.inject({ url, headers: bearer(admin.token) })).statusCode).toBe(200);
    expect((await t.app.inject({ url: `/api/companies/${stranger.company.id}/logo/`, headers: bearer(stranger.token) })).statusCode).toBe(
      404,
    );
  });
});

describe('changing what was approved', () => {
  const jobIsPublic = async (jobId: number) => (await t.app.inject({ url: `/api/jobs/${jobId}/` })).statusCode === 200;

  it('sends an approved company back to review when its owner changes its name, website or logo; other details keep it approved', async () => {
    const { token, company } = await employerWithCompany({ isApproved: true });
    const job = await createJob(t.db, company.id);
    const url = `/api/companies/${company.id}/`;
    const edit = (payload: object) => t.app.inject({ method: 'PATCH', url, headers: bearer(token), payload });

    const described = await edit({ description: 'We now also build drones.' });
    expect(json<Company>(described).is_approved).toBe(true);
    expect(await jobIsPublic(job.id)).toBe(true);

    const renamed = await edit({ name: 'Famous Brand Inc' });
    expect(renamed.statusCode).toBe(200);
    expect(json<Company>(renamed)).toMatchObject({ name: 'Famous Brand Inc', is_approved: false });
    expect(await jobIsPublic(job.id)).toBe(false);
    const audit = await t.app.inject({
      url: `/api/admin/audit/?object_type=company&object_id=${company.id}`,
      headers: bearer(admin.token),
    });
    expect(json<Page<{ action: string; after: { is_approved: boolean; name: string } }>>(audit).results[0]).toMatchObject({
      action: 'company.approval_changed',
      after: { is_approved: false, name: 'Famous Brand Inc' },
    });

    // Approved again; then a new logo sends it back too.
    expect((await t.app.inject({ method: 'POST', url: `${url}toggle_approval/`, headers: bearer(admin.token) })).statusCode).toBe(200);
    const logo = multipart('logo', 'logo.png', 'image/png', png);
    const uploaded = await t.app.inject({
      method: 'PUT',
      url: `${url}logo/`,
      headers: { ...bearer(token), ...logo.headers },
      payload: logo.payload,
    });
    expect(uploaded.statusCode).toBe(200);
    expect(json<Company>(uploaded).is_approved).toBe(false);
  });

  it('records an erased website in the audit entry of a rename as erased, not as unchanged', async () => {
    const { token, company } = await employerWithCompany({ isApproved: true });
    await t.db.update(companies).set({ websiteUrl: 'https://old.example.com' }).where(eq(companies.id, company.id));
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/companies/${company.id}/`,
      headers: bearer(token),
      payload: { name: 'Renamed Ltd', website_url: '' },
    });
    expect(json<Company>(res)).toMatchObject({ name: 'Renamed Ltd', website_url: null, is_approved: false });
    const audit = await t.app.inject({
      url: `/api/admin/audit/?object_type=company&object_id=${company.id}`,
      headers: bearer(admin.token),
    });
    expect(json<Page<{ before: object; after: object }>>(audit).results[0]).toMatchObject({
      before: { name: company.name, website_url: 'https://old.example.com' },
      after: { name: 'Renamed Ltd', website_url: null },
    });
  });

  it('keeps the approval when an administrator corrects the name', async () => {
    const { company } = await employerWithCompany({ isApproved: true });
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/companies/${company.id}/`,
      headers: bearer(admin.token),
      payload: { name: 'Corrected Name GmbH' },
    });
    expect(json<Company>(res)).toMatchObject({ name: 'Corrected Name GmbH', is_approved: true });
  });
});
