import { JSDOM, type TestElement } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompany, createJob, createUser } from '../../seed/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { createSitemaps } from './sitemap';

let t: TestApp;
const origin = 'https://jobs.example.com';
let w: Awaited<ReturnType<typeof makeWorld>>;

async function makeWorld() {
  const companies = [];
  for (const name of ['Alpha & Sons', 'Beta', 'Gamma']) {
    companies.push(await createCompany(t.db, (await createUser(t.db, { role: 'employer' })).id, { isApproved: true, name }));
  }
  const pending = await createCompany(t.db, (await createUser(t.db, { role: 'employer' })).id, { isApproved: false });
  const open = [];
  for (let i = 0; i < 7; i++) {
    open.push(
      await createJob(t.db, companies[i % 3]!.id, {
        title: i === 0 ? 'Rust <Engineer> & "friends"' : `Engineer ${i}`,
        postedAt: new Date(Date.UTC(2026, 10, 1 + i)),
      }),
    );
  }
  const closed = await createJob(t.db, companies[0]!.id, { status: 'closed' });
  const expired = await createJob(t.db, companies[0]!.id, { applicationDeadline: '2020-01-01' });
  const hidden = await createJob(t.db, pending.id);
  return { companies, pending, open, closed, expired, hidden };
}

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: origin });
  w = await makeWorld();
});
afterAll(() => t?.close());

const sitemapNs = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const atomNs = 'http://www.w3.org/2005/Atom';
// W3C Datetime as the sitemaps.org schema's tLastmod allows it (a day, or a time with a zone).
const w3cDatetime = /^\d{4}(-\d{2}(-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2}))?)?)?$/;
const rfc3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

/** Parses XML (jsdom throws on anything not well-formed) and gives its root. */
const xmlRoot = (text: string) => new JSDOM(text, { contentType: 'application/xml' }).window.document.documentElement;
const kids = (el: TestElement) => [...el.children];
const text = (el: TestElement, name: string) => kids(el).find((c) => c.localName === name)?.textContent ?? null;

/**
 * The rules of sitemaps.org's sitemap.xsd and siteindex.xsd, as checks: the root in the sitemap
 * namespace, 1 to 50,000 entries, each a loc (an absolute URL under 2,048 characters) and then an
 * optional lastmod (W3C datetime), changefreq and priority, in that order; nothing else of the namespace.
 */
function expectValidSitemap(xml: string, root: 'urlset' | 'sitemapindex'): Array<{ loc: string; lastmod: string | null }> {
  expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
  const doc = xmlRoot(xml);
  expect(doc.localName).toBe(root);
  expect(doc.namespaceURI).toBe(sitemapNs);
  const entry = root === 'urlset' ? 'url' : 'sitemap';
  const allowed = root === 'urlset' ? ['loc', 'lastmod', 'changefreq', 'priority'] : ['loc', 'lastmod'];
  const entries = kids(doc);
  expect(entries.length).toBeGreaterThanOrEqual(1);
  expect(entries.length).toBeLessThanOrEqual(50_000);
  return entries.map((el) => {
    expect(el.localName).toBe(entry);
    expect(el.namespaceURI).toBe(sitemapNs);
    const names = kids(el).map((c) => c.localName);
    expect(names[0]).toBe('loc');
    expect(names.every((n) => allowed.includes(n))).toBe(true);
    expect(names.map((n) => allowed.indexOf(n))).toEqual([...names.map((n) => allowed.indexOf(n))].sort((a, b) => a - b));
    expect(new Set(names).size).toBe(names.length);
    const loc = text(el, 'loc')!;
    expect(loc.length).toBeLessThan(2048);
    expect(new URL(loc).origin).toBe(origin);
    const lastmod = text(el, 'lastmod');
    if (lastmod !== null) expect(lastmod).toMatch(w3cDatetime);
    return { loc, lastmod };
  });
}

const pathsOf = (entries: Array<{ loc: string }>) => entries.map((e) => e.loc.slice(origin.length));
const expectedPaths = () => [
  '/',
  ...w.open.map((j) => `/jobs/${j.id}`).sort((a, b) => Number(a.split('/')[2]) - Number(b.split('/')[2])),
  ...w.companies.map((c) => `/companies/${c.id}`),
];

async function collect(stream: AsyncIterable<string>) {
  let all = '';
  for await (const chunk of stream) all += chunk;
  return all;
}

