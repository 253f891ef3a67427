// npm run bench:chat [-- --pairs 1000 --rate 500 --duration 30 --warmup 5 --drain 5 --profile]
//
// Live chat across two API processes sharing PostgreSQL and Redis (decisions.md "Chat and live events").
// Seeds a fresh PostgreSQL database (jp_bench_chat): `pairs` job seekers and `pairs` companies (one
// owner each), each seeker applied to their company's job and has its conversation; sessions and
// access tokens are minted directly (2,000 argon2 sign-ins would take the whole run). Starts two real
// server processes with REDIS_URL, connects 2 × pairs sockets (a seeker on one process, its company's
// owner on the other, so every message crosses processes through Redis), then sends `rate` messages/s
// for `duration` seconds over HTTP (stored first), alternating sides, after `warmup` seconds at the same rate
// that are not measured (freshly started servers open pool connections and compile their hot paths). Measures, per message, from
// just before the POST to the recipient's `message:new`: p50/p95/p99, messages/s, HTTP errors, lost
// (stored but never received by the recipient) and duplicated (received twice), and each process's
// memory (RSS now and peak). Writes bench/results/chat-<time>.json.
import fs from 'node:fs';
import os from 'node:os';
import http from 'node:http';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { io, type Socket } from 'socket.io-client';
import { Redis } from 'ioredis';
import type { ChatMessageOut } from '@jobportal/shared';
import { openPostgres } from '../../apps/server/src/db/client';
import { hashPassword } from '../../apps/server/src/lib/passwords';
import { createTokenSigner } from '../../apps/server/src/modules/auth/tokens';
import { ms, startServer, stats, stopServer } from '../common';

const here = path.dirname(fileURLToPath(import.meta.url));
const { values: args } = parseArgs({
  options: {
    pairs: { type: 'string', default: '1000' },
    rate: { type: 'string', default: '500' },
    duration: { type: 'string', default: '30' },
    drain: { type: 'string', default: '5' },
    warmup: { type: 'string', default: '5' },
    'server-url': { type: 'string', default: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres' },
    'redis-url': { type: 'string', default: process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379' },
    database: { type: 'string', default: 'jp_bench_chat' },
    /** Writes a V8 CPU profile of each server process to bench/results/chat-profiles/ (open in Chrome's DevTools). */
    profile: { type: 'boolean', default: false },
  },
});
const pairs = Number(args.pairs);
const rate = Number(args.rate);
const durationSeconds = Number(args.duration);
const secret = 'bench-chat-secret-long-enough-0123456789abcdef';
const prefix = `jp_bench_chat_${Date.now().toString(36)}:`;
const log = (line: string) => console.log(line);

async function seed(): Promise<{ url: string; rooms: Array<{ id: number; seeker: number; owner: number }> }> {
  const admin = new pg.Client({ connectionString: args['server-url'] });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${args.database}" WITH (FORCE)`);
  await admin.query(`CREATE DATABASE "${args.database}"`);
  await admin.end();
  const url = new URL(args['server-url']!);
  url.pathname = `/${args.database}`;
  const database = await openPostgres(url.toString(), { max: 2 });
  await database.migrate();
  await database.close();
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  const hash = await hashPassword('bench-pass-123');
  // Set-based: owners, seekers, companies (the trigger makes each owner a member), jobs, a resume file, applications, rooms.
  await client.query(
    `insert into users (email, password_hash, full_name, role, email_verified)
     select 'owner-' || i || '@bench.example', $1, 'Owner ' || i, 'employer', true from generate_series(1, $2) i
     union all
     select 'seeker-' || i || '@bench.example', $1, 'Seeker ' || i, 'jobseeker', true from generate_series(1, $2) i`,
    [hash, pairs],
  );
  await client.query(
    `insert into companies (owner_id, name, is_approved)
     select u.id, 'Company ' || split_part(split_part(u.email, '-', 2), '@', 1), true from users u where u.email like 'owner-%' order by u.id`,
  );
  await client.query(
    `insert into jobs (company_id, title, description, location, employment_type, experience_level, status, posted_by)
     select c.id, 'Engineer', 'Builds things.', 'Berlin', 'Full-time', 'Mid level', 'open', c.owner_id from companies c`,
  );
  const owner = (await client.query<{ id: number }>(`select id from users where email = 'owner-1@bench.example'`)).rows[0]!.id;
  const file = (
    await client.query<{ id: number }>(
      `insert into uploaded_files (owner_id, storage_key, original_name, content_type, size_bytes) values ($1, 'bench/cv.pdf', 'cv.pdf', 'application/pdf', 10) returning id`,
      [owner],
    )
  ).rows[0]!.id;
  await client.query(
    `insert into applications (job_id, jobseeker_id, resume_file_id)
     select j.id, s.id, $1 from users s
       join users o on o.email = 'owner-' || split_part(split_part(s.email, '-', 2), '@', 1) || '@bench.example'
       join companies c on c.owner_id = o.id join jobs j on j.company_id = c.id
      where s.email like 'seeker-%'`,
    [file],
  );
  const rooms = await client.query<{ id: number; seeker: number; owner: number }>(
    `insert into chat_rooms (jobseeker_id, company_id, employer_id, job_id)
     select a.jobseeker_id, j.company_id, c.owner_id, j.id from applications a join jobs j on j.id = a.job_id join companies c on c.id = j.company_id
     returning id, jobseeker_id as seeker, employer_id as owner`,
  );
  await client.query(`insert into auth_sessions (id, user_id, expires_at) select 'bench-' || id, id, now() + interval '1 day' from users`);
  await client.end();
  return { url: url.toString(), rooms: rooms.rows };
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 512 });
function post(url: string, token: string, body: unknown): Promise<{ status: number; body: string }> {
  const data = Buffer.from(JSON.stringify(body));
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        agent,
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': String(data.length), authorization: `Bearer ${token}` },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
      },
    );
    req.on('error', reject);
    req.end(data);
  });
}

