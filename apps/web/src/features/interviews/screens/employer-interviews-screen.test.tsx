import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { interview, page } from '../../../test/interview-fixtures';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { renderRoutes } from '../../../test/render';
import { sessionFor } from '../../../test/sessions';
import { EmployerInterviewsScreen } from './employer-interviews-screen';

afterEach(() => vi.unstubAllGlobals());

const upcoming = [
  interview({
    id: 1,
    status: 'offered',
    scheduled_time: null,
    end_time: null,
    offered_times: ['2031-06-03T09:00:00.000Z', '2031-06-04T09:00:00.000Z'],
  }),
  interview({
    id: 2,
    jobseeker: { id: 8, full_name: 'Grace Hopper' },
    scheduled_time: '2031-06-02T08:00:00.000Z',
    end_time: '2031-06-02T09:00:00.000Z',
  }),
  interview({
    id: 3,
    jobseeker: { id: 9, full_name: 'Alan Turing' },
    scheduled_time: '2031-06-05T13:00:00.000Z',
    end_time: '2031-06-05T13:45:00.000Z',
  }),
];
const past = [
  interview({
    id: 4,
    jobseeker: { id: 10, full_name: 'Edsger Dijkstra' },
    scheduled_time: '2026-01-05T09:00:00.000Z',
    end_time: '2026-01-05T10:00:00.000Z',
  }),
  interview({
    id: 5,
    jobseeker: { id: 11, full_name: 'Barbara Liskov' },
    status: 'completed',
    has_feedback: true,
    scheduled_time: '2026-01-04T09:00:00.000Z',
    end_time: '2026-01-04T10:00:00.000Z',
  }),
];

describe('EmployerInterviewsScreen', () => {
  it('shows upcoming interviews by day, offers first; past ones say when feedback is missing', async () => {
    const user = userEvent.setup({ delay: null });
    const { requests } = mockFetch((r) => jsonResponse(200, page(r.url.includes('when=past') ? past : upcoming)));
    renderRoutes([{ path: '/EmployerInterviews', element: <EmployerInterviewsScreen /> }], {
      path: '/EmployerInterviews',
      session: sessionFor('employer'),
    });
    const offers = await screen.findByRole('region', { name: 'Waiting for a pick' });
    expect(within(offers).getByText('Ada Lovelace')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: '2031-06-02' })).toHaveTextContent('Grace Hopper');
    expect(screen.getByRole('region', { name: '2031-06-05' })).toHaveTextContent('Alan Turing');
    expect(requests.some((r) => r.url === '/api/interview-schedules/?page_size=100&when=upcoming')).toBe(true);

    await user.click(screen.getByText('Past'));
    expect(await screen.findByText('Edsger Dijkstra')).toBeInTheDocument();
    const missing = screen.getByRole('region', { name: '2026-01-05' });
    expect(within(missing).getByText('Feedback missing')).toBeInTheDocument();
    expect(within(missing).getByRole('link', { name: 'Give feedback' })).toHaveAttribute('href', '/interview-feedback/4');
    expect(within(screen.getByRole('region', { name: '2026-01-04' })).queryByText('Feedback missing')).toBeNull();
  });

  it('cancels an interview after confirming', async () => {
    const user = userEvent.setup({ delay: null });
    const { requests } = mockFetch((r) =>
      r.method === 'PATCH' ? jsonResponse(200, { ...upcoming[1], status: 'cancelled' }) : jsonResponse(200, page(upcoming)),
    );
    renderRoutes([{ path: '/EmployerInterviews', element: <EmployerInterviewsScreen /> }], {
      path: '/EmployerInterviews',
      session: sessionFor('employer'),
    });
    const day = await screen.findByRole('region', { name: '2031-06-02' });
    await user.click(within(day).getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('Cancel this interview?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel interview' }));
    await waitFor(() =>
      expect(requests.find((r) => r.method === 'PATCH')).toMatchObject({ url: '/api/update-interview/2/', body: { status: 'cancelled' } }),
    );
  });
});
