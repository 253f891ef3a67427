/**
 * Search result snippets: the passage of a job's description that matches, as plain text that starts
 * at a sentence (or, mid-sentence, at a word after "…"), with the matched words as ranges the client
 * marks. Never HTML: the server marks nothing inside the text.
 */

/** What ts_headline puts around a matched word (control characters no description is shown with). */
export const matchStart = '\u0002';
export const matchEnd = '\u0003';
/** ts_headline's options: one passage of 15-35 words, its matches between the two markers. */
export const headlineOptions = `MaxFragments=1, MaxWords=35, MinWords=15, StartSel=${matchStart}, StopSel=${matchEnd}, FragmentDelimiter=" "`;

export interface Snippet {
  text: string;
  /** [start, end) of each matched word in `text`, in UTF-16 code units (JavaScript string indices). */
  highlights: Array<[number, number]>;
}

const ellipsis = '…';
const maxLength = 260;
const markers = new RegExp(`[${matchStart}${matchEnd}]`, 'g');
/**
 * Lines typed as bullet points ('- ', '* ', '•') on one line: after a sentence or a colon an item
 * just follows it, otherwise " · " sets it off ("robots.\n- React\n- Go" reads "robots. React · Go",
 * not "robots. - React - Go"); then every run of white space is one space.
 */
const bullet = /([.!?…:]?)[ \t]*\r?\n[ \t]*[-*•][ \t]+/g;
const squash = (s: string) =>
  s
    .replace(/^\s*[-*•][ \t]+/, '')
    .replace(bullet, (_line, end: string) => (end ? `${end} ` : ' · '))
    .replace(/\s+/g, ' ')
    .trim();
/** The end of a sentence: its punctuation (maybe closed by a quote or bracket) and a space. */
const sentenceEnd = /[.!?…][)"'”’]*\s/g;

/** Cuts `text` to at most `limit` characters at a word boundary; says whether it cut. */
function cutAtWord(text: string, limit: number): { text: string; cut: boolean } {
  if (text.length <= limit) return { text, cut: false };
  const space = text.lastIndexOf(' ', limit);
  const end = space > limit / 2 ? space : limit;
  return { text: text.slice(0, end).replace(/[\s,;:–-]+$/, ''), cut: true };
}

const endsSentence = (text: string) => /[.!?…][)"'”’]*$/.test(text);

/** How much of a description is read beside a snippet (its opening): a shorter one is the whole description. */
export const openingLength = 400;

/**
 * How a passage that ends at a word goes on in the description, when its opening (`full`, as plain
 * text) shows it (ts_headline leaves out the punctuation after the passage's last word): the
 * sentence's closing punctuation, if any, and whether the description ends there (`whole`: the
 * opening is all of it).
 */
function after(passage: string, full: string, whole: boolean): { punctuation: string; last: boolean } | undefined {
  const tail = passage.slice(-Math.min(passage.length, 40));
  const at = full.lastIndexOf(tail);
  if (!tail || at < 0) return undefined;
  const rest = full.slice(at + tail.length);
  if (/^[\p{L}\p{N}]/u.test(rest)) return undefined;
  const punctuation = /^[.!?…][)"'”’]*/.exec(rest)?.[0] ?? '';
  return { punctuation, last: whole && rest.slice(punctuation.length).trim() === '' };
}

/** The opening of a description (no words searched): from its start, cut at a word. */
export function openingSnippet(description: string): Snippet {
  const { text, cut } = cutAtWord(squash(description.replace(markers, '')), maxLength);
  return { text: cut && !endsSentence(text) ? text + ellipsis : text, highlights: [] };
}

/** Begin a passage at its sentence's start when that is at most this many characters before it. */
const leadMax = 80;

/**
 * The words of the sentence before a passage that begins inside it, when the opening (`full`, as
 * plain text) shows them and the passage holds no sentence start before its first match
 * (`firstMatch`): at most `leadMax` characters (none when the passage begins at the sentence).
 * Undefined: not known.
 */
function leadOf(passage: string, firstMatch: number, full: string): string | undefined {
  if ([...passage.slice(0, firstMatch).matchAll(sentenceEnd)].length) return undefined;
  const at = full.indexOf(passage.slice(0, Math.min(passage.length, 40)));
  if (at < 0) return undefined;
  let start = 0;
  for (const m of full.slice(0, at).matchAll(sentenceEnd)) start = m.index + m[0].length;
  return at - start <= leadMax ? full.slice(start, at) : undefined;
}

/**
 * The snippet from ts_headline's marked passage. `opening` is the description's first characters,
 * to tell a passage that starts the description (no "…" before it) from one that starts inside it.
 * A passage that does not end a sentence ends with "…" (unless it ends the description); one that
 * ends at the last word of a sentence the opening shows gets that sentence's punctuation back.
 */
export function matchedSnippet(headline: string, opening: string): Snippet {
  // The passage as plain text, and where its marked words are.
  let plain = '';
  let ranges: Array<[number, number]> = [];
  let open = -1;
  for (const ch of squash(headline)) {
    if (ch === matchStart) open = plain.length;
    else if (ch === matchEnd) {
      if (open >= 0 && plain.length > open) ranges.push([open, plain.length]);
      open = -1;
    } else plain += ch;
  }
  if (!ranges.length) return openingSnippet(opening);
  const full = squash(opening.replace(markers, ''));

  // A passage that begins a few words into a sentence the opening shows begins at that sentence
  // (ts_headline may start it at any word).
  const lead = leadOf(plain, ranges[0]![0], full);
  if (lead) {
    plain = lead + plain;
    ranges = ranges.map(([a, b]) => [a + lead.length, b + lead.length]);
  }

  // Start at the last sentence start before the first match, when the passage holds one.
  let start = 0;
  for (const m of plain.matchAll(sentenceEnd)) {
    const next = m.index + m[0].length;
    if (next > ranges[0]![0]) break;
    start = next;
  }
  const atDocumentStart = start === 0 && full.startsWith(plain.slice(0, Math.min(plain.length, 40)));
  // Otherwise the passage began inside a sentence: "…" says so.
  const atSentenceStart = start > 0 || atDocumentStart || lead !== undefined;
  let text = plain.slice(start);
  ranges = ranges.map(([a, b]) => [a - start, b - start]);

  const cut = cutAtWord(text, maxLength);
  text = cut.text;
  ranges = ranges.filter(([, b]) => b <= text.length);
  // The sentence's own full stop where the passage ends at it, and no "…" after the description's last word.
  const next = cut.cut || endsSentence(text) ? undefined : after(text, full, opening.length < openingLength);
  if (next) text += next.punctuation;
  const prefix = atSentenceStart ? '' : ellipsis;
  const more = !endsSentence(text) && !next?.last;
  return {
    text: prefix + text + (more ? ellipsis : ''),
    highlights: ranges.map(([a, b]) => [a + prefix.length, b + prefix.length]),
  };
}
