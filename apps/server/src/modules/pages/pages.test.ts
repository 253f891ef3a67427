import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompany, createJob, createUser } from '../../seed/factories';
import { createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
const origin = 'https://jobs.example.com';
let w: Awaited<ReturnType<typeof makeWorld>>;

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const hostile = '</script><script>alert(1)</script><!--';

async function makeWorld() {
  const owner = await createUser(t.db, { role: 'employer' });
  const company = await createCompany(t.db, owner.id, {
    isApproved: true,
    name: 'Copperleaf "Labs" & <Co>',
    headquartersLocation: 'London, United Kingdom',
    websiteUrl: 'https://copperleaf.example.com',
    description: 'We make tools for small shops.\n\nSince 2015.',
    companySize: '51-200',
    foundedDate: '2015-03-01',
  });
  const pendingOwner = await createUser(t.db, { role: 'employer' });
  const pending = await createCompany(t.db, pendingOwner.id, { isApproved: false, name: 'Pending Co' });
  const onSite = await createJob(t.db, company.id, {
    title: 'Backend Engineer',
    location: 'Berlin, Germany',
    salaryMin: 60000,
    salaryMax: 80000,
    currency: 'EUR',
    applicationDeadline: inDays(30),
    responsibilities: 'Build the API.',
  });
  const remote = await createJob(t.db, company.id, {
    title: 'Support Lead',
    location: 'Remote',
    isRemote: true,
    employmentType: 'Freelance',
  });
  const closed = await createJob(t.db, company.id, { title: 'Closed Role', status: 'closed', salaryMin: 50000, currency: 'GBP' });
  const expired = await createJob(t.db, company.id, { title: 'Expired Role', applicationDeadline: inDays(-3) });
  const hostileJob = await createJob(t.db, company.id, {
    title: hostile,
    description: `Text with ${hostile} and "quotes" & <b>tags</b>`,
    location: `Paris, <France>`,
  });
  const pendingJob = await createJob(t.db, pending.id, { title: 'Hidden Role' });
  return { company, pending, onSite, remote, closed, expired, hostileJob, pendingJob };
}

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: origin });
  w = await makeWorld();
});
afterAll(() => t?.close());

async function page(url: string) {
  const res = await t.app.inject({ url });
  const dom = new JSDOM(res.body);
  const doc = dom.window.document;
  const ld = [...doc.querySelectorAll('script[type="application/ld+json"]')].map(
    (s) => JSON.parse(s.textContent ?? '') as Record<string, unknown>,
  );
  const meta = (attr: string, name: string) => doc.querySelector(`meta[${attr}="${name}"]`)?.getAttribute('content');
  return { res, doc, ld, meta, canonical: doc.querySelector('link[rel="canonical"]')?.getAttribute('href') };
}

type Posting = Record<string, unknown> & {
  hiringOrganization: Record<string, unknown>;
  jobLocation?: { address: Record<string, unknown> };
  baseSalary?: { currency: string; value: Record<string, unknown> };
  identifier: Record<string, unknown>;
};

