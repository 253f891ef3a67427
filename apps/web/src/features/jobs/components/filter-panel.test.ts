import { describe, expect, it } from 'vitest';
import { parseAmount } from './filter-panel';

describe('parseAmount', () => {
  it('reads amounts as people write them', () => {
    expect(parseAmount('90000')).toBe(90000);
    expect(parseAmount('90,000')).toBe(90000);
    expect(parseAmount(' 90 000 ')).toBe(90000);
    expect(parseAmount('1.200.000')).toBe(1200000);
  });

  it('answers null for nothing, NaN for what is not an amount, and caps huge ones', () => {
    expect(parseAmount('')).toBeNull();
    expect(parseAmount('  ')).toBeNull();
    expect(parseAmount('lots')).toBeNaN();
    expect(parseAmount('-5')).toBeNaN();
    expect(parseAmount('99999999999')).toBe(10_000_000);
  });
});
