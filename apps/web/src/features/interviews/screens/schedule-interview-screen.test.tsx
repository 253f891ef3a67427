import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { interview, page } from '../../../test/interview-fixtures';
import { jsonResponse, mockFetch, type RecordedRequest } from '../../../test/fetch-mock';
import { renderRoutes } from '../../../test/render';
import { sessionFor } from '../../../test/sessions';
import { ScheduleInterviewScreen } from './schedule-interview-screen';

beforeEach(() => {
  // Only the clock: a fixed "today" so the calendar shows June 2031.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2031-06-01T07:00:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const existing = interview({
  id: 30,
  jobseeker: { id: 8, full_name: 'Grace Hopper' },
  scheduled_time: '2031-06-02T10:00:00.000Z',
  end_time: '2031-06-02T11:00:00.000Z',
});

function renderScreen(respond: (request: RecordedRequest) => Response | undefined = () => undefined) {
  const { requests } = mockFetch(
    (request) =>
      respond(request) ??
      (request.url.startsWith('/api/interview-schedules/')
        ? jsonResponse(200, page([existing]))
        : jsonResponse(404, { detail: 'no', code: 'not_found' })),
  );
  const rendered = renderRoutes(
    [
      { path: '/schedule-interview/:applicantId', element: <ScheduleInterviewScreen /> },
      { path: '/EmployerInterviews', element: <p>Agenda</p> },
    ],
    {
      path: '/schedule-interview/11',
      session: sessionFor('employer'),
      state: { applicantName: 'Ada Lovelace', jobTitle: 'Robot Whisperer', jobId: 5 },
    },
  );
  return { requests, ...rendered };
}

// Calendars are large trees for jsdom: these tests take a few seconds each on a busy machine.
describe('ScheduleInterviewScreen', { timeout: 20_000 }, () => {
  it("schedules one time in the chosen zone, showing the day's other interviews and an overlap", async () => {
    const user = userEvent.setup({ delay: null });
    const { requests, currentLocation } = renderScreen((request) =>
      request.method === 'POST' ? jsonResponse(201, interview({ status: 'scheduled' })) : undefined,
    );
    expect(await screen.findByRole('heading', { name: 'Interview with Ada Lovelace' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '2 June 2031' }));
    expect(await screen.findByText(/Grace Hopper/)).toBeInTheDocument();
    // 10:00 UTC (the test's zone) for an hour overlaps Grace Hopper's 10:00–11:00.
    expect(screen.getByText('Overlaps')).toBeInTheDocument();
    await user.click(screen.getByRole('textbox', { name: 'Call link' }));
    await user.paste('https://meet.example.com/xyz');
    await user.click(screen.getByRole('button', { name: 'Schedule interview' }));
    await waitFor(() => expect(currentLocation().pathname).toBe('/EmployerInterviews'));
    const post = requests.find((r) => r.method === 'POST');
    expect(post?.url).toBe('/api/schedule-interview/');
    expect(post?.body).toMatchObject({
      application: 11,
      scheduled_time: '2031-06-02T10:00:00.000Z',
      duration_minutes: 60,
      mode: 'video',
      meeting_link: 'https://meet.example.com/xyz',
    });
  });

  it('names the clashing time when the server refuses it', async () => {
    const user = userEvent.setup({ delay: null });
    renderScreen((request) =>
      request.method === 'POST'
        ? jsonResponse(409, {
            code: 'interview_clash',
            detail: 'That time clashes with another interview, 2 Jun 2031, 10:00–11:00 (UTC). Choose another time.',
            clash: { id: 30, scheduled_time: '2031-06-02T10:00:00.000Z', end_time: '2031-06-02T11:00:00.000Z' },
          })
        : undefined,
    );
    await user.click(await screen.findByRole('button', { name: '2 June 2031' }));
    await user.click(screen.getByRole('button', { name: 'Schedule interview' }));
    expect(await screen.findByText('That time is taken')).toBeInTheDocument();
    expect(screen.getByText(/clashes with another interview, 2 Jun 2031, 10:00–11:00/)).toBeInTheDocument();
  });

  it('offers 2 to 6 times instead of one', async () => {
    const user = userEvent.setup({ delay: null });
    const { requests } = renderScreen((request) =>
      request.method === 'POST' ? jsonResponse(201, interview({ status: 'offered' })) : undefined,
    );
    await user.click(await screen.findByRole('radio', { name: 'Offer times to pick' }));
    const offer = screen.getByRole('button', { name: /Offer/ });
    expect(offer).toBeDisabled();
    await user.click(screen.getByRole('button', { name: '3 June 2031' }));
    await user.click(screen.getByRole('button', { name: 'Add this time' }));
    expect(offer).toBeDisabled();
    await user.click(screen.getByRole('button', { name: '4 June 2031' }));
    await user.click(screen.getByRole('button', { name: 'Add this time' }));
    expect(screen.getByRole('list', { name: 'Offered times' }).children).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Offer 2 times' }));
    await waitFor(() => expect(requests.some((r) => r.method === 'POST')).toBe(true));
    expect(requests.find((r) => r.method === 'POST')?.body).toMatchObject({
      offered_times: ['2031-06-03T10:00:00.000Z', '2031-06-04T10:00:00.000Z'],
    });
  });
});
