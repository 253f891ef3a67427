import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createClassSetter, createPriorityGuard, mayLeaveIdleClass, threadId, type SchedulingClass } from './search-thread-priority';

describe('the search thread priority guard', () => {
  let calls: Array<[number, SchedulingClass]>;
  const setClass = async (tid: number, to: SchedulingClass) => {
    calls.push([tid, to]);
    return true;
  };
  beforeEach(() => {
    calls = [];
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
  });
  afterEach(() => vi.useRealTimers());

  it('lifts the thread once a request has waited liftAfterMs, and lets it down dropAfterMs after the last long wait', () => {
    const guard = createPriorityGuard({ setClass, liftAfterMs: 100, dropAfterMs: 2000 });
    guard.started(42);
    expect(guard.state()).toEqual({ idle: true, lifts: 0 });
    // Answered in time: no lift.
    guard.asked(1);
    vi.advanceTimersByTime(60);
    guard.answered(1);
    vi.advanceTimersByTime(500);
    expect(calls).toEqual([]);
    // Waiting past 100 ms: lifted.
    guard.asked(2);
    vi.advanceTimersByTime(99);
    expect(calls).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(calls).toEqual([[42, 'normal']]);
    expect(guard.state()).toEqual({ idle: false, lifts: 1 });
    // Still waiting at 1.5 s, answered at 1.6 s: the long wait ends then, so the drop comes 2 s later.
    vi.advanceTimersByTime(1500);
    guard.answered(2);
    vi.advanceTimersByTime(1999);
    expect(guard.state().idle).toBe(false);
    vi.advanceTimersByTime(1);
    expect(calls).toEqual([
      [42, 'normal'],
      [42, 'idle'],
    ]);
    expect(guard.state()).toEqual({ idle: true, lifts: 1 });
    // And lifts again.
    guard.asked(3);
    vi.advanceTimersByTime(100);
    expect(calls.at(-1)).toEqual([42, 'normal']);
    expect(guard.state().lifts).toBe(2);
    guard.stop();
  });

  it('measures each wait from its own start, and never lifts a thread not in the idle class', () => {
    const guard = createPriorityGuard({ setClass, liftAfterMs: 100, dropAfterMs: 2000 });
    guard.asked(1);
    vi.advanceTimersByTime(500);
    expect(calls).toEqual([]);
    guard.answered(1);
    guard.started(7);
    guard.asked(2);
    vi.advanceTimersByTime(50);
    guard.asked(3);
    guard.answered(2);
    // 3 has waited 50 ms: not yet.
    vi.advanceTimersByTime(50);
    expect(calls).toEqual([]);
    vi.advanceTimersByTime(50);
    expect(calls).toEqual([[7, 'normal']]);
    // A thread that stopped (started(undefined)) is never set again.
    guard.started(undefined);
    vi.advanceTimersByTime(5000);
    expect(calls).toEqual([[7, 'normal']]);
    guard.stop();
  });
});

describe.runIf(process.platform === 'linux')('scheduling classes on Linux', () => {
  const hasChrt = () => (process.env.PATH ?? '').split(':').some((dir) => dir !== '' && fs.existsSync(`${dir}/chrt`));
  /** A child process of ours (its main thread's id is its pid), and its scheduling policy read from /proc (0 normal, 5 idle). */
  const childThread = () => {
    const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 10000)'], { stdio: 'ignore' });
    const tid = child.pid!;
    const policy = () => Number(fs.readFileSync(`/proc/${tid}/stat`, 'utf8').split(') ')[1]!.split(' ')[41 - 3]);
    return { child, tid, policy };
  };

  it('may lift a thread out of the idle class as root with CAP_SYS_NICE, and sets and reads one back', async () => {
    const status = fs.readFileSync('/proc/self/status', 'utf8');
    const capabilities = BigInt(`0x${/^CapEff:\s*([0-9a-f]+)$/m.exec(status)![1]}`);
    const chrt = hasChrt();
    const sysNice = ((capabilities >> 23n) & 1n) === 1n;
    if (sysNice) expect(mayLeaveIdleClass(10)).toBe(chrt);
    if (!chrt) {
      expect(mayLeaveIdleClass(10)).toBe(false);
      return;
    }
    // A thread of a child process of ours, moved to the idle class and back.
    const { child, tid, policy } = childThread();
    const setter = createClassSetter();
    try {
      expect(policy()).toBe(0);
      expect(await setter.set(tid, 'idle')).toBe(true);
      expect(policy()).toBe(5);
      expect(await setter.set(tid, 'normal')).toBe(mayLeaveIdleClass(0));
      if (mayLeaveIdleClass(0)) expect(policy()).toBe(0);
    } finally {
      setter.close();
      child.kill();
    }
    expect(fs.readdirSync('/proc/self/task')).toContain(String(threadId()));
  });

  it('sets classes through one shell started once (not a process a change), and starts another if it ends', async () => {
    if (!hasChrt()) return;
    const { child, tid, policy } = childThread();
    const setter = createClassSetter();
    try {
      const back = mayLeaveIdleClass(0);
      for (let i = 0; i < 10; i++) {
        expect(await setter.set(tid, 'idle')).toBe(true);
        expect(policy()).toBe(5);
        expect(await setter.set(tid, 'normal')).toBe(back);
        if (back) expect(policy()).toBe(0);
      }
      // Asked together, answered in order.
      const both = await Promise.all([setter.set(tid, 'idle'), setter.set(999_999_999, 'idle'), setter.set(tid, 'normal')]);
      expect(both).toEqual([true, false, back]);
      expect(setter.started()).toBe(1);
      // A shell that ended: the next change starts another.
      const shells = execFileSync('pgrep', ['-P', String(process.pid), '-f', 'while read -r tid cls'], { encoding: 'utf8' })
        .trim()
        .split('\n');
      expect(shells).toHaveLength(1);
      process.kill(Number(shells[0]), 'SIGKILL');
      await new Promise((r) => setTimeout(r, 100));
      expect(await setter.set(tid, 'idle')).toBe(true);
      expect(policy()).toBe(5);
      expect(setter.started()).toBe(2);
    } finally {
      setter.close();
      child.kill();
    }
  });
});
