/**
 * The search thread's scheduling class (decision 006, "The search thread"). Its catch-ups are upkeep:
 * in Linux's idle class (SCHED_IDLE) it runs only on a core no other thread wants, and a thread of
 * the normal class waking there (the server thread, with a request) takes the core at once, where a
 * nice value only weighs shares. But a thread in the idle class gets almost nothing while both
 * cores are busy with other work, and a search its copy cannot answer waits for it: so the server
 * thread lifts it back into the normal class (at its nice value) as soon as a request has waited
 * for it `liftAfterMs`, and lets it down again once none has for `dropAfterMs`.
 *
 * Leaving the idle class takes CAP_SYS_NICE (or an RLIMIT_NICE that allows the thread's nice value):
 * a process that may not is never put there (its search thread keeps only its nice value), so a
 * search can never be left waiting behind a thread it cannot lift.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';

export type SchedulingClass = 'idle' | 'normal';

const chrtFlag = (to: SchedulingClass) => (to === 'idle' ? '--idle' : '--other');

/**
 * Sets threads' scheduling classes with util-linux's `chrt` (Node has no call for it), each change
 * resolving whether it was set (the nice value stays as it is): the guard's `setClass`. It starts
 * one small shell once and hands it each change as a line, the shell running `chrt` for it.
 * Starting a process from the server thread for each change held that thread for the fork of its
 * whole heap: 15-25 ms each time under load, 337 ms of the server thread for 16 lifts and drops in
 * one profiled 10-second benchmark run, requests waiting meanwhile. Writing a line to a pipe takes
 * microseconds. A change the shell does not answer within `timeoutMs` resolves false (its answer,
 * if it comes, is still taken in turn); a shell that ended is started again at the next change.
 */
export function createClassSetter({ timeoutMs = 5000 }: { timeoutMs?: number } = {}) {
  let shell: ChildProcess | undefined;
  /** The changes asked of the shell, in order; it answers each with a line (1: set, 0: not). */
  const pending: Array<(set: boolean) => void> = [];
  let started = 0;

  function start(): ChildProcess {
    started++;
    const child = spawn(
      '/bin/sh',
      ['-c', 'while read -r tid cls; do if chrt "$cls" --pid 0 "$tid" 2>/dev/null; then echo 1; else echo 0; fi; done'],
      { stdio: ['pipe', 'pipe', 'ignore'] },
    );
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      let end: number;
      while ((end = out.indexOf('\n')) >= 0) {
        const line = out.slice(0, end);
        out = out.slice(end + 1);
        pending.shift()?.(line === '1');
      }
    });
    const ended = () => {
      if (shell !== child) return;
      shell = undefined;
      for (const resolve of pending.splice(0)) resolve(false);
    };
    child.on('exit', ended);
    child.on('error', ended);
    child.stdin!.on('error', ended);
    // Neither the shell nor its pipes keep the process alive.
    child.unref();
    (child.stdin as unknown as { unref?: () => void }).unref?.();
    (child.stdout as unknown as { unref?: () => void }).unref?.();
    return child;
  }

  return {
    set(tid: number, to: SchedulingClass): Promise<boolean> {
      shell ??= start();
      const child = shell;
      return new Promise<boolean>((resolve) => {
        let done = false;
        const timer = setTimeout(() => settle(false), timeoutMs);
        timer.unref();
        function settle(set: boolean) {
          if (done) return;
          done = true;
          clearTimeout(timer);
          resolve(set);
        }
        pending.push(settle);
        child.stdin!.write(`${tid} ${chrtFlag(to)}\n`);
      });
    },
    /** How many times a shell was started (one, unless one ended). */
    started: () => started,
    close(): void {
      const child = shell;
      shell = undefined;
      for (const resolve of pending.splice(0)) resolve(false);
      child?.stdin?.end();
      child?.kill();
    },
  };
}

