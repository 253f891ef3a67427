import { describe, expect, it } from 'vitest';
import { freshReader } from './fresh-read';

describe('freshReader', () => {
  it('gives each caller a read that began after its call, sharing reads between concurrent callers', async () => {
    let value = 0;
    let reads = 0;
    const releases: Array<() => void> = [];
    const read = freshReader(
      () =>
        new Promise<number>((resolve) => {
          reads++;
          const seen = value;
          releases.push(() => resolve(seen));
        }),
    );
    const first = read(); // starts read 1, sees 0
    value = 1; // a write lands while read 1 runs
    const second = read(); // must not get read 1's value
    const third = read(); // shares the same next read
    expect(reads).toBe(1);
    releases.shift()!();
    expect(await first).toBe(0);
    await new Promise((r) => setTimeout(r, 0));
    expect(reads).toBe(2);
    releases.shift()!();
    expect(await second).toBe(1);
    expect(await third).toBe(1);
    // With nothing running, a call reads at once.
    value = 2;
    const fourth = read();
    expect(reads).toBe(3);
    releases.shift()!();
    expect(await fourth).toBe(2);
  });

  it('never runs two reads at once, even for a caller that asks again the moment its read ends', async () => {
    let running = 0;
    let most = 0;
    const releases: Array<() => void> = [];
    const read = freshReader(
      () =>
        new Promise<number>((resolve) => {
          most = Math.max(most, ++running);
          releases.push(() => {
            running--;
            resolve(releases.length);
          });
        }),
    );
    const first = read();
    const second = read(); // waits for the next read
    // Asks again as soon as its read ends: before the next read has begun.
    const again = first.then(() => read());
    releases.shift()!();
    await first;
    await new Promise((r) => setTimeout(r, 0));
    expect([running, most]).toEqual([1, 1]);
    releases.shift()!();
    await second;
    await new Promise((r) => setTimeout(r, 0));
    releases.shift()?.();
    await again;
    expect(most).toBe(1);
  });

  it('shares the running read with a caller it began late enough for, and says when it is busy', async () => {
    let clock = 10;
    const began: number[] = [];
    const releases: Array<() => void> = [];
    const read = freshReader(
      (startedAt) =>
        new Promise<number>((resolve) => {
          began.push(startedAt);
          releases.push(() => resolve(startedAt));
        }),
      () => clock,
    );
    expect(read.busy).toBe(false);
    const first = read(); // begins at 10
    expect(read.busy).toBe(true);
    clock = 20;
    const early = read(10); // read 1 began at 10: late enough
    const late = read(11); // read 1 began too early: the next read
    const plain = read(); // without a moment: a read begun after this call, the next one
    expect(began).toEqual([10]);
    releases.shift()!();
    expect(await first).toBe(10);
    expect(await early).toBe(10);
    await new Promise((r) => setTimeout(r, 0));
    expect(began).toEqual([10, 20]);
    releases.shift()!();
    expect(await late).toBe(20);
    expect(await plain).toBe(20);
    await new Promise((r) => setTimeout(r, 0));
    expect(read.busy).toBe(false);
  });

  it('passes a failed read on to its callers, and the next call reads again', async () => {
    let fail = true;
    const read = freshReader(async () => {
      if (fail) throw new Error('database down');
      return 7;
    });
    await expect(read()).rejects.toThrow('database down');
    fail = false;
    await expect(read()).resolves.toBe(7);
  });
});
