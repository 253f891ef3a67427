import { describe, expect, it } from 'vitest';
import { keyWords, mayMatch, phraseMatches, positionsOf, readTsquery, type Term } from './query-terms';

/** The query as terms. */
const parseTsquery = (text: string) => readTsquery(text).terms;

describe('what a query needs of a job', () => {
  it("reads PostgreSQL's text form of a tsquery with its precedence: ! before <-> and &, before |", () => {
    expect(parseTsquery("'python'")).toBe('python');
    expect(parseTsquery("'python' & 'develop'")).toEqual({ and: ['python', 'develop'] });
    expect(parseTsquery("'product' <-> 'manag' | 'rust'")).toEqual({ or: [{ phrase: ['product', 'manag'], gaps: [1] }, 'rust'] });
    expect(parseTsquery("'data' <2> 'scienc' & !'java'")).toEqual({ and: [{ phrase: ['data', 'scienc'], gaps: [2] }, { not: 'java' }] });
    expect(parseTsquery("'e-mail' <-> 'e' <-> 'mail' & 'market'")).toEqual({
      and: [{ phrase: ['e-mail', 'e', 'mail'], gaps: [1, 1] }, 'market'],
    });
    expect(parseTsquery("( 'a' | 'b' ) & 'c'")).toEqual({ and: [{ or: ['a', 'b'] }, 'c'] });
    expect(parseTsquery("'o''neil'")).toBe("o'neil");
    // No words, or a form it does not read: null (any job can reach the answer).
    expect(parseTsquery('')).toBeNull();
    expect(parseTsquery("'pyth':*")).toBeNull();
    expect(parseTsquery("'a' &")).toBeNull();
    expect(parseTsquery("( 'a'")).toBeNull();
    expect(parseTsquery("'back\\\\slash'")).toBeNull();
    // A phrase of anything but words (websearch_to_tsquery writes none).
    expect(parseTsquery("!'a' <-> 'b'")).toBeNull();
    expect(parseTsquery("( 'a' | 'b' ) <-> 'c'")).toBeNull();
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
    // Indexed by one word of each alternative (the longest of those that all must stand).
    expect(keyWords(query)!.sort()).toEqual(['develop', 'rust']);
    expect(keyWords(parseTsquery("!'java'")!)).toBeNull();
    expect(keyWords(parseTsquery("'python' | !'java'")!)).toBeNull();
    // A phrase needs all its words, wherever they stand.
    const phrase = parseTsquery("'data' <2> 'scienc'")!;
    expect([mayMatch(phrase, new Set(['scienc', 'data'])), mayMatch(phrase, new Set(['data']))]).toEqual([true, false]);
    expect(keyWords(phrase)).toEqual(['scienc']);
  });

  it('indexes a query by words one of which every job it may match has, and by none when it needs none', () => {
    // Random queries over a few words, against every set of those words.
    const words = ['a', 'bb', 'ccc', 'dddd'];
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    const termOf = (depth: number): Term => {
      const roll = random();
      if (depth === 0 || roll < 0.3) return words[Math.floor(random() * words.length)]!;
      if (roll < 0.4) return { phrase: words.filter(() => random() < 0.5), gaps: [] };
      if (roll < 0.5) return { not: termOf(depth - 1) };
      const parts = Array.from({ length: Math.floor(random() * 3) }, () => termOf(depth - 1));
      return roll < 0.75 ? { and: parts } : { or: parts };
    };
    const sets = Array.from({ length: 1 << words.length }, (_, bits) => new Set(words.filter((_, i) => bits & (1 << i))));
    let indexed = 0;
    for (let i = 0; i < 500; i++) {
      const term = termOf(3);
      const keys = keyWords(term);
      expect(keys === null).toBe(mayMatch(term, new Set()));
      if (keys) indexed++;
      for (const set of sets) if (mayMatch(term, set) && keys) expect(keys.some((word) => set.has(word))).toBe(true);
    }
    expect(indexed).toBeGreaterThan(100);
  });

  it("reads where a job's words stand from its vector, and tells a phrase from them", () => {
    const job = positionsOf("'analyst':3,9B 'data':2,8B 'o''neil':12 'back\\\\slash':13 'senior':1A,7");
    expect(job.get('data')).toEqual([2, 8]);
    expect(job.get('senior')).toEqual([1, 7]);
    expect(job.get("o'neil")).toEqual([12]);
    expect(job.get('back\\slash')).toEqual([13]);
    const phrase = (words: string[], gaps: number[]) => phraseMatches({ phrase: words, gaps }, job);
    expect(phrase(['data', 'analyst'], [1])).toBe(true);
    expect(phrase(['senior', 'data', 'analyst'], [1, 1])).toBe(true);
    expect(phrase(['senior', 'analyst'], [2])).toBe(true);
    expect(phrase(['analyst', 'data'], [1])).toBe(false);
    expect(phrase(['senior', 'analyst'], [1])).toBe(false);
    expect(phrase(['data', 'python'], [1])).toBe(false);
    // Positions PostgreSQL may read otherwise: not told.
    expect(phraseMatches({ phrase: ['a', 'b'], gaps: [1] }, positionsOf("'a':16382 'b':16383"))).toBeUndefined();
    expect(phraseMatches({ phrase: ['a', 'b'], gaps: [1] }, positionsOf("'a' 'b':2"))).toBeUndefined();
  });
});
