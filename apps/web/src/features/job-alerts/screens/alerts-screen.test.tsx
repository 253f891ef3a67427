import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { JobAlertList, JobAlertOut } from '@jobportal/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jobSummary } from '../../../test/application-fixtures';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { renderRoutes } from '../../../test/render';
import { sessionFor } from '../../../test/sessions';
import { AlertsScreen } from './alerts-screen';

const alert = (id: number, extra: Partial<JobAlertOut> = {}): JobAlertOut => ({
  id,
  name: `Alert ${id}`,
  criteria: { search: 'python', location: 'Berlin' },
  frequency: 'instant',
  in_app: true,
  email: false,
  paused: false,
  new_matches: 0,
  total_matches: 0,
  last_match_at: null,
  created_at: '2026-11-25T10:00:00Z',
  ...extra,
});

describe('AlertsScreen', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists the alerts with what is new, opens the search and the matches, and pauses one', async () => {
    let list: JobAlertList = {
      results: [
        alert(1, { name: 'python Berlin', new_matches: 2, total_matches: 3 }),
        alert(2, { name: 'Remote roles', criteria: { is_remote: 'true' } }),
      ],
      count: 2,
      next: null,
      previous: null,
      new_matches: 2,
    };
    const { requests } = mockFetch((request) => {
      if (request.url.startsWith('/api/job-alerts/1/matches/'))
        return jsonResponse(200, {
          results: [{ id: 9, matched_at: '2026-11-25T10:00:00Z', is_new: true, job: { ...jobSummary, id: 77, title: 'Python Developer' } }],
          count: 1,
          next: null,
          previous: null,
        });
      if (request.method === 'PATCH') {
        list = { ...list, results: list.results.map((a) => (a.id === 2 ? { ...a, paused: true } : a)) };
        return jsonResponse(200, list.results[1]);
      }
      return jsonResponse(200, list);
    });
    renderRoutes([{ path: '/alerts', element: <AlertsScreen /> }], { path: '/alerts', session: sessionFor('jobseeker') });

    const first = await screen
      .findByRole('article', { name: 'Alert python Berlin' })
      .catch(() => screen.findByLabelText('Alert python Berlin'));
    expect(within(first).getByText('2 new')).toBeInTheDocument();
    expect(within(first).getByRole('link', { name: 'Open the search' })).toHaveAttribute('href', '/?search=python&location=Berlin');
    expect(screen.getByText('2 new jobs in all.')).toBeInTheDocument();

    await userEvent.click(within(first).getByRole('button', { name: 'Matches' }));
    expect(await within(first).findByRole('link', { name: 'Python Developer' })).toHaveAttribute('href', '/jobs/77');
    expect(within(first).getByText('New')).toBeInTheDocument();

    const second = screen.getByLabelText('Alert Remote roles');
    await userEvent.click(within(second).getByRole('switch', { name: 'Paused' }));
    await waitFor(() =>
      expect(requests.filter((r) => r.method === 'PATCH').map((r) => [r.url, r.body])).toEqual([['/api/job-alerts/2/', { paused: true }]]),
    );
  }, 30_000);

  it('says how to make one when there are none', async () => {
    mockFetch(() => jsonResponse(200, { results: [], count: 0, next: null, previous: null, new_matches: 0 }));
    renderRoutes([{ path: '/alerts', element: <AlertsScreen /> }], { path: '/alerts', session: sessionFor('jobseeker') });
    expect(await screen.findByText('No alerts yet')).toBeInTheDocument();
  });
});