/** CPU seconds and system calls so far of the processes whose command line matches, from /proc (Linux). */
function usageOf(match: (cmdline: string, pid: number) => boolean): { cpuSeconds: number; reads: number; writes: number } {
  let cpuSeconds = 0;
  let reads = 0;
  let writes = 0;
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmdline = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').replace(/\0/g, ' ');
      if (!match(cmdline, Number(entry))) continue;
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      cpuSeconds += (Number(fields[11]) + Number(fields[12])) / 100; // utime + stime, in clock ticks of 1/100 s
      const io = fs.readFileSync(`/proc/${entry}/io`, 'utf8');
      reads += Number(/syscr: (\d+)/.exec(io)?.[1] ?? 0);
      writes += Number(/syscw: (\d+)/.exec(io)?.[1] ?? 0);
    } catch {
      // The process ended while it was read, or is not ours to read.
    }
  }
  return { cpuSeconds, reads, writes };
}

function memoryOf(pid: number): { rssMb: number; peakMb: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rssMb: kb('VmRSS') / 1024, peakMb: kb('VmHWM') / 1024 };
}

log(`seeding ${pairs} pairs…`);
const { url, rooms } = await seed();
const env = { REDIS_URL: args['redis-url']!, REDIS_PREFIX: prefix, JWT_SECRET: secret, RATE_LIMIT_MULTIPLIER: '1000' };
const nodeArgs = args.profile ? ['--cpu-prof', `--cpu-prof-dir=${path.join(here, '..', 'results', 'chat-profiles')}`] : [];
// Each process's longest event-loop stall and GC time per second, written by bench/search/server.ts.
const loopFiles = [1, 2].map((n) => path.join(os.tmpdir(), `bench-chat-loop-${process.pid}-${n}.jsonl`));
const [one, two] = await Promise.all([
  startServer(url, { ...env, BENCH_LOOP_FILE: loopFiles[0]! }, nodeArgs),
  startServer(url, { ...env, BENCH_LOOP_FILE: loopFiles[1]! }, nodeArgs),
]);
const signer = createTokenSigner(secret);
const token = (userId: number, role: 'jobseeker' | 'employer') => signer.sign({ userId, role, sessionId: `bench-${userId}` });

