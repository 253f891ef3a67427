// npm run bench:privacy [-- --applications 200 --messages 2000 --megabytes 10 --postgres postgres://postgres@127.0.0.1:5432/postgres]
//
// The export of a busy job seeker (docs/decisions/017-privacy.md): seeds a fresh database (an
// embedded PGlite in a temporary folder by default, as the server runs out of the box; with
// --postgres a fresh database jp_bench_privacy on that server) with one job seeker who applied to
// `applications` jobs of 20 companies, wrote and received `messages` messages in their 20
// conversations, and owns `megabytes` MB of files (a photo, a profile resume, and the resumes sent
// with applications). Builds the app in this process (buildApp, as main.ts), asks for the export
// through the API and measures, until it is ready, the time and the growth of this process's
// memory (RSS, the target's measure, and the JS heap with buffers, sampled every 10 ms, against a
// baseline taken after a GC). Then checks the
// zip (every JSON file, every file) and prints the figures beside the targets (<= 10 s, < 50 MB).
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import { openPglite, openPostgres, type Database } from '../../apps/server/src/db/client';
import { dataExports } from '../../apps/server/src/db/schema';
import {
  createApplication,
  createChatMessage,
  createChatRoom,
  createCompany,
  createJob,
  createProfile,
  createUploadedFile,
  createUser,
} from '../../apps/server/src/seed/factories';
import { createLocalStorage } from '../../apps/server/src/lib/storage';
import { readZip } from '../../apps/server/src/test/zip-reader';
import { eq } from 'drizzle-orm';

const { values: args } = parseArgs({
  options: {
    applications: { type: 'string', default: '200' },
    messages: { type: 'string', default: '2000' },
    megabytes: { type: 'string', default: '10' },
    postgres: { type: 'string' },
  },
});
const applicationCount = Number(args.applications);
const messageCount = Number(args.messages);
const fileBytes = Number(args.megabytes) * 1024 * 1024;
const companies = 20;
const log = (line: string) => console.log(line);
const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

async function openDatabase(): Promise<Database> {
  if (!args.postgres) return openPglite();
  const admin = new pg.Client({ connectionString: args.postgres });
  await admin.connect();
  await admin.query('DROP DATABASE IF EXISTS jp_bench_privacy WITH (FORCE)');
  await admin.query('CREATE DATABASE jp_bench_privacy');
  await admin.end();
  const url = new URL(args.postgres);
  url.pathname = '/jp_bench_privacy';
  return openPostgres(url.toString());
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'jp-bench-privacy-'));
const database = await openDatabase();
await database.migrate();
const db = database.db;
const storage = createLocalStorage(path.join(dir, 'uploads'));

const seedStart = performance.now();
const seeker = await createUser(db, { role: 'jobseeker', fullName: 'Busy Seeker', email: 'busy@bench.example' });
// The files: a photo, a profile resume, and one resume per application, `megabytes` in all.
const perFile = Math.floor(fileBytes / (applicationCount + 2));
const file = (name: string, folder: string) =>
  createUploadedFile(db, storage, seeker.id, { name, contentType: 'application/pdf', data: randomBytes(perFile), folder });
const photo = await createUploadedFile(db, storage, seeker.id, {
  name: 'me.png',
  contentType: 'image/png',
  data: randomBytes(perFile),
  folder: 'photos',
});
const profileResume = await file('resume.pdf', 'resumes');
await createProfile(db, seeker.id, {
  bio: 'Looking for the next thing.',
  photoFileId: photo.id,
  resumeFileId: profileResume.id,
  skills: [{ skill_name: 'TypeScript' }],
});
const rooms: Array<{ roomId: number; employerId: number }> = [];
const jobIds: number[] = [];
for (let c = 0; c < companies; c++) {
  const owner = await createUser(db, { role: 'employer', fullName: `Owner ${c}` });
  const company = await createCompany(db, owner.id, { isApproved: true, name: `Company ${c}` });
  for (let j = c; j < applicationCount; j += companies) jobIds.push((await createJob(db, company.id, { title: `Job ${j}` })).id);
  const room = await createChatRoom(db, { jobseekerId: seeker.id, companyId: company.id, employerId: owner.id });
  rooms.push({ roomId: room.id, employerId: owner.id });
}
for (const [i, jobId] of jobIds.entries()) {
  const resume = await file(`application-${i}.pdf`, 'application-resumes');
  await createApplication(db, { jobId, jobseekerId: seeker.id, resumeFileId: resume.id });
}
for (let m = 0; m < messageCount; m++) {
  const room = rooms[m % rooms.length]!;
  const mine = m % 2 === 0;
  await createChatMessage(db, {
    roomId: room.roomId,
    senderId: mine ? seeker.id : room.employerId,
    fromJobseeker: mine,
    content: `Message ${m}: ${'a fairly ordinary sentence about the job and the next steps. '.repeat(3)}`,
  });
}
log(
  `seeded in ${((performance.now() - seedStart) / 1000).toFixed(1)} s: ${jobIds.length} applications, ${messageCount} messages, ` +
    `${applicationCount + 2} files of ${(perFile / 1024).toFixed(0)} KB (${mb(perFile * (applicationCount + 2))} MB) on ${args.postgres ? 'PostgreSQL' : 'PGlite'}`,
);

