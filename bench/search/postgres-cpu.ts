// The processor time of the PostgreSQL server on this machine, read from /proc: every postgres
// process's own time, plus what the postmaster was told its ended children used (the connections
// closed since it started). The benchmark takes a run's share as the time after less the time
// before, beside the API server's own (bench/search/server.ts `cpuMs`). Undefined where /proc does
// not show a postgres process (a server on another machine).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

let ticksPerSecond: number | undefined;

export function postgresCpuMs(): number | undefined {
  ticksPerSecond ??= Number(execFileSync('getconf', ['CLK_TCK']).toString()) || 100;
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
      // the process ended while it was read
    }
  }
  if (!processes.length) return undefined;
  const pids = new Set(processes.map((p) => p.pid));
  const ticks = processes.reduce((sum, p) => sum + p.own + (pids.has(p.ppid) ? 0 : p.children), 0);
  return (1000 * ticks) / ticksPerSecond;
}
