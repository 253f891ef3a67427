import { screen } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../test/fetch-mock';
import { renderRoutes } from '../test/render';
import { sessionFor } from '../test/sessions';
import { buildRoutes } from './router';

function Boom(): never {
  throw new Error('screen failed');
}

function routesWithBrokenScreen(): RouteObject[] {
  const [root] = buildRoutes();
  const screens = root?.children?.[0];
  if (!root || root.index || !screens || screens.index) throw new Error('unexpected route shape');
  const brokenScreens = { ...screens, children: [{ path: '/boom', element: <Boom /> }, ...(screens.children ?? [])] };
  return [{ ...root, children: [brokenScreens] }];
}

describe('router', () => {
  beforeEach(() => {
    mockFetch(() => jsonResponse(200, { googleClientId: null, productName: 'Hireloop' }));
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows the fallback screen with a way home for an unknown address', async () => {
    renderRoutes(buildRoutes(), { path: '/no-such-page' });
    expect(await screen.findByText('Unexpected Application Error!')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
  });

  it('shows the fallback screen for a spec route whose screen does not exist yet', async () => {
    renderRoutes(buildRoutes(), { path: '/jobseekerapplications', session: sessionFor('jobseeker') });
    expect(await screen.findByText('Unexpected Application Error!')).toBeInTheDocument();
  });

  it('shows the fallback screen, inside the layout, when a screen throws', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    renderRoutes(routesWithBrokenScreen(), { path: '/boom' });
    expect(await screen.findByText('Unexpected Application Error!')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Hireloop home' })).toBeInTheDocument();
  });

  it('guards role screens: a visitor opening the admin dashboard gets the sign-in screen', async () => {
    const { router } = renderRoutes(buildRoutes(), { path: '/admindashboard' });
    expect(await screen.findByRole('heading', { name: 'Sign in to Hireloop' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('sends an employer without company details to company management', async () => {
    const { router } = renderRoutes(buildRoutes(), {
      path: '/dashboard/employer',
      session: sessionFor('employer', { companyDetailsSubmitted: false }),
    });
    expect(await screen.findByRole('heading', { name: 'Company details' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/EmployerCompanyManagement');
  });

  it('shows the public header to visitors and the account menu to signed-in people', async () => {
    renderRoutes(buildRoutes(), { path: '/dashboard/jobseeker', session: sessionFor('jobseeker') });
    expect(await screen.findByRole('heading', { name: /Ada/ })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Account menu for Ada Lovelace' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Sign up' })).not.toBeInTheDocument();
  });
});
