// The Zipf search mix of bench/search/mix.ts two ways in one run: through the cluster's HAProxy (3
// processes, the replica taking reads, the cache in Redis), then one API process on the primary
// alone (no replica, no Redis: its cache in its memory), each after every distinct search was asked once.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ms, stats, type Stats } from '../common';
import { zipf } from '../search/mix';
import { createRandom } from '../../apps/server/src/seed/job-text';
import type { ApiCluster } from '../../apps/server/src/test/api-cluster';
import { freePort } from '../../apps/server/src/test/local-cluster';
import { waitFor } from '../../apps/server/src/test/wait';

const mainPath = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../apps/server/src/main.ts');

export type ZipfResult = Stats & { label: string; perSecond: number; errors: number };

/** 32 clients asking the mix for `seconds` at `target`, after each search was asked once. */
async function zipfRun(
  target: string,
  label: string,
  searches: string[],
  seconds: number,
  log: (line: string) => void,
): Promise<ZipfResult> {
  const draw = zipf(searches.length, 1.1, createRandom(7));
  let next = 0;
  const warm = async () => {
    for (let i = next++; i < searches.length; i = next++) await fetch(`${target}/api/jobs/?${searches[i]}`).then((r) => r.arrayBuffer());
  };
  await Promise.all(Array.from({ length: 32 }, warm));
  const latencies: number[] = [];
  let errors = 0;
  const until = Date.now() + seconds * 1000;
  const worker = async () => {
    while (Date.now() < until) {
      const t = performance.now();
      const res = await fetch(`${target}/api/jobs/?${searches[draw()]}`).catch(() => undefined);
      await res?.arrayBuffer();
      if (!res || res.status >= 500) errors++;
      latencies.push(performance.now() - t);
    }
  };
  await Promise.all(Array.from({ length: 32 }, worker));
  const st = stats(latencies);
  const perSecond = latencies.length / seconds;
  log(`  ${label.padEnd(52)} ${perSecond.toFixed(0).padStart(6)} req/s  p50 ${ms(st.p50)} ms  p95 ${ms(st.p95)} ms  errors ${errors}`);
  return { label, perSecond, ...st, errors };
}

export async function compareZipf(
  cluster: ApiCluster,
  searches: string[],
  seconds: number,
  log: (line: string) => void,
): Promise<[ZipfResult, ZipfResult]> {
  const throughCluster = await zipfRun(cluster.url, 'HAProxy → 3 processes, replica reads, Redis cache', searches, seconds, log);
  const port = await freePort(8240, 8299);
  const { DATABASE_REPLICA_URL: _replicas, REDIS_URL: _redis, ...alone } = cluster.env;
  const single = spawn(process.execPath, ['--import', 'tsx', mainPath], {
    env: { ...process.env, ...alone, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  single.stderr.on('data', (chunk: Buffer) => (errors = (errors + chunk.toString()).slice(-2000)));
  const exited = new Promise((resolve) => single.once('exit', resolve));
  try {
    await waitFor(
      'the single process to answer',
      async () => {
        // One that ended (e.g. the database lacks a migration of newer code) says why, rather than being waited for.
        if (single.exitCode !== null) throw new Error(`the single API process ended (${single.exitCode}): ${errors.trim()}`);
        return (await fetch(`http://127.0.0.1:${port}/readyz`).catch(() => null))?.ok === true;
      },
      {
        timeoutMs: 90_000,
        everyMs: 200,
      },
    );
    const onePrimary = await zipfRun(`http://127.0.0.1:${port}`, 'one process on the primary alone, memory cache', searches, seconds, log);
    return [throughCluster, onePrimary];
  } finally {
    single.kill('SIGTERM');
    await exited;
  }
}
