/**
 * What a search query needs of a job's words, read from PostgreSQL's text form of its tsquery
 * (`websearch_to_tsquery(...)::text`, e.g. `'python' & 'data' <-> 'analyst' | !'java'`), so the
 * result cache can tell which answers a changed job can reach (docs/decisions/006, "The result
 * cache"). A phrase needs all its words (where they stand is not known here), and an excluded word
 * needs nothing: so `mayMatch` says true for every job the query can find, and for a few more.
 */
export type Term = string | { and: Term[] } | { or: Term[] } | { not: Term };

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
      phrase ||= m[3]!.startsWith('<');
      tokens.push(phrase && m[3]!.startsWith('<') ? '<->' : m[3]!);
    }
  }
  // `phrase`: the terms read a phrase as all its words (a job with them all may still not match).
  return { lexemes, terms: known ? termsOf(tokens) : null, ...(phrase ? { phrase: true as const } : {}) };
}

function termsOf(tokens: string[]): Term | null {
  if (!tokens.length) return null;
  let i = 0;
  // Precedence as PostgreSQL's: ! binds tightest, then <->, then &, then |.
  const anyOf = (): Term | null => {
    const parts = [allOf()];
    while (tokens[i] === '|') {
      i++;
      parts.push(allOf());
    }
    return parts.includes(null) ? null : parts.length === 1 ? parts[0]! : { or: parts as Term[] };
  };
  const allOf = (): Term | null => {
    // A phrase (a <-> b) needs both words, as `&` does.
    const parts = [unary()];
    while (tokens[i] === '&' || tokens[i] === '<->') {
      i++;
      parts.push(unary());
    }
    return parts.includes(null) ? null : parts.length === 1 ? parts[0]! : { and: parts as Term[] };
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
  if ('and' in term) return term.and.every((t) => mayMatch(t, lexemes));
  if ('or' in term) return term.or.some((t) => mayMatch(t, lexemes));
  return true;
}

/** The words a job must have one of to be found (not those under an exclusion). */
export function wordsOf(term: Term): string[] {
  if (typeof term === 'string') return [term];
  if ('and' in term) return term.and.flatMap(wordsOf);
  if ('or' in term) return term.or.flatMap(wordsOf);
  return [];
}

/** Whether the query can find jobs without any particular word (`-java` alone): any job can reach its answer. */
export const needsNoWord = (term: Term): boolean => mayMatch(term, new Set());
