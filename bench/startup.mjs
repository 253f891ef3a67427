// `npm run bench:startup`: time from `npm start` to a 200 from /readyz, on an empty data folder
// (migrations + demo seed) and again on the same folder, and the server's peak memory (VmHWM)
// after start and after a burst of sign-ins. Prints a table; asserts nothing.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = Number(process.env.BENCH_PORT ?? 8795);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jp-bench-startup-'));
const url = `http://127.0.0.1:${port}`;

const peakKb = (pid) => Number(/VmHWM:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN);

async function startOnce(label) {
  const started = performance.now();
  const child = spawn('npm', ['start'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', RATE_LIMIT_MULTIPLIER: '100' },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  for (;;) {
    try {
      if ((await fetch(`${url}/readyz`)).status === 200) break;
    } catch {
      // not yet
    }
    if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}`);
    await new Promise((r) => setTimeout(r, 25));
  }
  const ms = performance.now() - started;
  const serverPid = Number(fs.readFileSync(path.join(dataDir, 'server.lock'), 'utf8'));
  const afterStart = peakKb(serverPid);
  const t0 = performance.now();
  const logins = 200;
  for (let i = 0; i < logins; i += 10) {
    await Promise.all(
      Array.from({ length: 10 }, () =>
        fetch(`${url}/api/login/`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: 'seeker@example.com', password: 'demo-pass-123' }),
        }).then((r) => r.arrayBuffer()),
      ),
    );
  }
  const loginRate = logins / ((performance.now() - t0) / 1000);
  const afterLoad = peakKb(serverPid);
  process.kill(-child.pid, 'SIGTERM');
  await new Promise((r) => child.once('exit', r));
  return { label, ms, afterStart, afterLoad, loginRate };
}

const rows = [await startOnce('first start (empty folder: migrate + seed)'), await startOnce('restart (same folder)')];
fs.rmSync(dataDir, { recursive: true, force: true });
console.log('\nnpm start → /readyz 200, server peak memory (VmHWM)');
console.log('| run | to ready | peak RSS after start | peak RSS after 200 sign-ins | sign-ins/s (argon2id, 10 at a time) |');
console.log('|---|---|---|---|---|');
for (const r of rows) {
  console.log(`| ${r.label} | ${(r.ms / 1000).toFixed(2)} s | ${(r.afterStart / 1024).toFixed(0)} MiB | ${(r.afterLoad / 1024).toFixed(0)} MiB | ${r.loginRate.toFixed(0)} |`);
}
