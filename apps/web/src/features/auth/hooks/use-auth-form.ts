import { useCallback, useRef, useState, type ChangeEvent, type FormEvent } from 'react';

/** Checks one field: a message for the person, or null when the value is fine. */
export type FieldRule<Value, Values> = (value: Value, values: Values) => string | null;
export type FieldRules<Values> = { [Name in keyof Values]?: FieldRule<Values[Name], Values> };
export type FieldErrors<Values> = { [Name in keyof Values]?: string };

/** The fields typed exactly `string`: the ones a text input edits. */
type TextField<Values> = {
  [Name in keyof Values]: string extends Values[Name] ? (Values[Name] extends string ? Name : never) : never;
}[keyof Values];

/**
 * The part of a form library the sign-in screens need, with the behaviour of @mantine/form they
 * relied on: the rules run on submit (and on `validateField`), every error shows beside its
 * field, and a field's error clears when its value changes. Checks and submits see the latest
 * values even in the event that changed them (a code input that submits itself on its last
 * digit). Kept local so the form library (~6 KB gzipped) stays out of the sign-in screens'
 * first load.
 */
export function useAuthForm<Values extends Record<string, unknown>>({
  initialValues,
  validate,
}: {
  initialValues: Values;
  /** Read on every check, so the rules may depend on the screen's state. */
  validate: NoInfer<FieldRules<Values>>;
}) {
  const [values, setValues] = useState(initialValues);
  // Ahead of `values` between a change and the next render.
  const latest = useRef(initialValues);
  const [errors, setErrors] = useState<FieldErrors<Values>>({});

  const setFieldError = useCallback((name: keyof Values, message: string | null) => {
    setErrors((current) => {
      const next = { ...current };
      if (message === null) delete next[name];
      else next[name] = message;
      return next;
    });
  }, []);

  const setFieldValue = useCallback(
    <Name extends keyof Values>(name: Name, value: Values[Name]) => {
      latest.current = { ...latest.current, [name]: value };
      setValues(latest.current);
      setFieldError(name, null);
    },
    [setFieldError],
  );

  const check = (name: keyof Values): string | null => validate[name]?.(latest.current[name], latest.current) ?? null;

  const validateField = (name: keyof Values) => {
    const error = check(name);
    setFieldError(name, error);
    return { hasError: error !== null, error };
  };

  /** Props for a Mantine text input (TextInput, PasswordInput) editing a string field. */
  const getInputProps = <Name extends TextField<Values>>(name: Name) => ({
    value: values[name],
    error: errors[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) => setFieldValue(name, event.currentTarget.value as Values[Name]),
  });

  /** Runs every rule; calls `handler` with the values only when none fails. */
  const onSubmit = (handler: (values: Values) => void | Promise<void>) => (event?: FormEvent<HTMLFormElement>) => {
    event?.preventDefault();
    const found: FieldErrors<Values> = {};
    for (const name of Object.keys(validate) as (keyof Values)[]) {
      const error = check(name);
      if (error !== null) found[name] = error;
    }
    setErrors(found);
    if (Object.keys(found).length === 0) void handler(latest.current);
  };

  /** The values as of the latest change (the shape @mantine/form's getValues has). */
  const getValues = useCallback(() => latest.current, []);

  return { values, errors, getValues, setFieldValue, setFieldError, validateField, getInputProps, onSubmit };
}

export type AuthForm<Values extends Record<string, unknown>> = ReturnType<typeof useAuthForm<Values>>;
