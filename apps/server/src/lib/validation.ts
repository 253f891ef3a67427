import type { z } from 'zod';
import { validationError } from './app-error';

const nulMessage = 'This text contains a character that is not allowed.';

/** The first string under `value` that holds a NUL character (PostgreSQL text cannot), as a field path. */
export function findNulField(value: unknown, path: string, depth = 0): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path : undefined;
  if (depth > 6 || value === null || typeof value !== 'object') return undefined;
  for (const [key, item] of Object.entries(value)) {
    const found = findNulField(item, path ? `${path}.${key}` : key, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * Parses input that a route could not declare as its body schema (multipart forms, bodies that are
 * JSON or multipart): the same shared schema, the same 400 with fields as declared bodies get.
 * Text decoded inside the input (JSON text fields) is checked for NUL characters too.
 */
export function parseInput<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const result = schema.safeParse(value);
  if (!result.success) {
    const fields: Record<string, string[]> = {};
    for (const issue of result.error.issues) {
      const name = issue.path.map(String).join('.') || 'body';
      (fields[name] ??= []).push(issue.message);
    }
    throw validationError(fields);
  }
  const nul = findNulField(result.data, '');
  if (nul !== undefined) throw validationError({ [nul || 'body']: [nulMessage] });
  return result.data;
}
