// The processor time of the PostgreSQL server on this machine, read from /proc: every postgres
// process's own time, plus what the postmaster was told its ended children used (the connections
// closed since it started). The benchmark takes a run's share as the time after less the time
// before, beside the API server's own (bench/search/server.ts `cpuMs`). Undefined where /proc does
// not show a postgres process (a server on another machine).
//
// One reading walks /proc a process at a time, so a connection that ends during the walk can be
// missed: read after the postmaster (its time not yet among the postmaster's ended children) but
// gone by the time its own entry is read. That is what a run's writer does as it closes its
// connections at the run's end (a run once read 0.1 s for 201 writes). So a reading is taken twice
// in a row and kept only when no postgres process began or ended and the postmaster reaped none in
// between: then no connection's time moved during the first walk.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

let ticksPerSecond: number | undefined;

interface Walk {
  ticks: number;
  /** The postgres processes seen, and the time of the ended children each was told of. */
  seen: string;
}

function walk(): Walk | undefined {
  const processes: Array<{ pid: number; ppid: number; own: number; children: number }> = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (fs.readFileSync(`/proc/${entry}/comm`, 'utf8').trim() !== 'postgres') continue;
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      // Fields after the command's closing parenthesis: state ppid … utime stime cutime cstime (3, 4, 14-17).
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const at = (field: number) => Number(fields[field - 3]);
      processes.push({ pid: Number(entry), ppid: at(4), own: at(14) + at(15), children: at(16) + at(17) });
    } catch {
      // Gone (reaped) while it was read: the next walk tells whether its time moved meanwhile.
    }
  }
  if (!processes.length) return undefined;
  const pids = new Set(processes.map((p) => p.pid));
  const ticks = processes.reduce((sum, p) => sum + p.own + (pids.has(p.ppid) ? 0 : p.children), 0);
  return { ticks, seen: processes.map((p) => `${p.pid}:${p.children}`).join(',') };
}

export function postgresCpuMs(): number | undefined {
  ticksPerSecond ??= Number(execFileSync('getconf', ['CLK_TCK']).toString()) || 100;
  let first = walk();
  for (let tries = 0; first && tries < 100; tries++) {
    const second = walk();
    if (!second) return undefined;
    if (second.seen === first.seen) return (1000 * first.ticks) / ticksPerSecond;
    first = second;
  }
  if (first) throw new Error('PostgreSQL processes kept beginning or ending: no steady reading of their processor time in 100 tries');
  return undefined;
}
