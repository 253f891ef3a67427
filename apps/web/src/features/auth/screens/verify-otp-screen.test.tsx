import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../../../lib/notify';
import type * as notifyModule from '../../../lib/notify';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { renderRoutes } from '../../../test/render';
import { VerifyOtpScreen } from './verify-otp-screen';

vi.mock('../../../lib/notify', async (importOriginal) => ({
  ...(await importOriginal<typeof notifyModule>()),
  notify: vi.fn(),
}));

function renderVerify(state?: { email: string; isNewAccount?: boolean }) {
  const fetchMock = mockFetch((request) => {
    if (request.url === '/api/config/') return jsonResponse(200, { googleClientId: null, productName: 'Hireloop' });
    if (request.url === '/api/verify-otp/') {
      return jsonResponse(200, {
        accessToken: 'a',
        refreshToken: 'r',
        role: 'jobseeker',
        user: { id: 7, email: 'ada@example.com', full_name: 'Ada Lovelace' },
        companyDetailsSubmitted: false,
      });
    }
    throw new Error(`Unexpected ${request.url}`);
  });
  const rendered = renderRoutes(
    [
      { path: '/verify-otp', element: <VerifyOtpScreen /> },
      { path: '/dashboard/jobseeker', element: <p>job seeker home</p> },
    ],
    { path: '/verify-otp', ...(state ? { state } : {}) },
  );
  return { ...rendered, ...fetchMock };
}

describe('VerifyOtpScreen', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('signs in as soon as the last digit of the code is typed', async () => {
    const { requests, currentLocation } = renderVerify();
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByLabelText(/^E-mail/, { selector: 'input' }), 'Ada@Example.com');
    await user.click(screen.getByRole('textbox', { name: 'Code digit 1 of 6' }));
    await user.keyboard('123456');

    expect(await screen.findByText('job seeker home')).toBeInTheDocument();
    expect(currentLocation().pathname).toBe('/dashboard/jobseeker');
    // No "Welcome" toast over the next screen's heading.
    expect(notify).not.toHaveBeenCalled();
    expect(requests.filter((request) => request.url === '/api/verify-otp/').map((request) => request.body)).toEqual([
      { email: 'ada@example.com', otp: '123456' },
    ]);
  });

  it('asks for the whole code instead of sending a part of it', async () => {
    const { requests } = renderVerify();
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByLabelText(/^E-mail/, { selector: 'input' }), 'ada@example.com');
    await user.click(screen.getByRole('textbox', { name: 'Code digit 1 of 6' }));
    await user.keyboard('123');
    await user.click(screen.getByRole('button', { name: 'Verify and sign in' }));

    expect(await screen.findByText('Enter the 6-digit code from the e-mail.')).toBeInTheDocument();
    expect(requests.some((request) => request.url === '/api/verify-otp/')).toBe(false);
  });

  it('opened directly, offers a code at once: no countdown for a code never sent', async () => {
    renderVerify();
    const send = screen.getByRole('button', { name: 'Send me a code' });
    expect(send).toBeEnabled();
    expect(screen.queryByText(/Send a new code in/)).toBeNull();
  });

  it('right after signing up, says the account is created and counts down before another code', async () => {
    renderVerify({ email: 'ada@example.com', isNewAccount: true });
    expect(screen.getByText(/Your account is created\. We sent a 6-digit code to/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Send a new code in 1:00/ })).toBeDisabled();
  });
});
