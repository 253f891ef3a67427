import { z } from 'zod';
import { limits } from '../limits';

export const idParam = z.object({ id: z.coerce.number().int().positive() });

export const paginationQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(limits.pageSizeMax).default(limits.pageSizeDefault),
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