describe('/sitemap.xml', () => {
  it('lists the open jobs of approved companies and the approved companies, with lastmod, valid against the schema', async () => {
    const res = await t.app.inject({ url: '/sitemap.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/xml/);
    const entries = expectValidSitemap(res.body, 'urlset');
    expect(pathsOf(entries)).toEqual(expectedPaths());
    const job = entries.find((e) => e.loc === `${origin}/jobs/${w.open[0]!.id}`);
    expect(job?.lastmod).toBe(new Date(Date.UTC(2026, 10, 1)).toISOString());
  });

  it('past its page size, an index of child sitemaps that together list the same addresses, none above the size', async () => {
    const sitemaps = createSitemaps(t.db, origin, { pageSize: 3, batchSize: 2 });
    const index = expectValidSitemap(await collect(sitemaps.main()), 'sitemapindex');
    const all: string[] = ['/'];
    for (const { loc, lastmod } of index) {
      expect(lastmod).not.toBeNull();
      const [, kind, block] = /\/sitemaps\/(jobs|companies)-(\d+)\.xml$/.exec(loc)!;
      const child = await sitemaps.child(kind as 'jobs' | 'companies', Number(block));
      const entries = expectValidSitemap(await collect(child!), 'urlset');
      expect(entries.length).toBeLessThanOrEqual(3);
      // A child's lastmod in the index is its newest entry's.
      expect(lastmod).toBe(
        entries
          .map((e) => e.lastmod!)
          .sort()
          .at(-1),
      );
      all.push(...pathsOf(entries));
    }
    expect(all).toEqual(expectedPaths());
  });

  it('serves child sitemaps at /sitemaps/{kind}-{n}.xml; an empty or unknown one is a 404', async () => {
    const res = await t.app.inject({ url: '/sitemaps/companies-1.xml' });
    expect(res.statusCode).toBe(200);
    expect(pathsOf(expectValidSitemap(res.body, 'urlset'))).toEqual(w.companies.map((c) => `/companies/${c.id}`));
    for (const url of ['/sitemaps/jobs-2.xml', '/sitemaps/people-1.xml', '/sitemaps/jobs-0.xml']) {
      expect((await t.app.inject({ url })).statusCode, url).toBe(404);
    }
  });

  it('/robots.txt names the sitemap', async () => {
    const res = await t.app.inject({ url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`Sitemap: ${origin}/sitemap.xml`);
    expect(res.body).toContain('Disallow: /api/');
  });
});

describe('/jobs.atom', () => {
  /** RFC 4287: the feed's id, title, updated, author (or every entry's), a self link; each entry's id, title, updated, alternate link. */
  function expectValidAtom(xml: string) {
    const feed = xmlRoot(xml);
    expect(feed.localName).toBe('feed');
    expect(feed.namespaceURI).toBe(atomNs);
    const once = (el: TestElement, name: string) => {
      const found = kids(el).filter((c) => c.localName === name);
      expect(found, name).toHaveLength(1);
      return found[0]!;
    };
    expect(new URL(once(feed, 'id').textContent!).origin).toBe(origin);
    expect(once(feed, 'title').textContent).toBeTruthy();
    expect(once(feed, 'updated').textContent).toMatch(rfc3339);
    expect(once(once(feed, 'author'), 'name').textContent).toBeTruthy();
    const links = kids(feed).filter((c) => c.localName === 'link');
    const self = links.find((l) => l.getAttribute('rel') === 'self');
    expect(self?.getAttribute('href')).toBe(once(feed, 'id').textContent);
    expect(links.find((l) => l.getAttribute('rel') === 'alternate')?.getAttribute('type')).toBe('text/html');
    return kids(feed)
      .filter((c) => c.localName === 'entry')
      .map((entry) => {
        const id = once(entry, 'id').textContent!;
        expect(new URL(id).origin).toBe(origin);
        expect(once(entry, 'updated').textContent).toMatch(rfc3339);
        const alternate = kids(entry).find((l) => l.localName === 'link' && l.getAttribute('rel') === 'alternate');
        expect(alternate?.getAttribute('href')).toBe(id);
        return { id, title: once(entry, 'title').textContent!, updated: once(entry, 'updated').textContent! };
      });
  }

  it('is valid Atom of the newest public jobs, titles escaped', async () => {
    const res = await t.app.inject({ url: '/jobs.atom' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/atom\+xml/);
    const entries = expectValidAtom(res.body);
    expect(entries.map((e) => e.id)).toEqual(w.open.map((j) => `${origin}/jobs/${j.id}`).reverse());
    expect(entries.at(-1)?.title).toBe('Rust <Engineer> & "friends"');
    expect(res.body).not.toContain('<Engineer>');
  });

  it("takes the job search's own parameters, and its self link is its address", async () => {
    const query = `company=${w.companies[1]!.id}&page_size=2`;
    const res = await t.app.inject({ url: `/jobs.atom?${query}` });
    expect(res.statusCode).toBe(200);
    const entries = expectValidAtom(res.body);
    expect(entries.map((e) => e.id)).toEqual([w.open[4]!, w.open[1]!].map((j) => `${origin}/jobs/${j.id}`));
    expect(xmlRoot(res.body).querySelector('id')?.textContent).toBe(`${origin}/jobs.atom?${query}`);
  });

  it('bad parameters are a 400 with the fields, as the search answers', async () => {
    const res = await t.app.inject({ url: '/jobs.atom?salary_min=100' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation_error', fields: { currency: expect.any(Array) } });
  });
});
