import { useCallback, useState } from 'react';
import type { UseFormReturnType } from '@mantine/form';
import { describeError, isApiError } from '../api/api-error';

/**
 * Puts a failed call's field errors next to their fields and anything else in one
 * plain-language message above the submit button. Typed values are never reset.
 */
export function useServerErrors<Values extends Record<string, unknown>>(form: UseFormReturnType<Values>) {
  const [formError, setFormError] = useState<string | null>(null);

  const showError = useCallback(
    (error: unknown) => {
      const fields = isApiError(error) ? error.fields : {};
      const known = Object.entries(fields).filter(([name]) => name in form.getValues());
      for (const [name, messages] of known) form.setFieldError(name, messages.join(' '));
      const unplaced = Object.entries(fields)
        .filter(([name]) => !(name in form.getValues()))
        .flatMap(([, messages]) => messages);
      if (known.length > 0 && unplaced.length === 0) setFormError(null);
      else setFormError(unplaced.length > 0 ? unplaced.join(' ') : describeError(error));
    },
    [form],
  );

  const clearError = useCallback(() => setFormError(null), []);

  return { formError, showError, clearError };
}