/** Google's JobPosting rules (developers.google.com/search/docs/appearance/structured-data/job-posting). */
function expectGooglePosting(p: Posting) {
  expect(p['@context']).toBe('https://schema.org/');
  expect(p['@type']).toBe('JobPosting');
  // Required.
  for (const key of ['title', 'description', 'datePosted', 'hiringOrganization']) expect(p[key], key).toBeTruthy();
  expect(new Date(p.datePosted as string).toISOString()).toBe(p.datePosted);
  expect(p.hiringOrganization['@type']).toBe('Organization');
  expect(typeof p.hiringOrganization.name).toBe('string');
  if (p.jobLocationType === 'TELECOMMUTE') {
    expect(p.applicantLocationRequirements).toMatchObject({ '@type': 'Country', name: expect.any(String) });
  } else {
    expect(p.jobLocation).toMatchObject({ '@type': 'Place', address: { '@type': 'PostalAddress', addressLocality: expect.any(String) } });
  }
  // Recommended.
  expect(['FULL_TIME', 'PART_TIME', 'CONTRACTOR', 'TEMPORARY', 'INTERN', 'VOLUNTEER', 'PER_DIEM', 'OTHER']).toContain(p.employmentType);
  expect(p.identifier).toMatchObject({ '@type': 'PropertyValue', name: expect.any(String), value: expect.any(String) });
  expect(p.directApply).toBe(true);
  if (p.validThrough !== undefined) expect(Number.isNaN(Date.parse(p.validThrough as string))).toBe(false);
  if (p.baseSalary) {
    expect(p.baseSalary).toMatchObject({ '@type': 'MonetaryAmount', currency: expect.stringMatching(/^[A-Z]{3}$/) });
    expect(p.baseSalary.value['@type']).toBe('QuantitativeValue');
    expect(['HOUR', 'DAY', 'WEEK', 'MONTH', 'YEAR']).toContain(p.baseSalary.value.unitText);
    const v = p.baseSalary.value;
    expect(typeof v.value === 'number' || (typeof v.minValue === 'number' && typeof v.maxValue === 'number')).toBe(true);
  }
}

