import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RequireRole } from '../../../app/guard';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { renderRoutes } from '../../../test/render';
import { sessionFor } from '../../../test/sessions';
import type { Session } from '../../../lib/session/session';
import { AdminLoginScreen } from '../screens/admin-login-screen';
import { LoginScreen } from '../screens/login-screen';
import { SignupScreen } from '../screens/signup-screen';
import { rolesFor } from './already-signed-in';

function renderAt(path: string, session: Session) {
  const fetchMock = mockFetch((request) => {
    if (request.url === '/api/config/') return jsonResponse(200, { googleClientId: null, productName: 'Hireloop' });
    if (request.url === '/api/logout/') return jsonResponse(200, { detail: 'Signed out.' });
    throw new Error(`Unexpected ${request.url}`);
  });
  const rendered = renderRoutes(
    [
      { path: '/login', element: <LoginScreen /> },
      { path: '/signup', element: <SignupScreen /> },
      { path: '/adminlogin', element: <AdminLoginScreen /> },
      { path: '/dashboard/jobseeker', element: <p>job seeker home</p> },
      { path: '/dashboard/employer', element: <p>employer home</p> },
      {
        path: '/admindashboard',
        element: (
          <RequireRole rule={{ roles: ['admin'], requiresCompanyDetails: false }}>
            <p>admin dashboard</p>
          </RequireRole>
        ),
      },
    ],
    { path, session },
  );
  return { ...rendered, ...fetchMock };
}

describe('a signed-in person on a sign-in or sign-up screen', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("says the page the guard refused is for another kind of account, and offers the person's own dashboard", async () => {
    const { currentLocation } = renderAt('/admindashboard', sessionFor('jobseeker'));
    expect(await screen.findByText('That page is for administrators')).toBeInTheDocument();
    expect(currentLocation().pathname).toBe('/login');
    expect(screen.getByText(/You are signed in as a job seeker \(Ada Lovelace\)\./)).toBeInTheDocument();
    expect(screen.queryByText('You are already signed in')).not.toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('link', { name: 'Go to your dashboard' }));
    expect(await screen.findByText('job seeker home')).toBeInTheDocument();
  });

  it('signs out to switch account and stays on the sign-in screen, still heading for the refused page', async () => {
    const { currentLocation, requests } = renderAt('/admindashboard', sessionFor('employer'));
    expect(await screen.findByText(/You are signed in as an employer/)).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Sign out to switch account' }));
    await waitFor(() => expect(screen.queryByText('That page is for administrators')).not.toBeInTheDocument());
    expect(requests.some((r) => r.url === '/api/logout/' && r.method === 'POST')).toBe(true);
    expect(currentLocation().pathname).toBe('/login');
    expect(currentLocation().state).toEqual({ from: '/admindashboard' });
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
  });

  it.each([
    ['/login', 'jobseeker', '/dashboard/jobseeker'],
    ['/signup', 'employer', '/dashboard/employer'],
    ['/adminlogin', 'jobseeker', '/dashboard/jobseeker'],
  ] as const)('on %s says so, with the way home and the way to switch', async (path, role, home) => {
    renderAt(path, sessionFor(role));
    expect(await screen.findByText('You are already signed in')).toBeInTheDocument();
    expect(
      screen.getByText(new RegExp(`You are signed in as an? ${role === 'employer' ? 'employer' : 'job seeker'} \\(Ada Lovelace\\)`)),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to your dashboard' })).toHaveAttribute('href', home);
    expect(screen.getByRole('button', { name: 'Sign out to switch account' })).toBeInTheDocument();
  });

  it('says nothing to a visitor who is not signed in', async () => {
    renderAt('/signup', sessionFor('jobseeker', { role: null }));
    expect(await screen.findByText('Create your Hireloop account')).toBeInTheDocument();
    expect(screen.queryByText('You are already signed in')).not.toBeInTheDocument();
  });

  it('knows which kinds of account a guarded address is for', () => {
    expect(rolesFor('/admindashboard')).toEqual(['admin']);
    expect(rolesFor('/EmployerJobapplicants/4?status=pending')).toEqual(['employer']);
    expect(rolesFor('/chat/3/4')).toEqual(['jobseeker', 'employer']);
    expect(rolesFor('/job/3')).toBeUndefined();
    expect(rolesFor('/no-such-page')).toBeUndefined();
  });
});
