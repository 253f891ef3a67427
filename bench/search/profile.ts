// Where a server's processor time went during one run of a benchmark, read from the V8 CPU
// profiles `node --cpu-prof` writes as the process ends (one file per thread: the main thread and
// each worker). A profile covers the whole process, warm-ups included; this takes out the samples
// between two moments of the benchmark's own clock. Both processes read the same clock: V8 stamps
// its samples, and `process.hrtime` reads, the machine's monotonic clock in microseconds.
import fs from 'node:fs';
import path from 'node:path';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** The monotonic clock in microseconds, as V8's profiles stamp their samples. */
export const monotonicMicros = () => Number(process.hrtime.bigint() / 1000n);

export interface ThreadSlice {
  /** The profile's file name (Node names it by process and thread id). */
  file: string;
  /** Processor time sampled in the window (every sample but idle), ms. */
  busyMs: number;
  garbageMs: number;
  /** The functions the samples were in, by time spent in them alone, most first. */
  self: Array<[string, number]>;
  /** The server's own functions (apps/server), by time spent in them and what they called. */
  total: Array<[string, number]>;
}

const frameName = ({ callFrame: f }: ProfileNode) =>
  `${f.functionName || '(anonymous)'}${f.url ? ` ${path.basename(f.url)}:${f.lineNumber + 1}` : ''}`;

/** One thread's samples between `from` and `to` (monotonic µs), the `top` biggest of each list. */
export function sliceProfile(file: string, from: number, to: number, top = 12): ThreadSlice {
  const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as CpuProfile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const self = new Map<string, number>();
  const total = new Map<string, number>();
  let busy = 0;
  let garbage = 0;
  let at = profile.startTime;
  // A sample stands for the time until the next one.
  for (let i = 0; i < profile.samples.length; i++) {
    at += profile.timeDeltas[i] ?? 0;
    const next = at + (profile.timeDeltas[i + 1] ?? 0);
    if (at < from || at >= to) continue;
    const node = byId.get(profile.samples[i]!)!;
    const name = frameName(node);
    if (node.callFrame.functionName === '(idle)') continue;
    const weight = (next - at) / 1000;
    busy += weight;
    if (node.callFrame.functionName === '(garbage collector)') garbage += weight;
    self.set(name, (self.get(name) ?? 0) + weight);
    const seen = new Set<string>();
    for (let id: number | undefined = node.id; id !== undefined; id = parent.get(id)) {
      const frame = byId.get(id)!;
      if (!frame.callFrame.url.includes('/apps/server/src/')) continue;
      const key = frameName(frame);
      if (seen.has(key)) continue; // a recursive call counts once
      seen.add(key);
      total.set(key, (total.get(key) ?? 0) + weight);
    }
  }
  const biggest = (m: Map<string, number>) => [...m].sort((a, b) => b[1] - a[1]).slice(0, top);
  return { file: path.basename(file), busyMs: busy, garbageMs: garbage, self: biggest(self), total: biggest(total) };
}

/** The profiles in `dir` written after `since` (ms since the epoch), one per thread of the process. */
export const profilesSince = (dir: string, since: number) =>
  fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.cpuprofile'))
    .map((f) => path.join(dir, f))
    .filter((f) => fs.statSync(f).mtimeMs >= since);

export const printSlice = (s: ThreadSlice, log: (line: string) => void) => {
  const list = (entries: Array<[string, number]>) => entries.map(([name, v]) => `${name} ${v.toFixed(0)}`).join('; ');
  log(`    ${s.file}: ${(s.busyMs / 1000).toFixed(2)} s busy, ${(s.garbageMs / 1000).toFixed(2)} s collecting garbage`);
  log(`      alone (ms): ${list(s.self)}`);
  log(`      with what they called (ms): ${list(s.total)}`);
};
