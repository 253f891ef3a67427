import type { ChangeEvent } from 'react';
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { checkEmail, checkPassword } from '../validation';
import { useAuthForm, type FieldRules } from './use-auth-form';

type Values = { email: string; password: string };
const initialValues: Values = { email: '', password: '' };
const rules: FieldRules<Values> = { email: checkEmail, password: checkPassword };

const typed = (value: string) => ({ currentTarget: { value } }) as ChangeEvent<HTMLInputElement>;

function renderForm(validate: FieldRules<Values> = rules) {
  return renderHook(({ validate: current }) => useAuthForm({ initialValues, validate: current }), { initialProps: { validate } });
}

describe('useAuthForm', () => {
  it('checks every field on submit and holds the submit back while one fails', () => {
    const handler = vi.fn();
    const { result } = renderForm();
    act(() => result.current.getInputProps('email').onChange(typed('not-an-address')));
    act(() => result.current.onSubmit(handler)());
    expect(handler).not.toHaveBeenCalled();
    expect(result.current.errors).toEqual({ email: 'Enter a valid e-mail address.', password: 'Enter your password.' });
    expect(result.current.getInputProps('password').error).toBe('Enter your password.');
  });

  it('submits the values once every rule passes, and prevents the browser submit', () => {
    const handler = vi.fn();
    const preventDefault = vi.fn();
    const { result } = renderForm();
    act(() => result.current.getInputProps('email').onChange(typed('ada@example.com')));
    act(() => result.current.getInputProps('password').onChange(typed('secret')));
    act(() => result.current.onSubmit(handler)({ preventDefault } as never));
    expect(preventDefault).toHaveBeenCalled();
    expect(handler).toHaveBeenCalledWith({ email: 'ada@example.com', password: 'secret' });
    expect(result.current.errors).toEqual({});
  });

  it('clears a field’s error when that field changes, and only that one', () => {
    const { result } = renderForm();
    act(() => result.current.onSubmit(vi.fn())());
    act(() => result.current.getInputProps('email').onChange(typed('a')));
    expect(result.current.errors).toEqual({ password: 'Enter your password.' });
    expect(result.current.values.email).toBe('a');
  });

  it('checks one field on demand', () => {
    const { result } = renderForm();
    let outcome: { hasError: boolean; error: string | null } | undefined;
    act(() => {
      outcome = result.current.validateField('email');
    });
    expect(outcome).toEqual({ hasError: true, error: 'Enter your e-mail address.' });
    expect(result.current.errors).toEqual({ email: 'Enter your e-mail address.' });
    act(() => result.current.setFieldValue('email', 'ada@example.com'));
    act(() => {
      outcome = result.current.validateField('email');
    });
    expect(outcome).toEqual({ hasError: false, error: null });
    expect(result.current.errors).toEqual({});
  });

  it('places and clears errors set from outside (the server’s field errors)', () => {
    const { result } = renderForm();
    act(() => result.current.setFieldError('email', 'This e-mail is taken.'));
    expect(result.current.errors.email).toBe('This e-mail is taken.');
    act(() => result.current.setFieldError('email', null));
    expect(result.current.errors).toEqual({});
  });

  it('sees a value set in the same event as the submit (a code that submits itself)', () => {
    const handler = vi.fn();
    const { result } = renderForm();
    act(() => result.current.setFieldValue('password', 'secret'));
    act(() => {
      result.current.setFieldValue('email', 'ada@example.com');
      result.current.onSubmit(handler)();
    });
    expect(handler).toHaveBeenCalledWith({ email: 'ada@example.com', password: 'secret' });
  });

  it('uses the rules of the latest render', () => {
    const handler = vi.fn();
    const { result, rerender } = renderForm({ email: checkEmail });
    act(() => result.current.setFieldValue('email', 'ada@example.com'));
    rerender({ validate: { password: checkPassword } });
    act(() => result.current.onSubmit(handler)());
    expect(handler).not.toHaveBeenCalled();
    expect(result.current.errors).toEqual({ password: 'Enter your password.' });
  });
});
