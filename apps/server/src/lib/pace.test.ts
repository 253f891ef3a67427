import { describe, expect, it } from 'vitest';
import { inSlices, pacer } from './pace';

/** Busy for `ms` (the work a slice measures). */
const spin = (ms: number) => {
  const until = performance.now() + ms;
  while (performance.now() < until);
};

describe('inSlices', () => {
  it('runs steps in slices, letting waiting work in between once a slice has run its time', async () => {
    const order: string[] = [];
    function* steps() {
      order.push('a');
      yield;
      order.push('b');
      yield;
      order.push('c');
      return 7;
    }
    setImmediate(() => order.push('waiting'));
    expect((await inSlices(steps(), 0)).value).toBe(7);
    expect(order).toEqual(['a', 'waiting', 'b', 'c']);
    order.length = 0;
    setImmediate(() => order.push('waiting'));
    const { value, busyMs } = await inSlices(steps(), 60_000);
    expect([value, order]).toEqual([7, ['a', 'b', 'c']]);
    expect(busyMs).toBeGreaterThanOrEqual(0);
  });
});

describe('pacer', () => {
  it('runs the work in order, answering each its result or its failure', async () => {
    const pace = pacer(5);
    const done: number[] = [];
    const results = [1, 2, 3].map((n) => pace(() => (done.push(n), n * 10)));
    const failed = pace(() => {
      throw new Error('no');
    });
    expect(await Promise.all(results)).toEqual([10, 20, 30]);
    await expect(failed).rejects.toThrow('no');
    expect(done).toEqual([1, 2, 3]);
  });

  it('lets the event loop in between pieces once a run has taken the slice', async () => {
    const pace = pacer(4);
    const order: string[] = [];
    const pieces = Array.from({ length: 6 }, (_, i) =>
      pace(() => {
        spin(1.5);
        order.push(`piece ${i}`);
      }),
    );
    // Due on the next turn of the event loop: it runs after the first slice, not after all six pieces.
    setImmediate(() => order.push('the event loop'));
    await Promise.all(pieces);
    const turn = order.indexOf('the event loop');
    expect(turn).toBeGreaterThan(0);
    expect(turn).toBeLessThan(6);
    expect(order.filter((o) => o.startsWith('piece'))).toEqual(Array.from({ length: 6 }, (_, i) => `piece ${i}`));
  });
});
