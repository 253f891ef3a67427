// `npm test`: every suite. Suites that need what this machine lacks (a PostgreSQL server, Chromium)
// are skipped with the reason printed, unless TEST_DATABASE_URL / E2E_REQUIRED=1 demand them.
//
// Vitest runs one test file at a time on a machine of 2 cores (it keeps one core for itself), so the
// suites before the browser journeys run in two lanes side by side, each suite's output printed as
// one block when it ends. The journeys run last and alone: they wait on a real browser.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const reports = fs.mkdtempSync(path.join(os.tmpdir(), 'jp-test-reports-'));
const results = [];
let passed = 0;
let failed = 0;
let skippedTests = 0;

/**
 * Runs one suite and keeps the lines that say what went wrong. Its output is streamed, or, with
 * `buffered` (a suite running beside another), printed as one block when it ends.
 */
async function run(name, command, args, { cwd = root, env = {}, report, buffered = false } = {}) {
  const slot = results.push({ name, status: 'RUNNING', detail: '' }) - 1;
  console.log(buffered ? `\n━━ ${name}: started ━━` : `\n━━ ${name} ━━`);
  const started = Date.now();
  const tail = [];
  const chunks = [];
  const status = await new Promise((resolve) => {
    const child = spawn(command, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
    const keep = (stream, out) => {
      let partial = '';
      stream.on('data', (chunk) => {
        if (buffered) chunks.push(chunk);
        else out.write(chunk);
        const lines = (partial + chunk.toString()).split('\n');
        partial = lines.pop();
        for (const line of lines) if (WHY.test(line)) tail.push(line.replace(ANSI, '').trim());
      });
    };
    keep(child.stdout, process.stdout);
    keep(child.stderr, process.stderr);
    child.on('close', (code) => resolve(code));
  });
  if (buffered) {
    console.log(`\n━━ ${name} ━━`);
    process.stdout.write(Buffer.concat(chunks));
  }
  const ok = status === 0;
  let counts = '';
  if (report && fs.existsSync(report)) {
    const data = JSON.parse(fs.readFileSync(report, 'utf8'));
    const p = data.numPassedTests ?? data.stats?.expected ?? 0;
    const f = data.numFailedTests ?? data.stats?.unexpected ?? 0;
    const s = (data.numPendingTests ?? 0) + (data.numTodoTests ?? 0) + (data.stats?.skipped ?? 0);
    // Files, not suites: Vitest's numFailedTestSuites also counts each failed describe block.
    const files = (data.testResults ?? []).filter((result) => result.status === 'failed').length;
    passed += p;
    failed += f;
    skippedTests += s;
    counts = ` (${p} passed, ${f} failed${s ? `, ${s} skipped` : ''}${files ? `, ${files} file(s) failed` : ''})`;
  }
  if (!ok && !counts) failed += 1;
  results[slot] = {
    name,
    status: ok ? 'passed' : 'FAILED',
    detail: `${counts} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    why: ok ? [] : [...new Set(tail)].slice(-12),
  };
  return ok;
}

function skip(name, why) {
  console.log(`\n━━ ${name} ━━\nSKIPPED: ${why}`);
  results.push({ name, status: 'SKIPPED', detail: ` — ${why}` });
}

function fail(name, why) {
  console.log(`\n━━ ${name} ━━\nFAILED: ${why}`);
  failed += 1;
  results.push({ name, status: 'FAILED', detail: ` — ${why}` });
}

const vitest = (dir, reportName, env = {}) => {
  const report = path.join(reports, `${reportName}.json`);
  return [
    'npx',
    ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`],
    { cwd: path.join(root, dir), env, report, buffered: true },
  ];
};

// Lines worth repeating under the summary when a suite fails (CI shows the end of the output first).
const WHY = /(FAIL|✗|✘|×|✖|\berror\b|Unhandled|Timeout|timed out|failed|exited)/i;
const ANSI = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');

const only = process.argv[2];
const want = (suite) => !only || only === suite;

const candidates = [process.env.CHROMIUM_PATH, '/usr/lib/chromium/chromium', '/usr/bin/chromium'].filter(Boolean);
const chromium = want('e2e') ? candidates.find((p) => fs.existsSync(p)) : undefined;
let built = false;

