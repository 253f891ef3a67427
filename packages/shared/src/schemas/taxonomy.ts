import { z } from 'zod';
import { wholeNumber } from './common';
import { oneLine } from './text';

/** Job categories and skills: small admin-kept lookup lists, served as plain arrays. */
export const taxonomyItem = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Jobs that use it (all jobs, open or not): what blocks a delete. */
  job_count: z.number().int(),
});
export type TaxonomyItem = z.infer<typeof taxonomyItem>;
export const taxonomyList = z.array(taxonomyItem);

export const taxonomyInput = z.object({
  name: oneLine(z.string().trim().min(2, 'Use at least 2 characters.').max(60, 'Use at most 60 characters.')),
});
export type TaxonomyInput = z.infer<typeof taxonomyInput>;

/** `search` narrows the list for type-ahead (name contains the words, at most `limit` items). */
export const taxonomyQuery = z.object({
  search: z.string().trim().max(60).optional(),
  limit: wholeNumber().pipe(z.number().int().min(1).max(500)).optional(),
});
export type TaxonomyQuery = z.infer<typeof taxonomyQuery>;
