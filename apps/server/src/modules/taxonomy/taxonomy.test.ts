import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCategory, createCompany, createJob, createSkill, createUser } from '../../seed/factories';
import { bearer, createTestApp, json, signedInUser, type TestApp } from '../../test/harness';

let t: TestApp;
let admin: string;
let seeker: string;
let employer: string;
let companyId: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = (await signedInUser(t, { role: 'admin' })).token;
  seeker = (await signedInUser(t, { role: 'jobseeker' })).token;
  employer = (await signedInUser(t, { role: 'employer' })).token;
  const owner = await createUser(t.db, { role: 'employer' });
  companyId = (await createCompany(t.db, owner.id, { isApproved: true })).id;
});
afterAll(() => t?.close());

type Item = { id: number; name: string; job_count: number };

// The two lists follow the same rules; every case runs against both.
describe.each([
  { base: '/api/job-categories/', make: createCategory, column: 'categoryIds' as const, noun: 'Category' },
  { base: '/api/job-skills/', make: createSkill, column: 'skillIds' as const, noun: 'Skill' },
])('$base', ({ base, make, column, noun }) => {
  it('lists items for anyone, as a plain array with job counts', async () => {
    const used = await make(t.db, `Used ${noun} Alpha`);
    await make(t.db, `Unused ${noun} Beta`);
    await createJob(t.db, companyId, { [column]: [used.id] });
    await createJob(t.db, companyId, { [column]: [used.id], status: 'closed' });
    const res = await t.app.inject({ url: base });
    expect(res.statusCode).toBe(200);
    const items = json<Item[]>(res);
    expect(Array.isArray(items)).toBe(true);
    expect(items.find((i) => i.name === `Used ${noun} Alpha`)).toEqual({ id: used.id, name: `Used ${noun} Alpha`, job_count: 2 });
    expect(items.find((i) => i.name === `Unused ${noun} Beta`)?.job_count).toBe(0);
    const names = items.map((i) => i.name.toLowerCase());
    expect(names).toEqual([...names].sort());
  });

  it('narrows the list for type-ahead with search and limit', async () => {
    await make(t.db, `Typeahead ${noun} One`);
    await make(t.db, `Typeahead ${noun} Two`);
    await make(t.db, `Other typeahead ${noun}`);
    const res = await t.app.inject({ url: `${base}?search=typeahead&limit=2` });
    const items = json<Item[]>(res);
    expect(items).toHaveLength(2);
    // Names that start with the words come first.
    expect(items.every((i) => i.name.startsWith('Typeahead'))).toBe(true);
    const all = json<Item[]>(await t.app.inject({ url: `${base}?search=${encodeURIComponent(`typeahead ${noun.toLowerCase()} o`)}` }));
    expect(all.map((i) => i.name).sort()).toEqual([`Other typeahead ${noun}`, `Typeahead ${noun} One`, `Typeahead ${noun} Two`].sort());
    expect(json<Item[]>(await t.app.inject({ url: `${base}?search=%25` }))).toEqual([]);
  });

  it('refuses bad query values with 400', async () => {
    for (const q of ['limit=0', 'limit=abc', 'limit=501', `search=${'x'.repeat(61)}`, 'search=%00']) {
      const res = await t.app.inject({ url: `${base}?${q}` });
      expect(res.statusCode, q).toBe(400);
      expect(json(res).code).toBe('validation_error');
    }
  });

  it('lets admins add, rename and delete items', async () => {
    const created = await t.app.inject({ method: 'POST', url: base, headers: bearer(admin), payload: { name: `  Brand New ${noun}  ` } });
    expect(created.statusCode).toBe(201);
    const item = json<Item>(created);
    expect(item).toMatchObject({ name: `Brand New ${noun}`, job_count: 0 });

    const renamed = await t.app.inject({
      method: 'PUT',
      url: `${base}${item.id}/`,
      headers: bearer(admin),
      payload: { name: `Renamed ${noun}` },
    });
    expect(renamed.statusCode).toBe(200);
    expect(json(renamed)).toMatchObject({ id: item.id, name: `Renamed ${noun}` });
    // Changing only the case of its own name is allowed.
    const recased = await t.app.inject({
      method: 'PUT',
      url: `${base}${item.id}`,
      headers: bearer(admin),
      payload: { name: `renamed ${noun}` },
    });
    expect(recased.statusCode).toBe(200);

    const deleted = await t.app.inject({ method: 'DELETE', url: `${base}${item.id}/`, headers: bearer(admin) });
    expect(deleted.statusCode).toBe(204);
    expect((await t.app.inject({ url: `${base}${item.id}/` })).statusCode).toBe(404);
  });

  it('keeps names unique whatever their case (409)', async () => {
    await make(t.db, `Unique ${noun}`);
    const dup = await t.app.inject({
      method: 'POST',
      url: base,
      headers: bearer(admin),
      payload: { name: `UNIQUE ${noun.toLowerCase()}` },
    });
    expect(dup.statusCode).toBe(409);
    expect(json<{ fields: Record<string, string[]> }>(dup).fields.name).toBeDefined();
    const other = await make(t.db, `Another ${noun}`);
    const rename = await t.app.inject({
      method: 'PUT',
      url: `${base}${other.id}/`,
      headers: bearer(admin),
      payload: { name: `unique ${noun}` },
    });
    expect(rename.statusCode).toBe(409);
  });

  it('refuses to delete an item in use, saying how many jobs use it (409)', async () => {
    const item = await make(t.db, `Busy ${noun}`);
    for (let i = 0; i < 3; i++) await createJob(t.db, companyId, { [column]: [item.id], status: i === 2 ? 'closed' : 'open' });
    const res = await t.app.inject({ method: 'DELETE', url: `${base}${item.id}/`, headers: bearer(admin) });
    expect(res.statusCode).toBe(409);
    expect(json(res).detail).toMatch(/3 jobs use it/);
    expect((await t.app.inject({ url: `${base}${item.id}/` })).statusCode).toBe(200);
  });

  it('refuses bad names with 400 and unknown ids with 404', async () => {
    for (const payload of [{ name: 'x' }, { name: 'y'.repeat(61) }, {}, { name: 42 }]) {
      const res = await t.app.inject({ method: 'POST', url: base, headers: bearer(admin), payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(json<{ fields: Record<string, string[]> }>(res).fields.name).toBeDefined();
    }
    expect(
      (await t.app.inject({ method: 'PUT', url: `${base}999999/`, headers: bearer(admin), payload: { name: 'Whatever' } })).statusCode,
    ).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `${base}999999/`, headers: bearer(admin) })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `${base}99999999999/`, headers: bearer(admin) })).statusCode).toBe(400);
  });

  it('lets only admins write (401 anonymous, 403 other roles)', async () => {
    const item = await make(t.db);
    const writes = [
      { method: 'POST' as const, url: base, payload: { name: 'Sneaky' } },
      { method: 'PUT' as const, url: `${base}${item.id}/`, payload: { name: 'Sneaky' } },
      { method: 'DELETE' as const, url: `${base}${item.id}/` },
    ];
    for (const w of writes) {
      expect((await t.app.inject(w)).statusCode, `${w.method} anonymous`).toBe(401);
      expect((await t.app.inject({ ...w, headers: bearer(seeker) })).statusCode, `${w.method} seeker`).toBe(403);
      expect((await t.app.inject({ ...w, headers: bearer(employer) })).statusCode, `${w.method} employer`).toBe(403);
    }
  });
});

