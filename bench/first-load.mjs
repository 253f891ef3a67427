// `npm run bench:first-load`: the JavaScript a fresh visitor downloads for a screen, measured in
// Chromium. Needs a web build (`npm run build`); builds nothing itself. Starts the real server
// (serving apps/web/dist, or the folder in WEB_DIST) on an empty data folder, opens each screen
// in a new browser context (empty cache), waits for the screen and for the network to go idle,
// and lists every script response with its size as sent and gzipped at level 9. The server does
// not compress (no @fastify/compress), so the gzip figure is what a typical compressing proxy
// would send. KB = 1024 bytes. Prints tables; asserts nothing.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { chromium } from 'playwright-core';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = Number(process.env.BENCH_PORT ?? 8796);
const base = `http://127.0.0.1:${port}`;
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/lib/chromium/chromium';

const webDist = path.resolve(process.env.WEB_DIST ?? path.join(root, 'apps/web/dist'));

if (!fs.existsSync(path.join(webDist, 'index.html'))) {
  console.error(`No web build in ${webDist}: run \`npm run build\` first.`);
  process.exit(1);
}

/** Each screen and what shows that it is ready. */
const screens = [
  { hash: '#/login', ready: (page) => page.getByRole('heading', { name: 'Sign in to Hireloop' }), form: true },
  { hash: '#/', ready: (page) => page.getByRole('heading', { level: 1 }), form: false },
  { hash: '#/signup', ready: (page) => page.getByRole('heading', { name: 'Create your Hireloop account' }), form: true },
];

const kb = (bytes) => (bytes / 1024).toFixed(1);
const gzipSize = (body) => zlib.gzipSync(body, { level: 9 }).length;

async function startServer() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jp-bench-first-load-'));
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      WEB_DIST: webDist,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      if ((await fetch(`${base}/readyz`)).status === 200) break;
    } catch {
      // not listening yet
    }
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    if (Date.now() > deadline) {
      child.kill('SIGTERM');
      throw new Error('the server did not become ready within 60 s');
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function measure(browser, screen) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const pending = [];
  page.on('response', (response) => {
    const request = response.request();
    const contentType = response.headers()['content-type'] ?? '';
    // Module preloads may be typed "other" rather than "script": count them by content type too.
    if (request.resourceType() !== 'script' && !contentType.includes('javascript')) return;
    pending.push(
      response.body().then((body) => ({
        url: response.url(),
        status: response.status(),
        encoding: response.headers()['content-encoding'] ?? null,
        raw: body.length,
        gzip: gzipSize(body),
      })),
    );
  });
  await page.goto(`${base}/${screen.hash}`);
  await screen.ready(page).waitFor({ state: 'visible', timeout: 30_000 });
  if (screen.form) await page.locator('main form').first().waitFor({ state: 'visible' });
  await page.waitForLoadState('networkidle');
  const files = await Promise.all(pending);
  await context.close();
  // A URL fetched twice (it should not be) is counted once.
  const byUrl = new Map(files.map((file) => [file.url, file]));
  return [...byUrl.values()];
}

function print(screen, files) {
  const rows = files
    .map((file) => ({ ...file, name: new URL(file.url).pathname.replace(/^\/assets\//, '') }))
    .sort((a, b) => b.gzip - a.gzip);
  const width = Math.max(30, ...rows.map((row) => row.name.length));
  const raw = rows.reduce((sum, row) => sum + row.raw, 0);
  const gzip = rows.reduce((sum, row) => sum + row.gzip, 0);
  console.log(`\n${screen.hash}: ${rows.length} JavaScript files, ${kb(raw)} KB raw, ${kb(gzip)} KB gzip -9`);
  console.log(`  ${'file'.padEnd(width)} ${'raw KB'.padStart(8)} ${'gzip KB'.padStart(8)}`);
  for (const row of rows) {
    const note = row.status !== 200 ? `  (HTTP ${row.status})` : row.encoding ? `  (sent ${row.encoding})` : '';
    console.log(`  ${row.name.padEnd(width)} ${kb(row.raw).padStart(8)} ${kb(row.gzip).padStart(8)}${note}`);
  }
  console.log(`  ${'total'.padEnd(width)} ${kb(raw).padStart(8)} ${kb(gzip).padStart(8)}`);
  return { screen: screen.hash, count: rows.length, raw, gzip };
}

const server = await startServer();
let browser;
try {
  browser = await chromium.launch({
    executablePath: chromiumPath,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const totals = [];
  for (const screen of screens) totals.push(print(screen, await measure(browser, screen)));
  console.log('\nFirst-load JavaScript, fresh visitor (KB = 1024 bytes)');
  console.log('| screen | JS files | raw KB | gzip -9 KB |');
  console.log('| --- | ---: | ---: | ---: |');
  for (const row of totals) console.log(`| ${row.screen} | ${row.count} | ${kb(row.raw)} | ${kb(row.gzip)} |`);
} finally {
  await browser?.close();
  await server.stop();
}
