/**
 * The percolator's pure part (docs/decisions/024-job-alerts.md): which tokens an alert is found by.
 *
 * A new job is matched with the alerts that could match it, not with every alert: each alert keeps
 * `anchors`, a set of tokens of which every job it matches has at least one (a cover). A job's
 * tokens are the lexemes of its search vector and a token per filterable value (type, level, remote,
 * currency, company, categories, skills, and the three-letter pieces of its lowered location); the
 * alerts whose anchors meet them (a GIN index) are the candidates, checked in full after. Of the
 * covers an alert's search offers (its words, each filter) the one the fewest jobs have is kept.
 */

/** A parsed tsquery, as PostgreSQL prints one (`'machin' <-> 'learn' & !'java'`). */
export type QueryNode =
  | { kind: 'lexeme'; value: string; prefix: boolean }
  | { kind: 'not'; child: QueryNode }
  | { kind: 'and' | 'or' | 'phrase'; left: QueryNode; right: QueryNode };

/** Reads a tsquery's text form: lexemes in quotes ('' and \ escape), ! <-> <N> & | and parentheses. */
export function parseTsquery(text: string): QueryNode | null {
  type Token = { t: 'lex'; value: string; prefix: boolean } | { t: 'op'; value: '!' | '&' | '|' | '<->' | '(' | ')' };
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (c === ' ') {
      i++;
    } else if (c === "'") {
      let value = '';
      i++;
      for (;;) {
        if (i >= text.length) throw new Error(`unterminated lexeme in tsquery: ${text}`);
        const d = text[i]!;
        if (d === '\\') {
          value += text[i + 1] ?? '';
          i += 2;
        } else if (d === "'" && text[i + 1] === "'") {
          value += "'";
          i += 2;
        } else if (d === "'") {
          i++;
          break;
        } else {
          value += d;
          i++;
        }
      }
      // Weights and the prefix mark (':*', ':AB') follow a lexeme.
      let prefix = false;
      const suffix = /^:([*A-Da-d]+)/.exec(text.slice(i));
      if (suffix) {
        prefix = suffix[1]!.includes('*');
        i += suffix[0].length;
      }
      tokens.push({ t: 'lex', value, prefix });
    } else if (c === '<') {
      const end = text.indexOf('>', i);
      if (end < 0) throw new Error(`bad phrase operator in tsquery: ${text}`);
      tokens.push({ t: 'op', value: '<->' });
      i = end + 1;
    } else if (c === '!' || c === '&' || c === '|' || c === '(' || c === ')') {
      tokens.push({ t: 'op', value: c });
      i++;
    } else {
      throw new Error(`unexpected ${JSON.stringify(c)} in tsquery: ${text}`);
    }
  }
  if (!tokens.length) return null;

  // Precedence, loosest first: | then & then <-> then !.
  let at = 0;
  const peek = () => tokens[at];
  const isOp = (value: string) => {
    const token = peek();
    return token?.t === 'op' && token.value === value;
  };
  function parseOr(): QueryNode {
    let node = parseAnd();
    while (isOp('|')) {
      at++;
      node = { kind: 'or', left: node, right: parseAnd() };
    }
    return node;
  }
  function parseAnd(): QueryNode {
    let node = parsePhrase();
    while (isOp('&')) {
      at++;
      node = { kind: 'and', left: node, right: parsePhrase() };
    }
    return node;
  }
  function parsePhrase(): QueryNode {
    let node = parseNot();
    while (isOp('<->')) {
      at++;
      node = { kind: 'phrase', left: node, right: parseNot() };
    }
    return node;
  }
  function parseNot(): QueryNode {
    if (isOp('!')) {
      at++;
      return { kind: 'not', child: parseNot() };
    }
    if (isOp('(')) {
      at++;
      const inner = parseOr();
      if (!isOp(')')) throw new Error(`unbalanced parentheses in tsquery: ${text}`);
      at++;
      return inner;
    }
    const token = peek();
    if (token?.t !== 'lex') throw new Error(`expected a lexeme in tsquery: ${text}`);
    at++;
    return { kind: 'lexeme', value: token.value, prefix: token.prefix };
  }
  const tree = parseOr();
  if (at !== tokens.length) throw new Error(`trailing input in tsquery: ${text}`);
  return tree;
}

/** A set of tokens of which every matching job has one, and its estimated share of jobs. */
export interface Cover {
  tokens: string[];
  share: number;
}