describe('renaming a skill, category or company', () => {
  it('refreshes the search documents of the jobs that use it', async () => {
    const skill = await createSkill(t.db, 'Fortran');
    const category = await createCategory(t.db, 'Mainframes');
    const owner = await createUser(t.db, { role: 'employer' });
    const company = await createCompany(t.db, owner.id, { isApproved: true, name: 'Plain Old Company' });
    await createJob(t.db, company.id, { title: 'Numerics developer', skillIds: [skill.id], categoryIds: [category.id] });
    const find = async (words: string) =>
      json<{ count: number }>(await t.app.inject({ url: `/api/jobs/?search=${encodeURIComponent(words)}` })).count;
    expect(await find('fortran')).toBe(1);
    expect(await find('mainframes')).toBe(1);

    await t.app.inject({ method: 'PUT', url: `/api/job-skills/${skill.id}/`, headers: bearer(admin), payload: { name: 'Cobol' } });
    await t.app.inject({
      method: 'PUT',
      url: `/api/job-categories/${category.id}/`,
      headers: bearer(admin),
      payload: { name: 'Supercomputers' },
    });
    expect(await find('fortran')).toBe(0);
    expect(await find('cobol')).toBe(1);
    expect(await find('supercomputers')).toBe(1);

    await t.app.inject({
      method: 'PATCH',
      url: `/api/companies/${company.id}/`,
      headers: bearer(admin),
      payload: { name: 'Zephyrine Systems' },
    });
    expect(await find('zephyrine')).toBe(1);
  });
});
