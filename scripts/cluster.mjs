// `npm run cluster`: the production shape on this machine, from Debian's packages (docs/deploy.md):
// HAProxy in front of 3 API processes, a PostgreSQL primary and a streaming replica, Redis. It
// migrates once, seeds the demo data once, prints the address and runs until Ctrl-C or
// `npm run cluster -- stop`, which stop everything and remove its temporary folder.
//   --port <n>          HAProxy's port (default: a free one in 8240-8299)
//   --processes <n>     API processes (default 3)
//   --no-seed           no demo data
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const stateFile = path.join(os.tmpdir(), 'hireloop-cluster.json');
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { port: { type: 'string' }, processes: { type: 'string', default: '3' }, 'no-seed': { type: 'boolean', default: false } },
});

const isAlive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
const readState = () => {
  try {
    return JSON.parse(fs.readFileSync(stateFile, 'utf8'));
  } catch {
    return undefined;
  }
};

if (positionals[0] === 'stop') {
  const state = readState();
  if (!state || !isAlive(state.pid)) {
    console.log('No cluster is running.');
    fs.rmSync(stateFile, { force: true });
    process.exit(0);
  }
  console.log(`Stopping the cluster at ${state.url} (process ${state.pid})…`);
  process.kill(state.pid, 'SIGTERM');
  const deadline = Date.now() + 60_000;
  while (isAlive(state.pid) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 200));
  console.log(isAlive(state.pid) ? 'It did not stop within 60 s.' : 'Stopped; its temporary folder is removed.');
  process.exit(isAlive(state.pid) ? 1 : 0);
}
if (positionals.length > 0) {
  console.error(`Unknown command: ${positionals.join(' ')} (npm run cluster, or npm run cluster -- stop)`);
  process.exit(2);
}

const running = readState();
if (running && isAlive(running.pid)) {
  console.error(`A cluster is running already at ${running.url}: npm run cluster -- stop`);
  process.exit(1);
}

const { missingBinaries } = await import('../apps/server/src/test/local-cluster.ts');
const missing = missingBinaries(['postgres', 'redis', 'haproxy']);
if (missing.length > 0) {
  console.error(`This machine lacks ${missing.join(', ')}.`);
  process.exit(1);
}

if (!fs.existsSync(path.join(root, 'apps/web/dist/index.html')) && process.env.SKIP_WEB_BUILD !== '1') {
  console.log('Building the web app…');
  const built = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

const { startApiCluster } = await import('../apps/server/src/test/api-cluster.ts');
const cluster = await startApiCluster({
  apiProcesses: Number(values.processes),
  seedDemo: !values['no-seed'],
  durable: true,
  port: values.port ? Number(values.port) : undefined,
  log: (line) => console.log(line),
});
fs.writeFileSync(stateFile, JSON.stringify({ pid: process.pid, url: cluster.url, folder: cluster.folder }));

let stopping = false;
const stop = async (signal) => {
  if (stopping) return;
  stopping = true;
  console.log(`\n${signal}: stopping HAProxy, the API processes, Redis and PostgreSQL…`);
  await cluster.stop();
  fs.rmSync(stateFile, { force: true });
  console.log('Stopped; the temporary folder is removed.');
  process.exit(0);
};
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));

const host = cluster.url.replace('127.0.0.1', 'localhost');
console.log(`
Hireloop runs at ${host}  (HAProxy → ${cluster.apis.map((a) => `${a.name} :${a.port}`).join(', ')})
  PostgreSQL primary ${cluster.pg.primary.url()}, replica ${cluster.pg.replicas.map((r) => r.url()).join(', ')} (public reads)
  Redis ${cluster.redis.url}; everything in ${cluster.folder}
${values['no-seed'] ? '' : '  Demo accounts (password demo-pass-123): admin@, employer@, recruiter@ and seeker@example.com\n'}Ctrl-C, or \`npm run cluster -- stop\` from another terminal, stops it all and removes the folder.`);
// Someone's API process went away on its own: say so (HAProxy already sends its requests elsewhere).
for (const api of cluster.apis) {
  api.child.on('exit', (code, signal) => {
    if (!stopping) console.log(`${api.name} exited (${signal ?? code}); HAProxy sends its requests to the others.`);
  });
}