describe('/jobs/{id}', () => {
  it('an on-site job with pay: its text, canonical address, link previews and complete JobPosting data', async () => {
    const { res, doc, ld, meta, canonical } = await page(`/jobs/${w.onSite.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(doc.querySelector('h1')?.textContent).toBe('Backend Engineer');
    expect(doc.title).toContain('Backend Engineer at Copperleaf "Labs" & <Co>');
    expect(doc.body.textContent).toContain('Build the API.');
    expect(canonical).toBe(`${origin}/jobs/${w.onSite.id}`);
    expect(meta('property', 'og:url')).toBe(canonical);
    expect(meta('property', 'og:title')).toBe('Backend Engineer at Copperleaf "Labs" & <Co>');
    expect(meta('property', 'og:description')).toContain('€60,000');
    expect(meta('name', 'twitter:card')).toBe('summary');
    expect(meta('name', 'robots')).toBeUndefined();
    const posting = ld[0] as Posting;
    expectGooglePosting(posting);
    expect(posting).toMatchObject({
      title: 'Backend Engineer',
      employmentType: 'FULL_TIME',
      validThrough: `${inDays(30)}T23:59:59Z`,
      url: canonical,
      jobLocation: { address: { addressLocality: 'Berlin', addressCountry: 'Germany' } },
      baseSalary: { currency: 'EUR', value: { minValue: 60000, maxValue: 80000, unitText: 'YEAR' } },
      identifier: { value: String(w.onSite.id) },
    });
    expect(posting.jobLocationType).toBeUndefined();
    expect(posting.description).toContain('<h3>Responsibilities</h3>');
    expect(Date.parse(posting.validThrough as string)).toBeGreaterThan(Date.now());
  });

  it('a remote job without pay: TELECOMMUTE, where applicants may live, no salary', async () => {
    const { res, ld } = await page(`/jobs/${w.remote.id}`);
    expect(res.statusCode).toBe(200);
    const posting = ld[0] as Posting;
    expectGooglePosting(posting);
    expect(posting).toMatchObject({
      jobLocationType: 'TELECOMMUTE',
      applicantLocationRequirements: { '@type': 'Country', name: 'United Kingdom' },
      employmentType: 'CONTRACTOR',
    });
    expect(posting.jobLocation).toBeUndefined();
    expect(posting.baseSalary).toBeUndefined();
    // Open without a deadline: no end is claimed.
    expect(posting.validThrough).toBeUndefined();
  });

  it.each([
    ['closed', () => w.closed.id],
    ['past its deadline', () => w.expired.id],
  ])('a job %s says so, and its data ends in the past', async (_name, id) => {
    const { res, doc, ld, meta } = await page(`/jobs/${id()}`);
    expect(res.statusCode).toBe(200);
    expect(doc.querySelector('.closed')?.textContent).toContain('This job is closed');
    expect(meta('name', 'robots')).toBe('noindex');
    const posting = ld[0] as Posting;
    expectGooglePosting(posting);
    expect(Date.parse(posting.validThrough as string)).toBeLessThan(Date.now());
  });

  it('a job with a minimum pay only gives one value', async () => {
    const { ld } = await page(`/jobs/${w.closed.id}`);
    expect((ld[0] as Posting).baseSalary).toMatchObject({ currency: 'GBP', value: { value: 50000, unitText: 'YEAR' } });
  });

  it('escapes every user text: a title of </script><script> stays text, in the page and in its data', async () => {
    const { res, doc, ld } = await page(`/jobs/${w.hostileJob.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('<script>alert');
    expect(res.body).not.toContain('<b>tags</b>');
    expect(res.body).not.toContain('<France>');
    expect(res.body).not.toContain('<Co>');
    // The only script element is the data block (no web build in tests: no app scripts).
    expect(doc.querySelectorAll('script')).toHaveLength(1);
    expect(doc.querySelectorAll('b, img, iframe')).toHaveLength(0);
    expect(doc.querySelector('h1')?.textContent).toBe(hostile);
    expect(doc.body.textContent).toContain('<b>tags</b>');
    expect(doc.body.textContent).toContain('Copperleaf "Labs" & <Co>');
    const posting = ld[0] as Posting;
    expect(posting.title).toBe(hostile);
    expect(posting.hiringOrganization.name).toBe('Copperleaf "Labs" & <Co>');
    expect(posting.description).toContain('&lt;b&gt;tags&lt;/b&gt;');
    expect(doc.title).toContain(hostile);
  });

  it.each([
    ['of a company awaiting approval', () => `/jobs/${w.pendingJob.id}`],
    ['unknown', () => '/jobs/999999'],
    ['not an id', () => '/jobs/abc'],
  ])('a job %s is a 404 page', async (_name, url) => {
    const { res, doc, ld } = await page(url());
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(doc.querySelector('h1')?.textContent).toBe('This job is not available.');
    expect(ld).toHaveLength(0);
    expect(res.body).not.toContain('Hidden Role');
  });
});

describe('/companies/{id}', () => {
  it('an approved company: its facts, its open jobs, canonical address and previews', async () => {
    const { res, doc, ld, canonical, meta } = await page(`/companies/${w.company.id}`);
    expect(res.statusCode).toBe(200);
    expect(doc.querySelector('h1')?.textContent).toBe('Copperleaf "Labs" & <Co>');
    expect(doc.body.textContent).toContain('Founded 2015');
    expect(doc.body.textContent).toContain('51-200 people');
    // Where its open jobs are (the search's location counts), escaped like every other text.
    expect(doc.body.textContent).toMatch(/Hiring in .*Berlin, Germany/);
    expect(doc.body.textContent).toContain('Paris, <France>');
    expect(canonical).toBe(`${origin}/companies/${w.company.id}`);
    expect(meta('property', 'og:title')).toBe('Copperleaf "Labs" & <Co>');
    const links = [...doc.querySelectorAll('a[href^="/jobs/"]')].map((a) => a.getAttribute('href'));
    expect(links).toEqual(expect.arrayContaining([`/jobs/${w.onSite.id}`, `/jobs/${w.remote.id}`, `/jobs/${w.hostileJob.id}`]));
    expect(links).not.toContain(`/jobs/${w.closed.id}`);
    expect(ld[0]).toMatchObject({ '@type': 'Organization', name: 'Copperleaf "Labs" & <Co>', url: canonical });
    expect(doc.querySelectorAll('script')).toHaveLength(1);
  });

  it('a company awaiting approval, or unknown, has no page (404)', async () => {
    for (const url of [`/companies/${w.pending.id}`, '/companies/999999', '/companies/x']) {
      const { res, doc } = await page(url);
      expect(res.statusCode, url).toBe(404);
      expect(doc.querySelector('h1')?.textContent).toBe('This company has no page here.');
    }
  });
});
