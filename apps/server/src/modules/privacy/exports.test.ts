import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { and, eq, ne } from 'drizzle-orm';
import type { DataExportList, DataExportOut } from '@jobportal/shared';
import { auditLog, dataExports, notifications, uploadedFiles, users } from '../../db/schema';
import { demoPassword, seedDemo } from '../../seed/demo';
import { bearer, createTestApp, json, signedInUser, type TestApp } from '../../test/harness';
import { readZip } from '../../test/zip-reader';

let t: TestApp;
let seeker: { id: number; token: string };
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_MULTIPLIER: '100' });
  expect(await seedDemo(t.db, t.storage)).toBe(true);
  const res = await t.app.inject({ method: 'POST', url: '/api/login/', payload: { email: 'seeker@example.com', password: demoPassword } });
  expect(res.statusCode).toBe(200);
  const [row] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, 'seeker@example.com'));
  seeker = { id: row!.id, token: res.json<{ accessToken: string }>().accessToken };
}, 60_000);
afterAll(() => t?.close());

const start = (token: string) => t.app.inject({ method: 'POST', url: '/api/account/exports/', headers: bearer(token) });
const list = (token: string) => t.app.inject({ url: '/api/account/exports/', headers: bearer(token) });
const download = (token: string | null, id: number) =>
  t.app.inject({ url: `/api/account/exports/${id}/download/`, headers: token ? bearer(token) : {} });

/** Asks for an export, waits for the background build, answers the ready export. */
async function readyExport(token: string): Promise<DataExportOut> {
  const res = await start(token);
  expect(res.statusCode).toBe(202);
  const made = json<DataExportOut>(res);
  await t.app.privacy.buildDue();
  const found = json<DataExportList>(await list(token)).results.find((e) => e.id === made.id)!;
  expect(found.status).toBe('ready');
  return found;
}

