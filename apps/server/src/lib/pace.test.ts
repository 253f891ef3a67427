import { describe, expect, it } from 'vitest';
import { breather, pacer } from './pace';

/** Busy for `ms` (the work a slice measures). */
const spin = (ms: number) => {
  const until = performance.now() + ms;
  while (performance.now() < until);
};

describe('breather', () => {
  it('lets the event loop in once a run has taken the slice, and not before', async () => {
    const breathe = breather(5);
    expect(breathe()).toBeUndefined();
    let turned = false;
    setImmediate(() => (turned = true));
    spin(6);
    const pause = breathe();
    expect(pause).toBeInstanceOf(Promise);
    await pause;
    expect(turned).toBe(true);
    // A new run begins after the pause.
    expect(breathe()).toBeUndefined();
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
