import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { feedback, interview, page } from '../../../test/interview-fixtures';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { renderWithProviders } from '../../../test/render';
import { sessionFor } from '../../../test/sessions';
import { SeekerInterviews } from './seeker-interviews';

afterEach(() => vi.unstubAllGlobals());

const offered = interview({
  id: 1,
  application: 11,
  status: 'offered',
  scheduled_time: null,
  end_time: null,
  offered_times: ['2031-06-03T09:00:00.000Z', '2031-06-04T09:00:00.000Z'],
});
const upcoming = interview({ id: 2, application: 12, scheduled_time: '2031-06-02T08:00:00.000Z', end_time: '2031-06-02T09:00:00.000Z' });
const done = interview({
  id: 3,
  application: 13,
  status: 'completed',
  scheduled_time: '2026-01-02T08:00:00.000Z',
  end_time: '2026-01-02T09:00:00.000Z',
});

function renderList(applicationId?: number) {
  const { requests } = mockFetch((r) => {
    if (r.method === 'POST' && r.url.endsWith('/choose/')) return jsonResponse(200, { ...offered, status: 'scheduled' });
    if (r.method === 'POST' && r.url.endsWith('/confirm/'))
      return jsonResponse(200, { ...upcoming, seeker_confirmed_at: '2031-05-30T10:00:00Z' });
    if (r.method === 'PATCH') return jsonResponse(200, feedback({ interview: 3, is_approved: true }));
    if (r.url.startsWith('/api/interview-feedbacks/')) return jsonResponse(200, page([feedback({ interview: 3 })]));
    return jsonResponse(200, page([offered, upcoming, done]));
  });
  renderWithProviders(<SeekerInterviews applicationId={applicationId} />, sessionFor('jobseeker'));
  return requests;
}

describe('SeekerInterviews', () => {
  it('picks one of the offered times', async () => {
    const user = userEvent.setup({ delay: null });
    const requests = renderList(11);
    await user.click(await screen.findByRole('radio', { name: /Jun 4|4 Jun/ }));
    await user.click(screen.getByRole('button', { name: 'Pick this time' }));
    await waitFor(() =>
      expect(requests.find((r) => r.method === 'POST')).toMatchObject({
        url: '/api/interview-schedules/1/choose/',
        body: { scheduled_time: '2031-06-04T09:00:00.000Z' },
      }),
    );
    expect(screen.queryByText('Robot Whisperer at Acme Robotics · Video call', { exact: false })).toBeInTheDocument();
  });

  it('confirms attendance and offers the calendar file for an upcoming interview', async () => {
    const user = userEvent.setup({ delay: null });
    const requests = renderList(12);
    expect(await screen.findByRole('button', { name: 'Add to calendar' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Confirm attendance' }));
    await waitFor(() => expect(requests.some((r) => r.method === 'POST' && r.url === '/api/interview-schedules/2/confirm/')).toBe(true));
  });

  it("shows the feedback of a past interview, and the job seeker's choice to show it", async () => {
    const user = userEvent.setup({ delay: null });
    const requests = renderList(13);
    expect(await screen.findByText('A strong interview.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add to calendar' })).toBeNull();
    await user.click(screen.getByRole('switch', { name: 'Show on my profile' }));
    await waitFor(() =>
      expect(requests.find((r) => r.method === 'PATCH')).toMatchObject({
        url: '/api/interview-feedbacks/41/',
        body: { is_approved: true },
      }),
    );
  });
});
