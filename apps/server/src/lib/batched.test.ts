import { describe, expect, it } from 'vitest';
import { batched } from './batched';

describe('batched', () => {
  it('makes one call of the asks made in one synchronous run, answering each its own, and a new call for later asks', async () => {
    const calls: number[][] = [];
    const double = batched(async (asks: number[]) => {
      calls.push(asks);
      return asks.map((n) => n * 2);
    });
    const first = [double(1), double(2), double(3)];
    expect(calls).toEqual([]);
    expect(await Promise.all(first)).toEqual([2, 4, 6]);
    expect(await double(5)).toBe(10);
    expect(calls).toEqual([[1, 2, 3], [5]]);
  });

  it('passes a failure on to every caller of that call only', async () => {
    let fail = true;
    const read = batched(async (asks: string[]) => {
      if (fail) throw new Error('database down');
      return asks;
    });
    const failed = [read('a'), read('b')];
    for (const f of failed) await expect(f).rejects.toThrow('database down');
    fail = false;
    await expect(read('c')).resolves.toBe('c');
  });
});
