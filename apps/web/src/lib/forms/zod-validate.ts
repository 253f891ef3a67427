import '@jobportal/shared/zod-messages';
import { isApiError, type ApiError } from '../api/api-error';

/** What this needs of a zod schema (the web app has no direct zod dependency). */
interface SafeParser {
  safeParse(input: unknown): { success: true } | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } };
}

/**
 * A @mantine/form `validate` function from a shared zod schema: the form checks the same rules,
 * with the same words, as the server. Errors sit on the top-level field they concern (a bad tag
 * of `tech_stack.3` shows on `tech_stack`). Only the employer and admin forms use this: zod stays
 * out of the sign-in and search chunks.
 */
export function zodValidate<Values>(schema: SafeParser, toInput: (values: Values) => unknown) {
  return (values: Values): Record<string, string> => {
    const result = schema.safeParse(toInput(values));
    if (result.success) return {};
    const errors: Record<string, string> = {};
    for (const issue of result.error.issues) {
      const key = String(issue.path[0] ?? 'form');
      errors[key] ??= issue.message;
    }
    return errors;
  };
}

/** The server's field errors with list paths folded onto their field ("tech_stack.3" → "tech_stack"). */
export function foldFieldPaths(error: unknown): unknown {
  if (!isApiError(error)) return error;
  const fields: ApiError['fields'] = {};
  for (const [name, messages] of Object.entries(error.fields)) {
    const key = name.split('.')[0] ?? name;
    fields[key] = [...(fields[key] ?? []), ...messages];
  }
  return { ...error, fields };
}