// Lane one: the static checks, the server on PGlite, then the web build the journeys need. Lane
// two: the server on a PostgreSQL server, then the web components.
const laneOne = async () => {
  if (want('static')) {
    await run('typecheck', 'npx', ['tsc', '-b', 'packages/shared', 'apps/server', 'apps/web', 'e2e'], { buffered: true });
    await run('lint', 'npx', ['eslint', '.', '--max-warnings=0'], { buffered: true });
  }
  if (want('server')) await run('server on embedded PostgreSQL (PGlite)', ...vitest('apps/server', 'server-pglite', { TEST_DB: 'pglite' }));
  if (chromium) built = await run('web build', 'npm', ['run', 'build', '-w', 'apps/web'], { buffered: true });
};
const laneTwo = async () => {
  if (want('server')) {
    if (!process.env.TEST_REDIS_URL) {
      skip(
        'server: rate limits shared through Redis',
        'TEST_REDIS_URL is not set (e.g. redis://127.0.0.1:6379); those tests are reported as skipped',
      );
    }
    if (process.env.TEST_DATABASE_URL) {
      await run('server on PostgreSQL server', ...vitest('apps/server', 'server-postgres', { TEST_DB: 'postgres' }));
    } else {
      skip('server on PostgreSQL server', 'TEST_DATABASE_URL is not set (e.g. postgres://postgres@127.0.0.1:5432/postgres)');
    }
  }
  if (want('web')) await run('web components (jsdom)', ...vitest('apps/web', 'web'));
};
await Promise.all([laneOne(), laneTwo()]);

// The production shape on this machine: read replicas, migrations under a lock and the failure
// drills (kill -9 of an API process, the replica stopped, Redis restarted), each file starting its
// own PostgreSQL primary and replica, Redis and HAProxy from Debian's packages (apps/server/
// vitest.cluster.config.ts). Alone, after the lanes: it starts several server processes.
if (want('cluster')) {
  const pgBin = fs.existsSync('/usr/lib/postgresql')
    ? fs.readdirSync('/usr/lib/postgresql').some((v) => fs.existsSync(path.join('/usr/lib/postgresql', v, 'bin', 'pg_basebackup')))
    : false;
  const onPath = (name) => ['/usr/sbin', '/usr/bin', '/usr/local/bin', '/usr/local/sbin'].some((d) => fs.existsSync(path.join(d, name)));
  const lacking = [
    !pgBin && 'PostgreSQL server binaries (postgresql)',
    !onPath('redis-server') && 'redis-server',
    !onPath('haproxy') && 'haproxy',
  ].filter(Boolean);
  const name = 'cluster: read replica and failure drills (PostgreSQL primary + replica, Redis, HAProxy)';
  if (lacking.length === 0) {
    const [command, args, options] = vitest('apps/server', 'cluster');
    await run(name, command, [...args, '-c', 'vitest.cluster.config.ts'], { ...options, buffered: false });
  } else {
    const why = `this machine lacks ${lacking.join(', ')}; install them with: apt-get install -y postgresql redis-server haproxy`;
    if (process.env.E2E_REQUIRED === '1') fail(name, `${why}; E2E_REQUIRED=1`);
    else skip(name, why);
  }
}

if (want('e2e')) {
  if (!chromium) {
    const why = `no Chromium found (looked at ${candidates.join(', ')}); install it with: apt-get install -y chromium`;
    if (process.env.E2E_REQUIRED === '1') fail('browser journeys (Playwright + Chromium)', `${why}; E2E_REQUIRED=1`);
    else skip('browser journeys (Playwright + Chromium)', why);
  } else if (built) {
    const report = path.join(reports, 'e2e.json');
    await run('browser journeys (Playwright + Chromium)', 'npx', ['playwright', 'test'], {
      cwd: path.join(root, 'e2e'),
      env: { CHROMIUM_PATH: chromium, PLAYWRIGHT_JSON_OUTPUT_NAME: report },
      report,
    });
  }
}

console.log('\n━━ summary ━━');
for (const r of results) {
  console.log(`${r.status.padEnd(8)} ${r.name}${r.detail}`);
  for (const line of r.why ?? []) console.log(`           ${line.slice(0, 240)}`);
}
const skippedSuites = results.filter((r) => r.status === 'SKIPPED').length;
if (skippedSuites) console.log(`${skippedSuites} suite(s) skipped: see the reasons above.`);
console.log(`${passed} passed, ${failed} failed${skippedTests ? `, ${skippedTests} skipped` : ''}`);
fs.rmSync(reports, { recursive: true, force: true });
process.exit(results.some((r) => r.status === 'FAILED') ? 1 : 0);
