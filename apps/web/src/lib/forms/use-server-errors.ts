import { useCallback, useState } from 'react';
import { describeError, isApiError } from '../api/api-error';

/** What both form kinds offer (@mantine/form, and the sign-in screens' local form hook). */
export interface ServerErrorTarget {
  getValues(): Record<string, unknown>;
  setFieldError(name: string, message: string): void;
}

/**
 * Puts a failed call's field errors next to their fields and anything else in one
 * plain-language message above the submit button. Typed values are never reset.
 */
export function useServerErrors(form: ServerErrorTarget) {
  const [formError, setFormError] = useState<string | null>(null);

  const showError = useCallback(
    (error: unknown) => {
      const values = form.getValues();
      const fields = Object.entries(isApiError(error) ? error.fields : {});
      const placed = fields.filter(([name]) => name in values);
      for (const [name, messages] of placed) form.setFieldError(name, messages.join(' '));
      const unplaced = fields.filter(([name]) => !(name in values)).flatMap(([, messages]) => messages);
      if (placed.length > 0 && unplaced.length === 0) setFormError(null);
      else setFormError(unplaced.length > 0 ? unplaced.join(' ') : describeError(error));
    },
    [form],
  );

  const clearError = useCallback(() => setFormError(null), []);

  return { formError, showError, clearError };
}
