import { describe, expect, it } from 'vitest';
import { mayMatch, needsNoWord, readTsquery, wordsOf } from './query-terms';

/** The query as terms. */
const parseTsquery = (text: string) => readTsquery(text).terms;

describe('what a query needs of a job', () => {
  it("reads PostgreSQL's text form of a tsquery with its precedence: ! before <-> and &, before |", () => {
    expect(parseTsquery("'python'")).toBe('python');
    expect(parseTsquery("'python' & 'develop'")).toEqual({ and: ['python', 'develop'] });
    expect(parseTsquery("'product' <-> 'manag' | 'rust'")).toEqual({ or: [{ and: ['product', 'manag'] }, 'rust'] });
    expect(parseTsquery("'data' <2> 'scienc' & !'java'")).toEqual({ and: ['data', 'scienc', { not: 'java' }] });
    expect(parseTsquery("( 'a' | 'b' ) & 'c'")).toEqual({ and: [{ or: ['a', 'b'] }, 'c'] });
    expect(parseTsquery("'o''neil'")).toBe("o'neil");
    // No words, or a form it does not read: null (any job can reach the answer).
    expect(parseTsquery('')).toBeNull();
    expect(parseTsquery("'pyth':*")).toBeNull();
    expect(parseTsquery("'a' &")).toBeNull();
    expect(parseTsquery("( 'a'")).toBeNull();
    expect(parseTsquery("'back\\\\slash'")).toBeNull();
  });

  it('names every lexeme of the text, excluded ones and those of a form it cannot read too', () => {
    expect(readTsquery("'python' & !'java'")).toEqual({ lexemes: ['python', 'java'], terms: { and: ['python', { not: 'java' }] } });
    expect(readTsquery("'a' & 'pyth':*")).toEqual({ lexemes: ['a', 'pyth'], terms: null });
    expect(readTsquery("'a' ? 'b' ")).toEqual({ lexemes: ['a', 'b'], terms: null });
    expect(readTsquery('')).toEqual({ lexemes: [], terms: null });
  });

  it('says a job may match when it has the words a match needs; an exclusion rules nothing out', () => {
    const query = parseTsquery("'python' & 'develop' | 'rust' & !'java'")!;
    expect(mayMatch(query, new Set(['python', 'develop']))).toBe(true);
    expect(mayMatch(query, new Set(['python', 'senior']))).toBe(false);
    expect(mayMatch(query, new Set(['rust', 'java']))).toBe(true);
    expect(wordsOf(query).sort()).toEqual(['develop', 'python', 'rust']);
    expect(needsNoWord(query)).toBe(false);
    expect(needsNoWord(parseTsquery("!'java'")!)).toBe(true);
    expect(needsNoWord(parseTsquery("'python' | !'java'")!)).toBe(true);
  });
});
