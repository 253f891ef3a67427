// `npm start`: build the web app when its build is missing or older than its sources, then run
// the server (API + web) in this process's place, forwarding stop signals.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const built = path.join(root, 'apps/web/dist/index.html');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
}

const sources = [path.join(root, 'apps/web/src'), path.join(root, 'packages/shared/src')];
const stale = !fs.existsSync(built) || sources.some((d) => newestMtime(d) > fs.statSync(built).mtimeMs);
if (stale && process.env.SKIP_WEB_BUILD !== '1') {
  console.log('Building the web app…');
  const result = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')], {
  cwd: root,
  stdio: 'inherit',
  // Someone watching in a terminal reads the log: readable lines, mailed codes on lines of their own.
  // Piped or collected output stays JSON (LOG_FORMAT decides when it is set).
  env: { NODE_ENV: 'production', ...(process.stdout.isTTY && { LOG_FORMAT: 'pretty' }), ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
