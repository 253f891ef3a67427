import { z } from 'zod';

/**
 * Text that is not text: NUL (PostgreSQL's text refuses it) and a lone UTF-16 surrogate (a half of
 * a character that no UTF-8 can carry; PostgreSQL's jsonb refuses it). Neither belongs in any field,
 * so every request is checked once, here, before any schema reads it (the server's one input hook
 * and `parseInput`), and refused with 400: replacing them would change what a person sent unseen.
 */
// eslint-disable-next-line no-control-regex -- NUL is what this looks for
const notText = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
export const notTextMessage = 'This text contains a character that is not allowed.';

/** Deeper than any request schema nests: a value below it is dropped by the schema, never stored. */
const deepestChecked = 32;

/** The path of the first string (or object key) under `value` that holds text that is not text. */
export function findNotText(value: unknown, path = '', depth = 0): string | undefined {
  if (typeof value === 'string') return notText.test(value) ? path : undefined;
  if (depth > deepestChecked || value === null || typeof value !== 'object') return undefined;
  for (const [key, item] of Object.entries(value)) {
    const at = path ? `${path}.${key}` : key;
    if (notText.test(key)) return at;
    const found = findNotText(item, at, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** Control characters (C0, DEL, C1) and Unicode's line and paragraph separators. */
// eslint-disable-next-line no-control-regex -- control characters are what this looks for
const breaksLine = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
export const oneLineMessage = 'Use one line of text, without line breaks or control characters.';

/**
 * A name or a title: one line. A line break in one would start a line of its own in a plain-text
 * e-mail or a field of its own in a calendar invite.
 */
export const oneLine = <T extends z.ZodString>(schema: T) => schema.refine((v) => !breaksLine.test(v), oneLineMessage);

const isoDay = (d: Date) => d.toISOString().slice(0, 10);
const yearsFromNow = (years: number) => {
  const d = new Date();
  d.setUTCFullYear(d.getUTCFullYear() + years);
  return d;
};

/** The earliest day any date field takes (a birth, a founding, a school year). */
export const earliestDay = '1800-01-01';

/**
 * A calendar day (`2026-11-25`) within a sensible range: from `earliest` to `yearsAhead` years
 * after today (0: not in the future). Far dates (year 2999, 9999) are bad input, not data.
 */
export function calendarDay({
  message,
  earliest = earliestDay,
  yearsAhead = 0,
}: {
  message: string;
  earliest?: string;
  yearsAhead?: number;
}) {
  return z.iso
    .date(message)
    .refine((d) => d >= earliest, { error: `Use a date from ${earliest} on.` })
    .refine((d) => d <= isoDay(yearsFromNow(yearsAhead)), {
      error: () =>
        yearsAhead === 0
          ? 'The date cannot be in the future.'
          : `Use a date up to ${isoDay(yearsFromNow(yearsAhead))} (${yearsAhead} ${yearsAhead === 1 ? 'year' : 'years'} ahead).`,
    });
}

/**
 * A moment with its offset (`2026-11-25T09:30:00+01:00`) from `earliest` to `yearsAhead` years from
 * now; beyond year 9999 a moment cannot even be stored, and one in 2999 is a typing slip.
 */
export function moment({ message, earliest = '2000-01-01', yearsAhead }: { message: string; earliest?: string; yearsAhead: number }) {
  return z.iso
    .datetime({ offset: true, error: message })
    .refine((v) => Date.parse(v) >= Date.parse(`${earliest}T00:00:00Z`), { error: `Use a time from ${earliest} on.` })
    .refine((v) => Date.parse(v) <= yearsFromNow(yearsAhead).getTime(), {
      error: `Use a time at most ${yearsAhead} ${yearsAhead === 1 ? 'year' : 'years'} from now.`,
    });
}
