import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../../../lib/notify';
import type * as notifyModule from '../../../lib/notify';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { renderRoutes } from '../../../test/render';
import { SignupScreen } from './signup-screen';

vi.mock('../../../lib/notify', async (importOriginal) => ({
  ...(await importOriginal<typeof notifyModule>()),
  notify: vi.fn(),
}));

function VerifyProbe() {
  const location = useLocation();
  const state = location.state as { email?: string; isNewAccount?: boolean } | null;
  return (
    <p>
      verify screen for {state?.email}
      {state?.isNewAccount ? ', a new account' : ''}
    </p>
  );
}

function renderSignup(path = '/signup') {
  return renderRoutes(
    [
      { path: '/signup', element: <SignupScreen /> },
      { path: '/verify-otp', element: <VerifyProbe /> },
    ],
    { path },
  );
}

function answerSignup(status: number, body: unknown) {
  return mockFetch((request) => {
    if (request.url === '/api/config/') {
      return jsonResponse(200, { googleClientId: null, productName: 'Hireloop' });
    }
    if (request.url === '/api/signup/') return jsonResponse(status, body);
    throw new Error(`Unexpected ${request.url}`);
  });
}

async function fillAndSubmit() {
  const user = userEvent.setup({ delay: null });
  await user.type(screen.getByLabelText(/^Full name/), 'Ada Lovelace');
  await user.type(screen.getByLabelText(/^E-mail/), 'Ada@Example.com');
  await user.type(screen.getByLabelText(/^Password/), 'analytical-engine');
  await user.click(screen.getByRole('radio', { name: /Hire people/ }));
  await user.click(screen.getByRole('button', { name: 'Create account' }));
  return user;
}

describe('SignupScreen', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows server field errors next to their fields and keeps what was typed', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    const { requests } = answerSignup(400, {
      detail: 'Some fields need another look.',
      code: 'validation_error',
      fields: {
        email: ['An account with this e-mail already exists.'],
        password: ['This password is too common.'],
      },
    });
    renderSignup();

    await fillAndSubmit();

    const email = screen.getByLabelText(/^E-mail/);
    await waitFor(() => expect(email).toHaveAccessibleDescription('An account with this e-mail already exists.'));
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(/^Password/)).toHaveAccessibleDescription(expect.stringContaining('This password is too common.'));
    expect(email).toHaveValue('Ada@Example.com');
    expect(screen.getByLabelText(/^Full name/)).toHaveValue('Ada Lovelace');
    expect(alert).toHaveBeenCalledWith('Signup failed: Some fields need another look.');
    expect(requests.find((request) => request.url === '/api/signup/')?.body).toEqual({
      full_name: 'Ada Lovelace',
      email: 'ada@example.com',
      password: 'analytical-engine',
      role: 'employer',
    });
  });

  it("alerts 'Signup failed: ' with the error when the reply has no user_id", async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    answerSignup(201, { message: 'The account could not be created.' });
    renderSignup();

    await fillAndSubmit();

    await waitFor(() => expect(alert).toHaveBeenCalledWith('Signup failed: The account could not be created.'));
    expect(screen.getByRole('alert')).toHaveTextContent('Signup failed: The account could not be created.');
    expect(screen.queryByText(/verify screen/)).not.toBeInTheDocument();
  });

  it('goes to the code screen with the e-mail after a 201 with user_id', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    answerSignup(201, { user_id: 12, message: 'Check your e-mail.' });
    renderSignup();

    await fillAndSubmit();

    expect(await screen.findByText('verify screen for ada@example.com, a new account')).toBeInTheDocument();
    expect(alert).not.toHaveBeenCalled();
    // The code screen says the account is created: no toast that would still show after the code is entered.
    expect(notify).not.toHaveBeenCalled();
  });

  it('checks the fields before sending', async () => {
    const { requests } = answerSignup(201, { user_id: 1, message: '' });
    renderSignup();
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByLabelText(/^Password/), 'short');
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(screen.getByLabelText(/^Full name/)).toHaveAccessibleDescription('Enter your name.');
    expect(screen.getByLabelText(/^Password/)).toHaveAccessibleDescription(expect.stringContaining('Use at least 8 characters.'));
    expect(requests.some((request) => request.url === '/api/signup/')).toBe(false);
  });

  it('preselects the role from the address', () => {
    answerSignup(201, {});
    renderSignup('/signup?role=employer');
    expect(screen.getByRole('radio', { name: /Hire people/ })).toBeChecked();
  });
});
