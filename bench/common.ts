// What the search and apply benchmarks share: percentiles, and the server under test
// (bench/search/server.ts: buildApp + listen, as main.ts, printing `READY <port>`).
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const serverScript = path.join(path.dirname(fileURLToPath(import.meta.url)), 'search', 'server.ts');

export const quantile = (sorted: number[], q: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]! : NaN;

export interface Stats {
  n: number;
  p50: number;
  p95: number;
  p99: number;
  mean: number;
  max: number;
}

export function stats(samples: number[]): Stats {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    n: sorted.length,
    p50: quantile(sorted, 0.5),
    p95: quantile(sorted, 0.95),
    p99: quantile(sorted, 0.99),
    mean: sorted.reduce((s, x) => s + x, 0) / Math.max(1, sorted.length),
    max: sorted[sorted.length - 1] ?? NaN,
  };
}

export const ms = (x: number) => (Number.isFinite(x) ? x.toFixed(1) : '-');

/** Starts the real server on `databaseUrl` in a child process; answers its base URL once it listens. */
export async function startServer(
  databaseUrl: string,
  env: Record<string, string>,
  nodeArgs: string[] = [],
): Promise<{ base: string; child: ChildProcess }> {
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', serverScript], {
    env: { ...process.env, DATABASE_URL: databaseUrl, SEED_DEMO: 'false', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const match = /READY (\d+)/.exec(out);
      if (match) resolve(Number(match[1]));
    });
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
  return { base: `http://127.0.0.1:${port}`, child };
}

export const stopServer = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
