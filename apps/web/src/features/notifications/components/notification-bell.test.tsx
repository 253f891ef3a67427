import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { renderRoutes } from '../../../test/render';
import { sessionFor } from '../../../test/sessions';
import NotificationBell from './notification-bell';

const list = (results: Array<{ id: number; message: string; is_read: boolean; link: string | null }>) => ({
  count: results.length,
  next: null,
  previous: null,
  unread_count: results.filter((n) => !n.is_read).length,
  results: results.map((n) => ({ ...n, type: 'application_status_changed', created_at: new Date(Date.now() - 3_600_000).toISOString() })),
});

function renderBell(answer: () => Response) {
  const calls = mockFetch((request) => {
    if (request.url.startsWith('/api/notifications/') && request.method === 'GET') return answer();
    if (request.url === '/api/notifications/1/mark_as_read/') return jsonResponse(200, {});
    throw new Error(`Unexpected ${request.method} ${request.url}`);
  });
  const rendered = renderRoutes(
    [
      { path: '/dashboard/jobseeker', element: <NotificationBell /> },
      { path: '/jobseekerapplications', element: <p>applications screen</p> },
    ],
    { path: '/dashboard/jobseeker', session: sessionFor('jobseeker') },
  );
  return { ...rendered, ...calls };
}

describe('NotificationBell', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('says how many are unread, and an unread one opens what it is about and becomes read', async () => {
    const { requests, currentLocation } = renderBell(() =>
      jsonResponse(
        200,
        list([
          { id: 1, message: 'Your application to Nurse at Acme is now: Reviewed.', is_read: false, link: '/jobseekerapplications' },
          { id: 2, message: 'Your application to Nurse at Acme is now: Applied.', is_read: true, link: null },
        ]),
      ),
    );
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Notifications: 1 unread' }));
    expect(screen.getByText('Your application to Nurse at Acme is now: Applied.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /now: Reviewed/ }));

    expect(await screen.findByText('applications screen')).toBeInTheDocument();
    expect(currentLocation().pathname).toBe('/jobseekerapplications');
    await waitFor(() => expect(requests.some((r) => r.method === 'POST' && r.url === '/api/notifications/1/mark_as_read/')).toBe(true));
  });

  it('says plainly when there is nothing yet', async () => {
    renderBell(() => jsonResponse(200, list([])));
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Notifications' }));
    expect(await screen.findByText(/Nothing yet/)).toBeInTheDocument();
  });

  it('offers to try again when the list cannot be loaded', async () => {
    renderBell(() => jsonResponse(500, { detail: 'Boom.', code: 'internal_error' }));
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Notifications' }));
    expect(await screen.findByText('Your notifications could not be loaded.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
