import { describe, expect, it } from 'vitest';
import { dayLabel, linkParts } from './chat-format';

describe('linkParts', () => {
  it('makes http and https addresses links and leaves everything else as text', () => {
    expect(linkParts('See https://example.com/a?b=1, then <b>bold</b> javascript:alert(1).')).toEqual([
      { text: 'See ' },
      { text: 'https://example.com/a?b=1', href: 'https://example.com/a?b=1' },
      { text: ', then <b>bold</b> javascript:alert(1).' },
    ]);
    expect(linkParts('no links here')).toEqual([{ text: 'no links here' }]);
  });
});

describe('dayLabel', () => {
  it('says Today and Yesterday, and the date before that', () => {
    const now = new Date(2026, 10, 25, 12, 0);
    expect(dayLabel(new Date(2026, 10, 25, 1, 0).toISOString(), now)).toBe('Today');
    expect(dayLabel(new Date(2026, 10, 24, 23, 0).toISOString(), now)).toBe('Yesterday');
    expect(dayLabel(new Date(2026, 10, 20, 9, 0).toISOString(), now)).toContain('2026');
  });
});
