import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CompanyOut, TeamOut } from '@jobportal/shared';
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

/** Rae's interview that day: shown only when she is the chosen interviewer. */
const raes = interview({
  id: 31,
  jobseeker: { id: 9, full_name: 'Linus Pauling' },
  interviewer: { id: 12, full_name: 'Rae Recruiter' },
  scheduled_time: '2031-06-02T14:00:00.000Z',
  end_time: '2031-06-02T15:00:00.000Z',
});
const member = (id: number, full_name: string, role: 'owner' | 'recruiter') => ({
  id,
  email: `${id}@example.com`,
  full_name,
  role,
  joined_at: '2026-01-02T10:00:00Z',
  invited_by: null,
  jobs_posted: 0,
});
const team: TeamOut = {
  company: { id: 9, name: 'Acme Robotics' },
  // The session's user (7) owns the company; Rae is a recruiter.
  members: [member(7, 'Ada Lovelace', 'owner'), member(12, 'Rae Recruiter', 'recruiter')],
  invitations: [],
  can_manage: true,
};

function renderScreen(
  respond: (request: RecordedRequest) => Response | undefined = () => undefined,
  state: Record<string, unknown> = { applicantName: 'Ada Lovelace', jobTitle: 'Robot Whisperer', jobId: 5 },
) {
  const { requests } = mockFetch((request) => {
    const answer = respond(request);
    if (answer) return answer;
    if (request.url.startsWith('/api/interview-schedules/')) {
      const interviewer = new URL(request.url, 'http://localhost').searchParams.get('interviewer');
      return jsonResponse(200, page(interviewer === '12' ? [raes] : interviewer === '7' ? [existing] : []));
    }
    if (request.url.startsWith('/api/companies/?')) return jsonResponse(200, page([{ id: 9, name: 'Acme Robotics' } as CompanyOut]));
    if (request.url === '/api/companies/9/members/') return jsonResponse(200, team);
    return jsonResponse(404, { detail: 'no', code: 'not_found' });
  });
  const rendered = renderRoutes(
    [
      { path: '/schedule-interview/:applicantId', element: <ScheduleInterviewScreen /> },
      { path: '/EmployerInterviews', element: <p>Agenda</p> },
    ],
    {
      path: '/schedule-interview/11',
      session: sessionFor('employer'),
      state,
    },
  );
  return { requests, ...rendered };
}

// Calendars are large trees for jsdom: these tests take a few seconds each on a busy machine.
describe('ScheduleInterviewScreen', { timeout: 45_000 }, () => {
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
    // The caller is the interviewer unless they choose another member: nothing to name.
    expect(post?.body).not.toHaveProperty('interviewer');
  });

  it("chooses another member as the interviewer: the day lists that member's interviews and the request names them", async () => {
    const user = userEvent.setup();
    const { requests } = renderScreen((request) =>
      request.method === 'POST' ? jsonResponse(201, interview({ status: 'scheduled' })) : undefined,
    );
    const select = await screen.findByLabelText('Interviewer', { selector: 'input' });
    await waitFor(() => expect(select).toHaveValue('Ada Lovelace (me)'));
    await user.click(screen.getByRole('button', { name: '2 June 2031' }));
    expect(await screen.findByRole('heading', { name: /^Your interviews on/ })).toBeInTheDocument();
    expect(await screen.findByText(/Grace Hopper/)).toBeInTheDocument();

    await user.click(select);
    await user.click(await screen.findByRole('option', { name: 'Rae Recruiter' }));
    expect(await screen.findByRole('heading', { name: /^Rae Recruiter's interviews on/ })).toBeInTheDocument();
    expect(await screen.findByText(/Linus Pauling/)).toBeInTheDocument();
    expect(screen.queryByText(/Grace Hopper/)).not.toBeInTheDocument();
    // 10:00-11:00 does not overlap Rae's 14:00; 14:00 does.
    expect(screen.queryByText('Overlaps')).not.toBeInTheDocument();
    await user.click(screen.getByLabelText('Start', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: '14:00' }));
    expect(await screen.findByText('Overlaps')).toBeInTheDocument();
    expect(requests.some((r) => r.url.includes('interviewer=12'))).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Schedule interview' }));
    await waitFor(() => expect(requests.some((r) => r.method === 'POST')).toBe(true));
    expect(requests.find((r) => r.method === 'POST')?.body).toMatchObject({ interviewer: 12, scheduled_time: '2031-06-02T14:00:00.000Z' });
  });

  it("shows the job seeker's time beside the chosen time, or that their zone is not known yet", async () => {
    const user = userEvent.setup();
    const first = renderScreen(undefined, { applicantName: 'Ada Lovelace', jobseekerTimeZone: 'Asia/Tokyo' });
    await user.click(await screen.findByRole('button', { name: '2 June 2031' }));
    // 10:00 UTC is 19:00 in Tokyo, the same day (the test runtime's locale may write 07:00 PM).
    expect(screen.getByText(/^Their time: (19:00|07:00 PM) in Asia\/Tokyo$/)).toBeInTheDocument();
    // 20:45 UTC is already 3 June in Tokyo: the date is named.
    await user.click(screen.getByLabelText('Start', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: '20:45' }));
    expect(screen.getByText(/^Their time: Tue, (3 Jun|Jun 3),? 2031, (05:45|05:45 AM) in Asia\/Tokyo$/)).toBeInTheDocument();
    first.unmount();

    renderScreen(undefined, { applicantName: 'Ada Lovelace', jobseekerTimeZone: null });
    await user.click(await screen.findByRole('button', { name: '2 June 2031' }));
    expect(screen.getByText("Their time: the job seeker's time zone is not known yet.")).toBeInTheDocument();
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
