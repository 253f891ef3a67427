/**
 * What a search query needs of a job's words, read from PostgreSQL's text form of its tsquery
 * (`websearch_to_tsquery(...)::text`, e.g. `'python' & 'data' <-> 'analyst' | !'java'`), so the
 * result cache can tell which answers a changed job can reach (docs/decisions/006, "The result
 * cache"). A phrase needs all its words (where they stand is told by `phraseMatches`, from a job's
 * positions), and an excluded word needs nothing: so `mayMatch` says true for every job the query
 * can find, and for a few more.
 */
export type Term = string | { and: Term[] } | { or: Term[] } | { not: Term } | Phrase;

/**
 * Words that must stand in this order: `gaps[i]` is how many positions word i + 1 stands after word
 * i (`<->` is 1; `<2>` where a stop word stood between them, as websearch_to_tsquery writes it).
 */
export interface Phrase {
  phrase: string[];
  gaps: number[];
}

/**
 * The lexemes a query's text names (excluded ones too), and the query as terms, or null when it has
 * none (stop words only) or a form this reader does not know (a prefix or weight mark, an escaped
 * character): such an answer can be reached by any job.
 */
export function readTsquery(text: string): { lexemes: string[]; terms: Term | null; phrase?: true } {
  const lexemes: string[] = [];
  const tokens: string[] = [];
  let known = true;
  let phrase = false;
  const pattern = /\s*(?:'((?:[^']|'')*)'(:\S+)?|(<->|<\d+>|&|\||!|\(|\)))/y;
  const query = text.trimEnd();
  let at = 0;
  while (at < query.length) {
    pattern.lastIndex = at;
    const m = pattern.exec(query);
    if (!m) {
      // Not a form it knows: the terms are not read, the lexemes further on still are.
      known = false;
      at++;
      continue;
    }
    at = pattern.lastIndex;
    if (m[1] !== undefined) {
      const lexeme = m[1].replace(/''/g, "'");
      lexemes.push(lexeme);
      if (m[2] !== undefined || lexeme.includes('\\')) known = false;
      tokens.push(`'${lexeme}`);
    } else {
      const operator = m[3]!;
      phrase ||= operator.startsWith('<');
      tokens.push(operator === '<->' ? '<1>' : operator);
    }
  }
  // `phrase`: the query has one (a job with all its words may still not match).
  return { lexemes, terms: known ? termsOf(tokens) : null, ...(phrase ? { phrase: true as const } : {}) };
}

function termsOf(tokens: string[]): Term | null {
  if (!tokens.length) return null;
  let i = 0;
  // Precedence as PostgreSQL's: ! binds tightest, then <->, then &, then |. A phrase is read when it
  // joins words only (websearch_to_tsquery writes no other); any other is a form not read.
  const anyOf = (): Term | null => {
    const parts = [allOf()];
    while (tokens[i] === '|') {
      i++;
      parts.push(allOf());
    }
    return parts.includes(null) ? null : parts.length === 1 ? parts[0]! : { or: parts as Term[] };
  };
  const allOf = (): Term | null => {
    const parts = [phraseOf()];
    while (tokens[i] === '&') {
      i++;
      parts.push(phraseOf());
    }
    return parts.includes(null) ? null : parts.length === 1 ? parts[0]! : { and: parts as Term[] };
  };
  const phraseOf = (): Term | null => {
    const first = unary();
    if (!tokens[i]?.startsWith('<')) return first;
    if (typeof first !== 'string') return null;
    const words = [first];
    const gaps: number[] = [];
    while (tokens[i]?.startsWith('<')) {
      const gap = Number(tokens[i++]!.slice(1, -1));
      const next = unary();
      if (typeof next !== 'string' || !Number.isInteger(gap)) return null;
      words.push(next);
      gaps.push(gap);
    }
    return { phrase: words, gaps };
  };
  const unary = (): Term | null => {
    const token = tokens[i++];
    if (token === undefined) return null;
    if (token === '!') {
      const inner = unary();
      return inner === null ? null : { not: inner };
    }
    if (token === '(') {
      const inner = anyOf();
      return tokens[i++] === ')' ? inner : null;
    }
    return token.startsWith("'") ? token.slice(1) : null;
  };
  const term = anyOf();
  return i === tokens.length ? term : null;
}

/** Whether a job whose words are among `lexemes` may be found by the query (an excluded word never rules it out here). */
export function mayMatch(term: Term, lexemes: ReadonlySet<string>): boolean {
  if (typeof term === 'string') return lexemes.has(term);
  if ('phrase' in term) return term.phrase.every((word) => lexemes.has(word));
  if ('and' in term) return term.and.every((t) => mayMatch(t, lexemes));
  if ('or' in term) return term.or.some((t) => mayMatch(t, lexemes));
  return true;
}

/**
 * Few words one of which every job the query may match has (`mayMatch`), or null when it may match
 * a job without any particular word (`-java` alone): what a cache indexes an answer by. Of the
 * terms that all must match, one is enough, the one needing the fewest words (the longest word
 * first, as longer words are rarer); of alternatives, each one's.
 */
export function keyWords(term: Term): string[] | null {
  if (typeof term === 'string') return [term];
  if ('phrase' in term) return term.phrase.length ? [term.phrase.reduce((a, b) => (b.length > a.length ? b : a))] : null;
  if ('not' in term) return null;
  if ('or' in term) {
    const words = new Set<string>();
    for (const part of term.or) {
      const some = keyWords(part);
      if (!some) return null;
      for (const word of some) words.add(word);
    }
    return [...words];
  }
  let best: string[] | null = null;
  for (const part of term.and) {
    const some = keyWords(part);
    if (some && (!best || some.length < best.length || (some.length === best.length && some[0]!.length > best[0]!.length))) best = some;
  }
  return best;
}

/** A job's words and where they stand, from its vector's text form (`'data':1,5B 'scienc':2`). */
export type Positions = ReadonlyMap<string, readonly number[]>;

export function positionsOf(vector: string): Positions {
  const positions = new Map<string, number[]>();
  for (const m of vector.matchAll(/'((?:[^'\\]|''|\\.)*)'(?::([0-9A-D,]+))?/g)) {
    const lexeme = m[1]!.replace(/''/g, "'").replace(/\\(.)/g, '$1');
    positions.set(lexeme, m[2] ? m[2].split(',').map((p) => parseInt(p, 10)) : []);
  }
  return positions;
}

/**
 * Whether the phrase's words stand in a job's text as it asks (the first at some position p, each
 * next one its gap further on), as PostgreSQL's `@@` tells it; undefined when PostgreSQL may tell
 * otherwise: a word kept without positions, or at the last position a vector records (16,383, where
 * every later word is put too), or with as many positions as it keeps (256, the rest dropped).
 */
export function phraseMatches(p: Phrase, positions: Positions): boolean | undefined {
  const lists = p.phrase.map((word) => positions.get(word));
  if (lists.some((list) => list === undefined)) return false;
  if (lists.some((list) => !list!.length || list!.length >= 256 || list!.includes(16_383))) return undefined;
  const offsets = [0];
  for (const gap of p.gaps) offsets.push(offsets[offsets.length - 1]! + gap);
  return lists[0]!.some((start) => lists.every((list, k) => list!.includes(start + offsets[k]!)));
}
