import { useCallback, useState } from 'react';
import { describeError, isApiError } from '../../../lib/api/api-error';
import type { AuthForm } from './use-auth-form';

/**
 * Puts a failed call's field errors next to their fields and anything else in one
 * plain-language message above the submit button. Typed values are never reset.
 */
export function useServerErrors<Values extends Record<string, unknown>>(form: Pick<AuthForm<Values>, 'values' | 'setFieldError'>) {
  const [formError, setFormError] = useState<string | null>(null);
  const { values, setFieldError } = form;

  const showError = useCallback(
    (error: unknown) => {
      const isField = (name: string): name is keyof Values & string => name in values;
      let isAnyPlaced = false;
      const unplaced: string[] = [];
      for (const [name, messages] of Object.entries(isApiError(error) ? error.fields : {})) {
        if (isField(name)) {
          setFieldError(name, messages.join(' '));
          isAnyPlaced = true;
        } else {
          unplaced.push(...messages);
        }
      }
      if (isAnyPlaced && unplaced.length === 0) setFormError(null);
      else setFormError(unplaced.length > 0 ? unplaced.join(' ') : describeError(error));
    },
    [values, setFieldError],
  );

  const clearError = useCallback(() => setFormError(null), []);

  return { formError, showError, clearError };
}