describe('POST/GET /api/account/exports/ and the zip', () => {
  it("holds every kind of the full demo job seeker's data and every file, and nothing of another person", async () => {
    const ready = await readyExport(seeker.token);
    expect(ready.download_url).toBe(`/api/account/exports/${ready.id}/download/`);
    const res = await download(seeker.token, ready.id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="hireloop-data-\d{4}-\d\d-\d\d\.zip"/);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(Number(ready.size_bytes)).toBe(res.rawPayload.length);
    const zip = await readZip(res.rawPayload);
    const jsonOf = <T>(name: string) => JSON.parse(zip.get(name)!.toString('utf8')) as T;

    const lists = [
      'educations.json',
      'experience.json',
      'skills.json',
      'applications.json',
      'saved_jobs.json',
      'job_alerts.json',
      'messages.json',
      'interviews.json',
      'feedback.json',
      'notifications.json',
      'audit.json',
      'sign_ins.json',
    ];
    for (const name of lists) expect(jsonOf<unknown[]>(name).length, name).toBeGreaterThan(0);
    expect(jsonOf<{ email: string; full_name: string }>('account.json')).toMatchObject({
      email: 'seeker@example.com',
      full_name: 'Jordan Lee',
    });
    expect(jsonOf<{ bio: string | null; photo_file: string }>('profile.json').photo_file).toBe('jordan.png');
    expect(jsonOf<{ job_preferences: object }>('alerts.json').job_preferences).toBeTypeOf('object');
    expect(jsonOf<Array<{ name: string; frequency: string }>>('job_alerts.json').map((a) => [a.name, a.frequency])).toEqual([
      ['Engineering in Berlin', 'daily'],
      ['Remote roles', 'instant'],
    ]);
    const applications = jsonOf<Array<{ status_history: Array<{ status: string }> }>>('applications.json');
    expect(applications.every((a) => a.status_history[0]?.status === 'applied')).toBe(true);
    expect(jsonOf<Array<{ action: string }>>('audit.json').some((a) => a.action === 'user.data_exported')).toBe(true);
    const readme = zip.get('README.txt')!.toString('utf8');
    for (const name of [...lists, 'account.json', 'profile.json', 'alerts.json', 'files.json', 'files/']) expect(readme).toContain(name);

    // Every file of theirs, byte for byte.
    const theirs = await t.db.select().from(uploadedFiles).where(eq(uploadedFiles.ownerId, seeker.id));
    expect(theirs.length).toBeGreaterThan(0);
    const listed = jsonOf<Array<{ path: string; name: string }>>('files.json');
    expect(listed).toHaveLength(theirs.length);
    for (const file of theirs) {
      const entry = listed.find((f) => f.name === file.originalName)!;
      expect(zip.get(entry.path)!.equals(fs.readFileSync(path.join(t.uploadsDir, file.storageKey)))).toBe(true);
    }

    // Nobody else's e-mail anywhere, and no other job seeker's name (the other side is a company, named).
    const text = [...zip.entries()]
      .filter(([name]) => !name.startsWith('files/'))
      .map(([, data]) => data.toString('utf8'))
      .join('\n');
    const others = await t.db
      .select({ email: users.email, fullName: users.fullName, role: users.role })
      .from(users)
      .where(ne(users.id, seeker.id));
    for (const other of others) {
      expect(text).not.toContain(other.email);
      if (other.role === 'jobseeker') expect(text).not.toContain(other.fullName);
    }
    const messages = jsonOf<Array<Record<string, unknown>>>('messages.json');
    expect(Object.keys(messages[0]!).sort()).toEqual([
      'content',
      'conversation_id',
      'conversation_with',
      'from',
      'id',
      'read_at',
      'sent_at',
    ]);

    // Ready is told by a notification (the e-mail too).
    const [told] = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, seeker.id), eq(notifications.type, 'data_export_ready')));
    expect(told?.link).toBe('/account/privacy');
    await t.smtp.waitForMail('seeker@example.com', 1);
  });

  it('gives the zip to its owner only: anyone else, an administrator too, gets 404; signed out 401; bad id 400', async () => {
    const ready = await readyExport(seeker.token);
    const other = await signedInUser(t, { role: 'jobseeker' });
    const admin = await signedInUser(t, { role: 'admin' });
    expect((await download(other.token, ready.id)).statusCode).toBe(404);
    expect((await download(admin.token, ready.id)).statusCode).toBe(404);
    expect((await download(null, ready.id)).statusCode).toBe(401);
    expect((await download(seeker.token, 999_999)).statusCode).toBe(404);
    expect((await download(seeker.token, 'abc' as unknown as number)).statusCode).toBe(400);
    // Nobody else sees it listed.
    expect(json<DataExportList>(await list(other.token)).results).toEqual([]);
    expect((await t.app.inject({ method: 'POST', url: '/api/account/exports/' })).statusCode).toBe(401);
  });

  it('answers the export being made to a second request, and 409 for its zip until it is ready', async () => {
    const someone = await signedInUser(t, { role: 'employer' });
    const first = json<DataExportOut>(await start(someone.token));
    expect(first.status).toBe('pending');
    expect(first.download_url).toBeNull();
    expect(json<DataExportOut>(await start(someone.token)).id).toBe(first.id);
    expect(
      (
        await t.db
          .select()
          .from(auditLog)
          .where(eq(auditLog.objectId, String(first.id)))
      ).filter((e) => e.objectType === 'data_export'),
    ).toHaveLength(1);
    // Taken by a build that has not finished: still being made.
    await t.db.update(dataExports).set({ status: 'building', claimedAt: new Date() }).where(eq(dataExports.id, first.id));
    expect((await download(someone.token, first.id)).statusCode).toBe(409);
    // A build that died (claimed long ago) is taken again by the next run.
    await t.db
      .update(dataExports)
      .set({ claimedAt: new Date(Date.now() - 3600_000) })
      .where(eq(dataExports.id, first.id));
    await t.app.privacy.buildDue();
    expect((await download(someone.token, first.id)).statusCode).toBe(200);
  });

  it('expires after 24 hours: the zip is deleted from storage and the link answers 404', async () => {
    const ready = await readyExport(seeker.token);
    const [row] = await t.db.select().from(dataExports).where(eq(dataExports.id, ready.id));
    const zipPath = path.join(t.uploadsDir, row!.storageKey!);
    expect(fs.existsSync(zipPath)).toBe(true);
    expect(await t.app.retention.expireExports(new Date(Date.now() + 23 * 3600_000))).toBe(0);
    expect((await download(seeker.token, ready.id)).statusCode).toBe(200);
    expect(await t.app.retention.expireExports(new Date(Date.now() + 25 * 3600_000))).toBeGreaterThanOrEqual(1);
    expect(fs.existsSync(zipPath)).toBe(false);
    expect((await download(seeker.token, ready.id)).statusCode).toBe(404);
    const after = json<DataExportList>(await list(seeker.token)).results.find((e) => e.id === ready.id)!;
    expect(after).toMatchObject({ status: 'expired', download_url: null });
  });
});
