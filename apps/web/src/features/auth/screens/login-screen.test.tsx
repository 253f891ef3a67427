import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { renderRoutes } from '../../../test/render';
import { LoginScreen } from './login-screen';
import { VerifyOtpScreen } from './verify-otp-screen';

type Answer = { status: number; body: unknown; headers?: Record<string, string> };

function renderLogin(answers: Record<string, Answer>, state?: unknown, path = '/login') {
  const fetchMock = mockFetch((request) => {
    if (request.url === '/api/config/') {
      return jsonResponse(200, { googleClientId: null, productName: 'Hireloop' });
    }
    const answer = answers[request.url];
    if (!answer) throw new Error(`Unexpected ${request.url}`);
    return jsonResponse(answer.status, answer.body, answer.headers);
  });
  const rendered = renderRoutes(
    [
      { path: '/login', element: <LoginScreen /> },
      { path: '/verify-otp', element: <VerifyOtpScreen /> },
      { path: '/dashboard/jobseeker', element: <p>job seeker home</p> },
      { path: '/EmployerCompanyManagement', element: <p>company screen</p> },
      { path: '/job/:jobId', element: <p>job page</p> },
      { path: '/admindashboard', element: <p>admin dashboard</p> },
    ],
    { path, state },
  );
  return { ...rendered, ...fetchMock };
}

async function signIn(email: string, password: string) {
  const user = userEvent.setup({ delay: null });
  await user.type(screen.getByLabelText(/^E-mail/, { selector: 'input' }), email);
  await user.type(screen.getByLabelText(/^Password/, { selector: 'input' }), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  return user;
}

const seekerReply = {
  status: 200,
  body: {
    accessToken: 'a',
    refreshToken: 'r',
    role: 'jobseeker',
    user: { id: 7, email: 'ada@example.com', full_name: 'Ada Lovelace' },
    companyDetailsSubmitted: false,
  },
};

describe('LoginScreen', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('says the account is disabled, not that the password is wrong', async () => {
    renderLogin({
      '/api/login/': { status: 403, body: { detail: 'This account has been deactivated. Contact support.', code: 'account_disabled' } },
    });
    await signIn('ada@example.com', 'demo-pass-123');
    expect(await screen.findByText('This account has been deactivated. Contact support.')).toBeInTheDocument();
  });

  it('tells a person signed out because of a deactivation why', async () => {
    renderLogin({}, undefined, '/login?reason=account_disabled');
    expect(await screen.findByText('Your account is disabled')).toBeInTheDocument();
    expect(screen.getByText(/An administrator deactivated this account/)).toBeInTheDocument();
  });

  it('goes back to the page that asked the visitor to sign in', async () => {
    const { currentLocation } = renderLogin({ '/api/login/': seekerReply }, { from: '/job/12?ref=search' });
    await signIn('ada@example.com', 'demo-pass-123');
    expect(await screen.findByText('job page')).toBeInTheDocument();
    expect(currentLocation().pathname + currentLocation().search).toBe('/job/12?ref=search');
  });

  it('goes to the role home instead when that page is not for this role, or is not in the app', async () => {
    renderLogin({ '/api/login/': seekerReply }, { from: '/admindashboard' });
    await signIn('ada@example.com', 'demo-pass-123');
    expect(await screen.findByText('job seeker home')).toBeInTheDocument();
  });

  it('carries where to go back to through the e-mailed code screen', async () => {
    const { currentLocation } = renderLogin({ '/api/send-otp/': { status: 200, body: { detail: 'Sent.' } } }, { from: '/job/12' });
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'E-mail code' }));
    await user.type(screen.getByLabelText(/^E-mail/, { selector: 'input' }), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'E-mail me a sign-in code' }));
    expect(await screen.findByRole('heading', { name: 'Check your e-mail' })).toBeInTheDocument();
    expect(currentLocation().state).toEqual({ email: 'ada@example.com', from: '/job/12' });
  });

  it('goes to the code screen with the e-mail when the e-mail is not verified', async () => {
    const { currentLocation } = renderLogin({
      '/api/login/': {
        status: 403,
        body: { detail: 'Confirm your e-mail first.', code: 'email_not_verified' },
      },
    });

    await signIn('Grace@Example.com', 'demo-pass-123');

    expect(await screen.findByRole('heading', { name: 'Check your e-mail' })).toBeInTheDocument();
    expect(currentLocation().pathname).toBe('/verify-otp');
    expect(currentLocation().state).toEqual({ email: 'grace@example.com' });
    expect(screen.getByText('grace@example.com')).toBeInTheDocument();
  });

  it('stores the session and lands on the role home', async () => {
    const { store, currentLocation } = renderLogin({
      '/api/login/': {
        status: 200,
        body: {
          accessToken: 'a',
          refreshToken: 'r',
          role: 'employer',
          user: { id: 5, email: 'e@example.com', full_name: 'Edith Clarke' },
          companyDetailsSubmitted: false,
        },
      },
    });

    await signIn('e@example.com', 'demo-pass-123');

    expect(await screen.findByText('company screen')).toBeInTheDocument();
    expect(currentLocation().pathname).toBe('/EmployerCompanyManagement');
    expect(store.getState().session.role).toBe('employer');
    expect(localStorage.getItem('companyDetailsSubmitted')).toBe('false');
  });

  it('explains a refused sign-in and keeps what was typed', async () => {
    renderLogin({
      '/api/login/': {
        status: 401,
        body: { detail: 'The e-mail or password is not right.', code: 'invalid_credentials' },
      },
    });

    await signIn('someone@example.com', 'wrong-password');

    expect(await screen.findByRole('alert')).toHaveTextContent('The e-mail or password is not right.');
    expect(screen.getByLabelText(/^E-mail/, { selector: 'input' })).toHaveValue('someone@example.com');
    expect(screen.getByLabelText(/^Password/, { selector: 'input' })).toHaveValue('wrong-password');
  });

  it('says when to retry after too many attempts', async () => {
    renderLogin({
      '/api/login/': {
        status: 429,
        body: { detail: 'Too many requests.', code: 'rate_limited' },
        headers: { 'Retry-After': '30' },
      },
    });

    await signIn('someone@example.com', 'password');

    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts. Please try again in 30 seconds.');
  });

  it('e-mails a sign-in code and goes to the code screen', async () => {
    const { requests, currentLocation } = renderLogin({
      '/api/send-otp/': { status: 200, body: { detail: 'If the account exists, a code is on its way.' } },
    });
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'E-mail code' }));
    await user.type(screen.getByLabelText(/^E-mail/, { selector: 'input' }), 'seeker@example.com');
    await user.click(screen.getByRole('button', { name: 'E-mail me a sign-in code' }));

    await waitFor(() => expect(currentLocation().pathname).toBe('/verify-otp'));
    expect(requests.find((request) => request.url === '/api/send-otp/')?.body).toEqual({
      email: 'seeker@example.com',
    });
  });
});
