import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { renderRoutes } from '../../../test/render';
import { sessionFor } from '../../../test/sessions';
import { AdminDashboardScreen } from './admin-dashboard-screen';

const grace = {
  id: 2,
  email: 'grace@example.com',
  full_name: 'Grace Hopper',
  role: 'employer',
  is_active: true,
  email_verified: false,
  date_joined: '2025-01-02T10:00:00Z',
  last_login: null,
};

function renderDashboard(respond: (url: string) => Response) {
  const fetchMock = mockFetch((request) =>
    request.url === '/api/config/' ? jsonResponse(200, { googleClientId: null, productName: 'Hireloop' }) : respond(request.url),
  );
  const userRequests = () => fetchMock.requests.filter((request) => request.url.startsWith('/api/users/'));
  const rendered = renderRoutes([{ path: '/admindashboard', element: <AdminDashboardScreen /> }], {
    path: '/admindashboard',
    session: sessionFor('admin'),
  });
  return { ...rendered, requests: userRequests };
}

describe('AdminDashboardScreen', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists users with their count, and filters by role through the address', async () => {
    const { requests, currentLocation } = renderDashboard(() =>
      jsonResponse(200, { results: [grace], count: 1, next: null, previous: null }),
    );

    expect((await screen.findAllByText('Grace Hopper')).length).toBeGreaterThan(0);
    expect(screen.getByText('1 account on Hireloop')).toBeInTheDocument();
    expect(requests()[0]?.url).toBe('/api/users/?page=1&page_size=20');
    expect(requests()[0]?.authorization).toBe('Bearer access-1');

    await userEvent.setup().click(screen.getByRole('radio', { name: 'Employers' }));

    await waitFor(() => expect(requests().at(-1)?.url).toBe('/api/users/?page=1&page_size=20&role=employer'));
    expect(currentLocation().search).toBe('?role=employer');
  });

  it('says so when nothing matches, and clears the filters', async () => {
    const { requests, currentLocation } = renderDashboard(() => jsonResponse(200, { results: [], count: 0, next: null, previous: null }));
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Search users by name or e-mail' }), 'nobody');

    expect(await screen.findByText('No users match these filters')).toBeInTheDocument();
    await waitFor(() => expect(requests().at(-1)?.url).toContain('search=nobody'));

    expect(currentLocation().search).toBe('?search=nobody');

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(currentLocation().search).toBe(''));
    expect(await screen.findByText('No users yet')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Search users by name or e-mail' })).toHaveValue('');
  });

  it('shows what went wrong and retries', async () => {
    let calls = 0;
    renderDashboard(() => {
      calls += 1;
      return calls === 1
        ? jsonResponse(500, { detail: 'Database unavailable.', code: 'internal_error' })
        : jsonResponse(200, { results: [grace], count: 1, next: null, previous: null });
    });

    expect(await screen.findByText('The users could not be loaded')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect((await screen.findAllByText('Grace Hopper')).length).toBeGreaterThan(0);
  });
});