/**
 * The cheapest cover of a query: a lexeme covers itself; AND and a phrase need both sides, so
 * either side's cover will do (the cheaper); OR needs one side, so both sides' covers together; NOT
 * and a prefix have none (a job without the word matches `!word`).
 */
export function queryCover(node: QueryNode, share: (token: string) => number): Cover | null {
  switch (node.kind) {
    case 'lexeme':
      return node.prefix ? null : { tokens: [node.value], share: share(node.value) };
    case 'not':
      return null;
    case 'and':
    case 'phrase':
      return cheaper(queryCover(node.left, share), queryCover(node.right, share));
    case 'or': {
      const left = queryCover(node.left, share);
      const right = queryCover(node.right, share);
      if (!left || !right) return null;
      return { tokens: [...new Set([...left.tokens, ...right.tokens])], share: Math.min(1, left.share + right.share) };
    }
  }
}

const cheaper = (a: Cover | null, b: Cover | null): Cover | null => (!a ? b : !b ? a : b.share < a.share ? b : a);

/** What starts each filter token (a job has these; an alert's filter is a cover made of them). Never a lexeme: lexemes have no spaces. */
export const tokenPrefix = {
  employmentType: ' type=',
  experienceLevel: ' level=',
  isRemote: ' remote=',
  currency: ' currency=',
  company: ' company=',
  category: ' category=',
  skill: ' skill=',
  /** Three characters of a lowered location (a place typed in the filter is found anywhere in the job's location). */
  place: ' place=',
} as const;

export const filterToken = {
  employmentType: (value: string) => tokenPrefix.employmentType + value,
  experienceLevel: (value: string) => tokenPrefix.experienceLevel + value,
  isRemote: (value: boolean) => tokenPrefix.isRemote + String(value),
  currency: (value: string) => tokenPrefix.currency + value,
  company: (id: number) => tokenPrefix.company + String(id),
  category: (id: number) => tokenPrefix.category + String(id),
  skill: (id: number) => tokenPrefix.skill + String(id),
  place: (piece: string) => tokenPrefix.place + piece,
};

/** An alert's search, parsed: the query's text form (null: no words) and the filters. */
export interface AlertFilters {
  /** The tsquery as PostgreSQL printed it, or null without words. */
  queryText: string | null;
  /** The location filter, lowered by the database (as ILIKE lowers it). */
  loweredLocation: string | null;
  employmentTypes?: string[];
  experienceLevels?: string[];
  categories?: number[];
  skills?: number[];
  isRemote?: boolean;
  currency?: string;
  company?: number;
}

/** The cheapest cover of a whole alert (its words and its filters all hold, so any one of their covers will do); null: none. */
export function alertAnchors(f: AlertFilters, share: (token: string) => number): Cover | null {
  const covers: Array<Cover | null> = [];
  const tree = f.queryText ? parseTsquery(f.queryText) : null;
  if (tree) covers.push(queryCover(tree, share));
  const anyOf = (tokens: string[]): Cover => ({
    tokens,
    share: Math.min(
      1,
      tokens.reduce((sum, t) => sum + share(t), 0),
    ),
  });
  if (f.employmentTypes?.length) covers.push(anyOf(f.employmentTypes.map(filterToken.employmentType)));
  if (f.experienceLevels?.length) covers.push(anyOf(f.experienceLevels.map(filterToken.experienceLevel)));
  if (f.categories?.length) covers.push(anyOf(f.categories.map(filterToken.category)));
  if (f.skills?.length) covers.push(anyOf(f.skills.map(filterToken.skill)));
  if (f.isRemote !== undefined) covers.push(anyOf([filterToken.isRemote(f.isRemote)]));
  if (f.currency !== undefined) covers.push(anyOf([filterToken.currency(f.currency)]));
  if (f.company !== undefined) covers.push(anyOf([filterToken.company(f.company)]));
  const pieces = [...(f.loweredLocation ?? '')];
  if (pieces.length >= 3) {
    // Every three characters of the place are in a location that holds it: the rarest one will do.
    const options = new Set<string>();
    for (let i = 0; i + 3 <= pieces.length; i++) options.add(filterToken.place(pieces.slice(i, i + 3).join('')));
    for (const token of options) covers.push(anyOf([token]));
  }
  return covers.reduce<Cover | null>(cheaper, null);
}
