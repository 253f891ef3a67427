import { z } from 'zod';
import { limits } from '../limits';
import { isTimeZone } from '../vocabulary/interviews';
import { isCurrencyCode, type CurrencyCode } from '../vocabulary/money';

/** The largest id a PostgreSQL `integer`/`serial` column holds: larger ones are bad input, not a 500. */
export const maxId = 2_147_483_647;

/** A database id in a path or a list: a positive integer that fits the id columns. */
export const dbId = z.number().int().positive().max(maxId, 'Expected an id.');

/**
 * A whole number as paths, queries and form fields carry it: plain decimal digits only. `Number()`
 * would read `0x10` as 16, `1e1` as 10 and `' 7 '` as 7; here those are bad input (400), the same on
 * every route. A JSON number passes as it is.
 */
export const wholeNumber = (message = 'Use a whole number written with digits only.') =>
  z.union(
    [
      z.number(),
      z
        .string()
        .regex(/^\d{1,15}$/, message)
        .transform(Number),
    ],
    { error: message },
  );

/** A database id in a path, a query or a form field (see `wholeNumber`). */
export const idValue = wholeNumber('Expected an id.').pipe(dbId);

export const idParam = z.object({ id: idValue });

export const paginationQuery = z.object({
  page: wholeNumber()
    .pipe(z.number().int().min(1).max(limits.pageMax, `Use a page number up to ${limits.pageMax}.`))
    .default(1),
  page_size: wholeNumber().pipe(z.number().int().min(1).max(limits.pageSizeMax)).default(limits.pageSizeDefault),
});
export type PaginationQuery = z.infer<typeof paginationQuery>;

/** The paginated list envelope of decisions.md. */
export function paginated<T extends z.ZodType>(item: T) {
  return z.object({
    results: z.array(item),
    count: z.number().int(),
    next: z.string().nullable(),
    previous: z.string().nullable(),
  });
}
export interface Paginated<T> {
  results: T[];
  count: number;
  next: string | null;
  previous: string | null;
}

export const errorBody = z.object({
  detail: z.string(),
  code: z.string(),
  fields: z.record(z.string(), z.array(z.string())).optional(),
});

export const messageBody = z.object({ detail: z.string() });

export const email = z
  .string()
  .trim()
  .toLowerCase()
  .max(limits.emailMax)
  .pipe(z.email({ message: 'Enter a valid e-mail address.' }));

/** An IANA time zone name known to this runtime (`Europe/Berlin`, `UTC`); bare offsets are bad input. */
export const timeZoneName = z.string().trim().max(64).refine(isTimeZone, 'Use a time zone name like Europe/Berlin.');

/** An ISO 4217 currency code (`eur` reads as `EUR`); an unknown code is bad input. */
export const currencyCode = z
  .string({ error: 'Use a currency code, like EUR or USD.' })
  .trim()
  .toUpperCase()
  .refine(isCurrencyCode, { error: (issue) => `${String(issue.input)} is not a currency code (ISO 4217), like EUR or USD.` })
  .transform((v) => v as CurrencyCode);