// Receipt times by client_id, and how often each stored message reached its recipient.
const sentAt = new Map<string, number>();
const received = new Map<string, number>();
const latencies: number[] = [];
/** From just before the POST to its 201 (the message stored and answered), to set beside delivery. */
const answered: number[] = [];
/** The warm-up's messages, left out of the measured figures. */
const warmupIds = new Set<string>();
/** [sent at, latency] of every first receipt, to show how latency moves over the run. */
const bySecond: Array<[number, number]> = [];
let duplicates = 0;
const sockets: Socket[] = [];
function connect(base: string, auth: string, onMessage: (m: ChatMessageOut) => void): Promise<void> {
  const socket = io(base, { path: '/socket.io/', auth: { token: auth }, transports: ['websocket'], reconnection: false, forceNew: true });
  sockets.push(socket);
  socket.on('message:new', onMessage);
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
}
const recipientOf = new Map<string, number>();
let measuring = false;
const onMessage = (me: number) => (m: ChatMessageOut) => {
  const key = m.client_id ?? '';
  if (recipientOf.get(key) !== me) return; // the sender's own copy
  if (measuring && warmupIds.has(key)) return; // a warm-up message arriving late
  const count = (received.get(key) ?? 0) + 1;
  received.set(key, count);
  if (count > 1) duplicates++;
  else {
    const at = sentAt.get(key)!;
    latencies.push(performance.now() - at);
    bySecond.push([at, performance.now() - at]);
  }
};

log(`connecting ${rooms.length * 2} sockets over two processes…`);
const tokens = new Map<number, string>();
const connectStarted = performance.now();
for (let i = 0; i < rooms.length; i += 50) {
  await Promise.all(
    rooms.slice(i, i + 50).flatMap((room, k) => {
      const seekerBase = (i + k) % 2 ? one.base : two.base;
      const ownerBase = (i + k) % 2 ? two.base : one.base;
      return [
        (async () => {
          const t = await token(room.seeker, 'jobseeker');
          tokens.set(room.seeker, t);
          await connect(seekerBase, t, onMessage(room.seeker));
        })(),
        (async () => {
          const t = await token(room.owner, 'employer');
          tokens.set(room.owner, t);
          await connect(ownerBase, t, onMessage(room.owner));
        })(),
      ];
    }),
  );
}
log(`connected in ${ms((performance.now() - connectStarted) / 1000)} s`);

// Where the machine's CPU goes while messages are sent: each part's CPU and system calls over the window.
const parts: Array<[string, (cmdline: string, pid: number) => boolean]> = [
  ['API process 1', (_c, pid) => pid === one.child.pid],
  ['API process 2', (_c, pid) => pid === two.child.pid],
  ['PostgreSQL (all its processes)', (c) => c.startsWith('postgres') || c.startsWith('/usr/lib/postgresql/')],
  ['Redis', (c) => c.startsWith('redis-server') || c.startsWith('/usr/bin/redis-server')],
  ['this load generator', (_c, pid) => pid === process.pid],
];

let sent = 0;
let stored = 0;
let errors = 0;
const errorCodes = new Map<number, number>();
let started = 0;
const tickMs = 10;

