import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HashRouter, type RouteObject } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../test/fetch-mock';
import { searchAnswer } from '../test/job-search-fixtures';
import { renderRoutes, renderWithProviders } from '../test/render';
import { sessionFor } from '../test/sessions';
import { AppRoutes, buildRoutes, routesWithoutScreen } from './router';

function Boom(): never {
  throw new Error('screen failed');
}

/** A screen that fails while `passingFailure` is set (a dropped connection, say), then works. */
let passingFailure = false;
function FailsOnce() {
  if (passingFailure) throw new Error('passing failure');
  return <p>the screen works now</p>;
}

function routesWithBrokenScreen(): RouteObject[] {
  const [root] = buildRoutes();
  const screens = root?.children?.[0];
  if (!root || root.index || !screens || screens.index) throw new Error('unexpected route shape');
  const brokenScreens = {
    ...screens,
    children: [{ path: '/boom', element: <Boom /> }, { path: '/flaky', element: <FailsOnce /> }, ...(screens.children ?? [])],
  };
  return [{ ...root, children: [brokenScreens] }];
}

describe('router', () => {
  beforeEach(() => {
    mockFetch(({ url }) => {
      if (url.startsWith('/api/jobs')) return jsonResponse(200, searchAnswer());
      if (url === '/api/config/') return jsonResponse(200, { googleClientId: null, productName: 'Hireloop' });
      // Screens' own data is not what these tests look at: they show their "could not load" state.
      return jsonResponse(404, { detail: 'Not found.', code: 'not_found' });
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows the fallback screen with a way home for an unknown address', async () => {
    renderRoutes(buildRoutes(), { path: '/no-such-page' });
    expect(await screen.findByText('Unexpected Application Error!')).toBeInTheDocument();
    // Said plainly: the address is wrong, nothing crashed.
    expect(screen.getByRole('heading', { level: 1, name: 'This page does not exist' })).toBeInTheDocument();
    expect(screen.getByText(/It may be mistyped/)).toBeInTheDocument();
    expect(screen.queryByText(/Something went wrong/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
  });

  it('says a failed screen went wrong and tries it again on request', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    passingFailure = true;
    renderRoutes(routesWithBrokenScreen(), { path: '/flaky' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.getByText('Unexpected Application Error!')).toBeInTheDocument();
    expect(screen.queryByText('This page does not exist')).not.toBeInTheDocument();
    passingFailure = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('the screen works now')).toBeInTheDocument();
    expect(screen.queryByText('Unexpected Application Error!')).not.toBeInTheDocument();
  });

  it('has a screen for every route of the spec and of the product (none falls back)', () => {
    expect(routesWithoutScreen()).toEqual([]);
  });

  it('shows the fallback screen, inside the layout, when a screen throws', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    renderRoutes(routesWithBrokenScreen(), { path: '/boom' });
    expect(await screen.findByText('Unexpected Application Error!')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Hireloop home' })).toBeInTheDocument();
  });

  it('clears the failure once the visitor goes to another address', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { currentLocation } = renderRoutes(routesWithBrokenScreen(), { path: '/boom' });
    await userEvent.click(await screen.findByRole('link', { name: 'Go to the home page' }));
    expect(await screen.findByRole('heading', { name: 'Find work that fits. Hire people who fit.' })).toBeInTheDocument();
    expect(screen.queryByText('Unexpected Application Error!')).not.toBeInTheDocument();
    expect(currentLocation().pathname).toBe('/');
  });

  it('follows the address hash, as the sign-out after a failed token refresh sets it', async () => {
    window.location.hash = '#/';
    renderWithProviders(
      <HashRouter>
        <AppRoutes />
      </HashRouter>,
    );
    expect(await screen.findByRole('heading', { name: 'Find work that fits. Hire people who fit.' })).toBeInTheDocument();
    act(() => {
      window.location.hash = '#/login';
    });
    expect(await screen.findByRole('heading', { name: 'Sign in to Hireloop' })).toBeInTheDocument();
  });

  it('guards role screens: a visitor opening the admin dashboard gets the sign-in screen', async () => {
    const { currentLocation } = renderRoutes(buildRoutes(), { path: '/admindashboard' });
    expect(await screen.findByRole('heading', { name: 'Sign in to Hireloop' })).toBeInTheDocument();
    expect(currentLocation().pathname).toBe('/login');
  });

  it('sends an employer without company details to company management', async () => {
    const { currentLocation } = renderRoutes(buildRoutes(), {
      path: '/dashboard/employer',
      session: sessionFor('employer', { companyDetailsSubmitted: false }),
    });
    expect(await screen.findByRole('heading', { name: 'Company details' })).toBeInTheDocument();
    expect(currentLocation().pathname).toBe('/EmployerCompanyManagement');
  });

  it('gives visitors Sign in and Sign up in the header, and a phone menu that does not repeat them', async () => {
    renderRoutes(buildRoutes(), { path: '/' });
    const header = await screen.findByRole('banner');
    expect(within(header).getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    expect(within(header).getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/signup');
    await userEvent.click(within(header).getByRole('button', { name: 'Open navigation' }));
    const menu = screen.getByRole('navigation', { name: 'Main' });
    expect(within(menu).getByRole('link', { name: 'Home' })).toBeInTheDocument();
    expect(within(menu).queryByRole('link', { name: /Sign in|Create an account/ })).not.toBeInTheDocument();
  });

  it('shows the public header to visitors and the account menu to signed-in people', async () => {
    renderRoutes(buildRoutes(), { path: '/dashboard/jobseeker', session: sessionFor('jobseeker') });
    expect(await screen.findByRole('heading', { name: /Ada/ })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Account menu for Ada Lovelace' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Sign up' })).not.toBeInTheDocument();
  });
});
