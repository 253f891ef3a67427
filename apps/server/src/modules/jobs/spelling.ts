import type { WordForm } from './spelling.repository';

/*
 * Typo correction's pure parts (decision 006): which words may be corrected, how far a correction
 * may be, and the candidates best first. The job search service asks the database for neighbours.
 */

/** Optimal string alignment distance: edits, counting a swap of two neighbours as one ("pyhton"). */
export function editDistance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, d[i - 2]![j - 2]! + 1);
      d[i]![j] = best;
    }
  }
  return d[a.length]![b.length]!;
}

/**
 * The corrections of a misspelt word, best first: known words within the edits its length allows,
 * by the words ("pyhton": python) or by their lexemes ("devloper", lexeme `devlop`: `develop`,
 * shown as the typed word with the lexeme mended, "developer", then as the known word).
 */
export function spellingCandidates(
  word: string,
  lexeme: string | null,
  similar: ReadonlyArray<WordForm & { similarity: number }>,
): string[] {
  const ranked = similar
    .filter((c) => c.word !== word)
    .flatMap((c) => {
      const byWord = { shown: [c.word], edits: editDistance(word, c.word) };
      if (!lexeme || !c.lexeme || c.lexeme === lexeme) return [byWord];
      // The typed word with its lexeme mended, where the lexeme begins it (as English stems mostly do).
      const mended = word.length > lexeme.length && word.startsWith(lexeme) ? [c.lexeme + word.slice(lexeme.length)] : [];
      const byLexeme = { shown: [...mended, c.word], edits: editDistance(lexeme, c.lexeme) };
      return [byWord, byLexeme];
    })
    .filter((c) => c.edits <= allowedEdits(word.length))
    .map((c, i) => ({ ...c, i }))
    .sort((a, b) => a.edits - b.edits || a.i - b.i);
  return [...new Set(ranked.flatMap((c) => c.shown))].filter((w) => w !== word);
}

/** How many edits a correction of a word this long may make. */
const allowedEdits = (length: number) => (length <= 5 ? 1 : length <= 9 ? 2 : 3);

// Words as the search text has them; `or` is the websearch operator, short words are not corrected.
const wordPattern = /[\p{L}][\p{L}\p{N}]*/gu;
const minCorrectableLength = 4;
/** The words of a search text that may be corrected (long enough, not the operator `or`). */
export const correctableWords = (text: string) =>
  [...text.matchAll(wordPattern)].filter((m) => m[0].length >= minCorrectableLength && m[0].toLowerCase() !== 'or');
