// How fast the machine is at a moment, beside each run of the benchmark: a run twice as slow as
// another on the same code and data can be the code (more work) or the machine (the same work done
// slower, on a virtual machine whose host is busy). Hardware counters, which would tell the two
// apart, are not offered here (perf stat: instructions "not supported"), so the benchmark times
// a fixed piece of work before and after each run, and reads the time the hypervisor says it took
// from this machine (steal, in /proc/stat).
import fs from 'node:fs';
import { createRandom } from '../../apps/server/src/db/seed/job-text';

/** Milliseconds for one fixed piece of work (sorting and summing numbers, building strings): the median of five. */
export function fixedWorkMs(): number {
  const times: number[] = [];
  for (let round = 0; round < 5; round++) {
    const random = createRandom(42);
    const started = performance.now();
    const numbers = Array.from({ length: 100_000 }, () => random());
    numbers.sort((a, b) => a - b);
    const keys = new Map<string, number>();
    for (let i = 0; i < 50_000; i++) keys.set(`search=${Math.floor(numbers[i]! * 1e6)}&page=${i % 7}`, i);
    let sum = 0;
    for (const [key, v] of keys) sum += key.length + v;
    if (sum < 0) throw new Error('unreachable'); // keeps the work from being optimised away
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b)[2]!;
}

/** The machine's steal time so far, in ms (every core), or undefined without /proc/stat. */
export function stealMs(): number | undefined {
  try {
    const fields = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/);
    // cpu user nice system idle iowait irq softirq steal …, in clock ticks (100 a second)
    return Number(fields[8]) * 10;
  } catch {
    return undefined;
  }
}
