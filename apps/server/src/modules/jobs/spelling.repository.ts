import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import { jobSearch, searchWords } from '../../db/schema';
import { everyCondition, inSample, textArray, tsquery, type SearchCriteria } from './job-search.repository';
import { publicSearchRowCondition } from './jobs.repository';

// The statements of typo correction (decision 006): why a search found nothing, a word's neighbours, the first one a job has.

/**
 * Whether a public job has the word (SQL over a column or parameter of words). The 1-in-128
 * sample is asked first: for a common word a sampled match answers from a small index, where the
 * full index would first gather every match (40,000 for "engineer") into a bitmap.
 */
const matchesPublicJob = (word: SQL, today: string) => {
  const exists = (sample: SQL) => sql`exists (
    select 1 from ${jobSearch}
    where ${sample}${jobSearch.searchVector} @@ plainto_tsquery('english', ${word}) and ${publicSearchRowCondition(today)})`;
  return sql`(${exists(sql`${inSample(128)} and `)} or ${exists(sql``)})`;
};

/**
 * The words, in their order, for which a condition holds, as a text[]: each word is its own bind
 * parameter in its own condition, so the planner sees the word when it plans the index search.
 * (Over `unnest(words)` it saw a column, guessed that a job would match soon and planned a scan of
 * every row: 3 s for one misspelt word at 1,000,000 jobs.)
 */
function eachWordWhere(words: string[], holds: (word: SQL) => SQL): SQL {
  if (!words.length) return sql`array[]::text[]`;
  const picks = words.map((w) => sql`case when ${holds(sql`${w}::text`)} then ${w}::text end`);
  return sql`array_remove(array[${sql.join(picks, sql`, `)}], null)`;
}

/**
 * Why a search may have found nothing, in one statement: whether any public job matches with every
 * filter (a count would be 0 when not), whether the text has any searchable word (it may be only
 * stop words or symbols), which of the given words match no public job (stop words count as
 * matching), and which are no word of any job text at all (misspelt even when their stem matches,
 * as "enginer" does "engineer": corrected too, so a correction fixes every word, not only the first).
 */
export async function explainNoMatch(
  db: Db,
  c: SearchCriteria & { text: string },
  words: string[],
): Promise<{ matches: boolean; hasTerms: boolean; unmatched: string[]; unknown: string[] }> {
  type Row = { matches: boolean; has_terms: boolean; unmatched: string[]; unknown: string[] };
  const query = sql`select exists (select 1 from ${jobSearch} where ${everyCondition(c)}) as matches, numnode(${tsquery(c.text)}) > 0 as has_terms,
      ${eachWordWhere(words, (w) => sql`numnode(plainto_tsquery('english', ${w})) > 0 and not ${matchesPublicJob(w, c.today)}`)} as unmatched,
      array(select w.word from unnest(${textArray(words)}) with ordinality as w(word, n)
        where numnode(plainto_tsquery('english', w.word)) > 0 and not exists (select 1 from ${searchWords} sw where sw.word = w.word)
        order by w.n) as unknown`;
  // Every check here asks whether any row matches, and this statement runs when the sample found
  // none: the planner, guessing that a row turns up soon, would read the table until one does,
  // and read all of it when none does ("regions offers" at 1,000,000 jobs: over 15 s; through
  // the words' index, 9 ms). This one statement may not scan the table (a setting local to its
  // transaction).
  const rows = await db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('enable_seqscan', 'off', true)`);
    return queryRows<Row>(tx as unknown as Db, query);
  });
  const row = rows[0]!;
  return { matches: row.matches, hasTerms: row.has_terms, unmatched: row.unmatched, unknown: row.unknown };
}

/** A word and its lexeme as the search stems it (null for a stop word). */
export interface WordForm {
  word: string;
  lexeme: string | null;
}

/**
 * The words of the job texts nearest to a (misspelt) word by trigrams, nearest first, each with its
 * lexeme, and the lexeme of the word itself: "devloper" (lexeme `devlop`) is one letter from
 * `develop`, the lexeme of "development", though three from any word the texts have.
 */
export async function findSimilarWords(
  db: Db,
  word: string,
  limit = 16,
): Promise<{ lexeme: string | null; similar: Array<WordForm & { similarity: number }> }> {
  const lexemeOf = (w: SQL) => sql`(tsvector_to_array(to_tsvector('english', ${w})))[1]`;
  const rows = await queryRows<{ word: string; lexeme: string | null; similarity: number; typed: string | null }>(
    db,
    sql`select word, ${lexemeOf(sql`word`)} as lexeme, similarity(word, ${word}) as similarity, ${lexemeOf(sql`${word}::text`)} as typed
      from (select word from search_words order by word <-> ${word} limit ${limit}) as near`,
  );
  return {
    // (Read with each neighbour: none when search_words is empty, and then nothing is corrected.)
    lexeme: rows[0]?.typed ?? null,
    similar: rows.map((r) => ({ word: r.word, lexeme: r.lexeme, similarity: Number(r.similarity) })),
  };
}

/** The first of the words, in their order, that a public job has; null when none has. */
export async function findFirstMatchedWord(db: Db, words: string[], today: string): Promise<string | null> {
  if (!words.length) return null;
  // A CASE tries the words in order and stops at the first a public job has; each word is planned
  // as a constant (see eachWordWhere).
  const picks = words.map((w) => sql`when ${matchesPublicJob(sql`${w}::text`, today)} then ${w}::text`);
  const rows = await queryRows<{ word: string | null }>(db, sql`select case ${sql.join(picks, sql` `)} end as word`);
  return rows[0]?.word ?? null;
}