/** This thread's id, on Linux (`/proc/thread-self` is `<pid>/task/<tid>`). */
export function threadId(): number | undefined {
  try {
    const tid = Number(fs.readlinkSync('/proc/thread-self').split('/').pop());
    return Number.isInteger(tid) ? tid : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Whether this process may take a thread at nice value `nice` out of the idle class again: Linux,
 * util-linux's `chrt`, and CAP_SYS_NICE among its effective capabilities (root has it, unless a
 * container drops it) or an RLIMIT_NICE of at least 20 - `nice`.
 */
export function mayLeaveIdleClass(nice: number): boolean {
  if (process.platform !== 'linux') return false;
  const chrt = (process.env.PATH ?? '').split(':').some((dir) => dir !== '' && fs.existsSync(`${dir}/chrt`));
  if (!chrt) return false;
  try {
    const capabilities = /^CapEff:\s*([0-9a-f]+)$/m.exec(fs.readFileSync('/proc/self/status', 'utf8'))?.[1];
    const CAP_SYS_NICE = 23n;
    if (capabilities !== undefined && (BigInt(`0x${capabilities}`) >> CAP_SYS_NICE) & 1n) return true;
    const limit = /^Max nice priority\s+(\S+)/m.exec(fs.readFileSync('/proc/self/limits', 'utf8'))?.[1];
    return limit === 'unlimited' || (limit !== undefined && Number(limit) >= 20 - nice);
  } catch {
    return false;
  }
}

export interface PriorityGuardOptions {
  setClass: (tid: number, to: SchedulingClass) => Promise<boolean>;
  /** A request waiting this long for the search thread lifts it into the normal class. */
  liftAfterMs?: number;
  /** Lifted, it goes back to the idle class once no request has waited `liftAfterMs` for this long. */
  dropAfterMs?: number;
}

/**
 * The server thread's side: told when the search thread is in the idle class (`started`), and when
 * each request to it begins and ends, it lifts and lets it down.
 */
export function createPriorityGuard({ setClass, liftAfterMs = 100, dropAfterMs = 500 }: PriorityGuardOptions) {
  /** The search thread in the idle class (undefined: it is not, or it is not known to be). */
  let tid: number | undefined;
  let lifted = false;
  /** When each request still waiting began (`performance.now()`), by id. */
  const waiting = new Map<number, number>();
  /** When a request was last seen waiting `liftAfterMs` or more. */
  let longWaitAt = -Infinity;
  let liftTimer: NodeJS.Timeout | undefined;
  let dropTimer: NodeJS.Timeout | undefined;
  let lifts = 0;

  const oldestWait = (now: number) => {
    let oldest = now;
    for (const since of waiting.values()) oldest = Math.min(oldest, since);
    return now - oldest;
  };

  function armLift(): void {
    if (tid === undefined || lifted || liftTimer || waiting.size === 0) return;
    const now = performance.now();
    liftTimer = setTimeout(checkLift, Math.max(1, liftAfterMs - oldestWait(now)));
    liftTimer.unref();
  }

  function checkLift(): void {
    liftTimer = undefined;
    if (tid === undefined || lifted) return;
    const now = performance.now();
    if (waiting.size > 0 && oldestWait(now) >= liftAfterMs) lift(now);
    else armLift();
  }

  function lift(now: number): void {
    lifted = true;
    lifts++;
    longWaitAt = now;
    void setClass(tid!, 'normal');
    armDrop();
  }

  function armDrop(): void {
    if (dropTimer) return;
    dropTimer = setTimeout(checkDrop, Math.max(1, longWaitAt + dropAfterMs - performance.now()));
    dropTimer.unref();
  }

  function checkDrop(): void {
    dropTimer = undefined;
    if (tid === undefined || !lifted) return;
    const now = performance.now();
    if (waiting.size > 0 && oldestWait(now) >= liftAfterMs) longWaitAt = now;
    if (now - longWaitAt >= dropAfterMs) {
      lifted = false;
      void setClass(tid, 'idle');
      armLift();
    } else armDrop();
  }

  return {
    /** The search thread `idleTid` runs in the idle class (undefined: a thread that is not). */
    started(idleTid: number | undefined): void {
      tid = idleTid;
      lifted = false;
      waiting.clear();
      clearTimeout(liftTimer);
      clearTimeout(dropTimer);
      liftTimer = dropTimer = undefined;
    },
    /** Request `id` was sent to the search thread. */
    asked(id: number): void {
      waiting.set(id, performance.now());
      armLift();
    },
    /** Request `id` was answered (or failed). */
    answered(id: number): void {
      const since = waiting.get(id);
      waiting.delete(id);
      if (since !== undefined && performance.now() - since >= liftAfterMs) longWaitAt = performance.now();
    },
    /** Whether the search thread is lifted now, and how many times it was. */
    state: () => ({ idle: tid !== undefined && !lifted, lifts }),
    stop(): void {
      clearTimeout(liftTimer);
      clearTimeout(dropTimer);
      tid = undefined;
    },
  };
}