/** Sends at `rate`/s for `seconds` s: each tick sends its share; sides alternate, pairs rotate. */
async function send(seconds: number): Promise<void> {
  const pending: Array<Promise<void>> = [];
  const from = sent;
  const until = sent + rate * seconds;
  const begun = performance.now();
  await new Promise<void>((resolve) => {
    const timer = setInterval(() => {
      const due = Math.min(until, from + Math.floor(((performance.now() - begun) / 1000) * rate));
      while (sent < due) {
        const room = rooms[sent % rooms.length]!;
        const fromSeeker = Math.floor(sent / rooms.length) % 2 === 0;
        const sender = fromSeeker ? room.seeker : room.owner;
        const base = fromSeeker ? (rooms.indexOf(room) % 2 ? one.base : two.base) : rooms.indexOf(room) % 2 ? two.base : one.base;
        const clientId = randomUUID();
        recipientOf.set(clientId, fromSeeker ? room.owner : room.seeker);
        const postedAt = performance.now();
        sentAt.set(clientId, postedAt);
        if (!measuring) warmupIds.add(clientId);
        sent++;
        pending.push(
          post(`${base}/api/chatrooms/${room.id}/messages/`, tokens.get(sender)!, { content: `Message ${sent}`, client_id: clientId })
            .then((res) => {
              if (res.status === 201) {
                stored++;
                if (measuring) answered.push(performance.now() - postedAt);
              } else {
                errors++;
                errorCodes.set(res.status, (errorCodes.get(res.status) ?? 0) + 1);
              }
            })
            .catch(() => {
              errors++;
            }),
        );
      }
      if (sent >= until) {
        clearInterval(timer);
        resolve();
      }
    }, tickMs);
  });
  await Promise.all(pending);
}

// The servers have just started: their first seconds (pool connections opened, statements prepared
// per connection, V8 compiling the hot paths) are sent at the same rate but not measured.
const warmupSeconds = Number(args.warmup);
if (warmupSeconds > 0) {
  log(`warming up: ${warmupSeconds} s at ${rate}/s (not measured)…`);
  await send(warmupSeconds);
  const settle = performance.now() + Number(args.drain) * 1000;
  while (performance.now() < settle && received.size < stored) await new Promise((r) => setTimeout(r, 100));
}
const warmup = { seconds: warmupSeconds, sent, stored, errors, lost: stored - received.size, duplicated: duplicates };
if (warmupSeconds > 0) log(`warm-up: ${stored} stored, ${errors} HTTP errors, ${warmup.lost} lost, ${duplicates} duplicated`);
duplicates = 0;
[sent, stored, errors] = [0, 0, 0];
errorCodes.clear();
received.clear();
latencies.length = 0;
answered.length = 0;
bySecond.length = 0;
measuring = true;
const usageBefore = parts.map(([, match]) => usageOf(match));
// The load generator's own stalls delay the receipt times it records: shown beside the servers'.
const ownDelay = monitorEventLoopDelay({ resolution: 5 });
const ownStalls: number[] = [];
ownDelay.enable();
const ownTimer = setInterval(() => {
  ownStalls.push(ownDelay.max / 1e6);
  ownDelay.reset();
}, 1000);
started = performance.now();
const total = rate * durationSeconds;
await send(durationSeconds);
const sendSeconds = (performance.now() - started) / 1000;
clearInterval(ownTimer);
const usage = parts.map(([name, match], i) => {
  const after = usageOf(match);
  const before = usageBefore[i]!;
  return {
    name,
    cpuSeconds: after.cpuSeconds - before.cpuSeconds,
    reads: after.reads - before.reads,
    writes: after.writes - before.writes,
  };
});
const memory = { one: memoryOf(one.child.pid!), two: memoryOf(two.child.pid!) };
// Let the last deliveries arrive, then count what never did.
const drainUntil = performance.now() + Number(args.drain) * 1000;
while (performance.now() < drainUntil && received.size < stored) await new Promise((r) => setTimeout(r, 100));
const lost = stored - received.size;

