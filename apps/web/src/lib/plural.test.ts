import { describe, expect, it } from 'vitest';
import { countOf, nounFor } from './plural';

describe('countOf', () => {
  it('gives the noun the form its count asks for', () => {
    expect(countOf(1, 'application')).toBe('1 application');
    expect(countOf(0, 'application')).toBe('0 applications');
    expect(countOf(2, 'entry', 'entries')).toBe('2 entries');
    expect(countOf(1200, 'job')).toBe(`${(1200).toLocaleString()} jobs`);
    expect(nounFor(1, 'company', 'companies')).toBe('company');
  });
});
