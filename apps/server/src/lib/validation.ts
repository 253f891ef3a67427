import type { z } from 'zod';
import { findNotText, notTextMessage } from '@jobportal/shared';
import { validationError } from './app-error';

/**
 * Parses input that a route could not declare as its body schema (multipart forms, bodies that are
 * JSON or multipart): the same shared schema, the same 400 with fields as declared bodies get.
 * Text decoded inside the input (JSON text fields) is checked for text that is not text too (`findNotText`).
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
  const bad = findNotText(result.data);
  if (bad !== undefined) throw validationError({ [bad || 'body']: [notTextMessage] });
  return result.data;
}