const s = stats(latencies);
const a = stats(answered);
const result = {
  at: new Date().toISOString(),
  pairs,
  sockets: sockets.length,
  targetRate: rate,
  durationSeconds,
  sent,
  stored,
  errors,
  errorCodes: Object.fromEntries(errorCodes),
  messagesPerSecond: stored / sendSeconds,
  latencyMs: s,
  answeredMs: a,
  lost,
  duplicated: duplicates,
  memory,
  usage,
  warmup,
};
log('');
log(`| measure | figure | target |`);
log(`| --- | ---: | --- |`);
log(`| sockets connected (2 processes) | ${sockets.length} | 2,000 |`);
log(`| messages stored / sent | ${stored} / ${sent} in ${ms(sendSeconds)} s | ${total} in ${durationSeconds} s |`);
log(`| messages/s stored | ${ms(result.messagesPerSecond)} | ${rate} |`);
log(`| delivery p50 / p95 / p99 (ms) | ${ms(s.p50)} / ${ms(s.p95)} / ${ms(s.p99)} (max ${ms(s.max)}) | p99 ≤ 50 |`);
log(`| POST answered (stored) p50 / p95 / p99 (ms) | ${ms(a.p50)} / ${ms(a.p95)} / ${ms(a.p99)} | |`);
log(`| HTTP errors | ${errors} ${errorCodes.size ? JSON.stringify(result.errorCodes) : ''} | 0 |`);
log(`| lost / duplicated | ${lost} / ${duplicates} | 0 / 0 |`);
log(`| memory RSS now / peak (MB), process 1 | ${ms(memory.one.rssMb)} / ${ms(memory.one.peakMb)} | |`);
log(`| memory RSS now / peak (MB), process 2 | ${ms(memory.two.rssMb)} / ${ms(memory.two.peakMb)} | |`);
const seconds = new Map<number, number[]>();
for (const [at, latency] of bySecond) {
  const second = Math.floor((at - started) / 1000);
  seconds.set(second, [...(seconds.get(second) ?? []), latency]);
}
log('');
log(
  `delivery p99 by second of sending (ms): ${[...seconds.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([, l]) => ms(stats(l).p99))
    .join(' ')}`,
);
log(`load generator, longest event-loop stall by second (ms): ${ownStalls.map(ms).join(' ')}`);
const startedAt = Date.now() - (performance.now() - started);
for (const [n, file] of loopFiles.entries()) {
  const lines = fs.existsSync(file) ? fs.readFileSync(file, 'utf8').trim().split('\n') : [];
  const during = lines
    .map((line) => JSON.parse(line) as { at: number; stallMs: number; gcMs: number; gcMaxMs: number })
    .filter((x) => x.at > startedAt && x.at <= startedAt + sendSeconds * 1000 + 1000);
  log(`API process ${n + 1}, longest event-loop stall by second (ms): ${during.map((x) => ms(x.stallMs)).join(' ')}`);
  log(`API process ${n + 1}, longest GC pause by second (ms): ${during.map((x) => ms(x.gcMaxMs)).join(' ')}`);
  fs.rmSync(file, { force: true });
}
log('');
log(`| while sending (${ms(sendSeconds)} s) | CPU % of one core | CPU ms per message | reads / writes (system calls) per message |`);
log(`| --- | ---: | ---: | ---: |`);
for (const u of usage) {
  const per = (n: number) => ms(n / Math.max(stored, 1));
  log(`| ${u.name} | ${ms((100 * u.cpuSeconds) / sendSeconds)} | ${per(u.cpuSeconds * 1000)} | ${per(u.reads)} / ${per(u.writes)} |`);
}

for (const socket of sockets) socket.close();
await Promise.all([stopServer(one.child), stopServer(two.child)]);
const redis = new Redis(args['redis-url']!);
const keys = await redis.keys(`${prefix}*`);
if (keys.length) await redis.del(...keys);
await redis.quit();
const resultsDir = path.join(here, '..', 'results');
fs.mkdirSync(resultsDir, { recursive: true });
fs.writeFileSync(path.join(resultsDir, `chat-${Date.now()}.json`), JSON.stringify(result, null, 2));
process.exit(0);