const config = loadConfig({
  ...process.env,
  NODE_ENV: 'production',
  LOG_LEVEL: 'warn',
  DATA_DIR: dir,
  WEB_DIST: '/nonexistent',
  REMINDER_INTERVAL_SECONDS: '0',
  JWT_SECRET: 'bench-secret-that-is-long-enough-for-hs256-0123',
});
const app = await buildApp({ config, database, storage, mailer: { send: async () => {}, close: () => {} } });
await app.ready();
const login = await app.inject({
  method: 'POST',
  url: '/api/login/',
  payload: { email: 'busy@bench.example', password: 'correct-horse-battery' },
});
const token = login.json<{ accessToken: string }>().accessToken;

const gc = (globalThis as { gc?: () => void }).gc;
gc?.();
const base = process.memoryUsage();
let peakRss = base.rss;
let peakHeap = base.heapUsed + base.external;
const sampler = setInterval(() => {
  const now = process.memoryUsage();
  peakRss = Math.max(peakRss, now.rss);
  peakHeap = Math.max(peakHeap, now.heapUsed + now.external);
}, 10);
const started = performance.now();
const res = await app.inject({ method: 'POST', url: '/api/account/exports/', headers: { authorization: `Bearer ${token}` } });
if (res.statusCode !== 202) throw new Error(`export not started: ${res.statusCode} ${res.body}`);
await app.privacy.buildDue();
const seconds = (performance.now() - started) / 1000;
clearInterval(sampler);

const [row] = await db.select().from(dataExports).where(eq(dataExports.id, res.json<{ id: number }>().id));
if (row?.status !== 'ready') throw new Error(`export not ready: ${row?.status}`);
const zip = await readZip(fs.readFileSync(path.join(dir, 'uploads', row.storageKey!)));
const applications = JSON.parse(zip.get('applications.json')!.toString()) as unknown[];
const messages = JSON.parse(zip.get('messages.json')!.toString()) as unknown[];
const files = [...zip.keys()].filter((k) => k.startsWith('files/')).length;
if (applications.length !== jobIds.length || messages.length !== messageCount || files !== applicationCount + 2) {
  throw new Error(`the zip is incomplete: ${applications.length} applications, ${messages.length} messages, ${files} files`);
}
const rssGrowth = peakRss - base.rss;
const heapGrowth = peakHeap - (base.heapUsed + base.external);
log(`export ready in ${seconds.toFixed(2)} s (target <= 10 s): zip ${mb(row.sizeBytes!)} MB, ${zip.size} entries checked`);
log(
  `memory growth while making it: RSS +${mb(rssGrowth)} MB (target < 50 MB); JS heap and buffers, garbage not yet collected included: +${mb(heapGrowth)} MB` +
    (gc ? '' : ' (no --expose-gc: baseline without GC)'),
);
log(
  `machine: ${os.cpus().length} x ${os.cpus()[0]?.model ?? '?'}, ${mb(os.totalmem())} MB, Node ${process.version}, ${new Date().toISOString()}`,
);

await app.close();
await database.close();
fs.rmSync(dir, { recursive: true, force: true });
const ok = seconds <= 10 && rssGrowth < 50 * 1024 * 1024;
if (!ok) process.exitCode = 1;
