import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { applicant } from '../../../test/application-fixtures';
import { jsonResponse, mockFetch, type RecordedRequest } from '../../../test/fetch-mock';
import { renderRoutes } from '../../../test/render';
import { sessionFor } from '../../../test/sessions';
import { EmployerApplicantsScreen } from './employer-applicants-screen';

beforeEach(() => localStorage.clear());
afterEach(() => {
  vi.unstubAllGlobals();
});

const reviewed = applicant({
  id: 22,
  status: 'reviewed',
  applicant: { ...applicant().applicant, id: 8, full_name: 'Grace Hopper' },
  allowed_statuses: ['interview_scheduled', 'rejected'],
});
const hired = applicant({
  id: 23,
  status: 'hired',
  applicant: { ...applicant().applicant, id: 9, full_name: 'Alan Turing' },
  allowed_statuses: [],
});

function renderScreen(respond: (request: RecordedRequest) => Response | undefined = () => undefined, path = '/EmployerJobapplicants/5') {
  const { requests } = mockFetch(
    (request) =>
      respond(request) ??
      (request.url.startsWith('/api/jobs/5/applicants/')
        ? jsonResponse(200, { results: [reviewed, hired], count: 2, next: null, previous: null, status_counts: { reviewed: 1, hired: 1 } })
        : jsonResponse(200, { id: 5, title: 'Robot Whisperer', company: { id: 3, name: 'Acme' } })),
  );
  const rendered = renderRoutes([{ path: '/EmployerJobapplicants/:jobId', element: <EmployerApplicantsScreen /> }], {
    path,
    session: sessionFor('employer'),
  });
  return { requests, ...rendered };
}

describe('EmployerApplicantsScreen', () => {
  it('lists the applicants with counts per status and stores the first one’s job id', async () => {
    renderScreen();
    expect(await screen.findByRole('link', { name: 'Grace Hopper' })).toHaveAttribute('href', '/jobseekerprofile/8');
    expect(screen.getByText('Applicants for Robot Whisperer')).toBeInTheDocument();
    expect(screen.getByText('Reviewed (1)')).toBeInTheDocument();
    expect(screen.getByText('All (2)')).toBeInTheDocument();
    expect(localStorage.getItem('jobId')).toBe('5');
  });

  it('offers only the allowed moves, and sends the chosen one for the application id', async () => {
    const user = userEvent.setup({ delay: null });
    const { requests } = renderScreen((request) =>
      request.method === 'PATCH'
        ? jsonResponse(200, { ...reviewed, status: 'interview_scheduled', allowed_statuses: ['interviewed', 'rejected'] })
        : undefined,
    );
    await user.click(await screen.findByLabelText('Move Grace Hopper to'));
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['Interview scheduled', 'Rejected']);
    await user.click(screen.getByRole('option', { name: 'Interview scheduled' }));
    await waitFor(() => expect(requests.some((r) => r.method === 'PATCH')).toBe(true));
    const patch = requests.find((r) => r.method === 'PATCH');
    expect(patch?.url).toBe('/api/jobs/22/applications/status/');
    expect(patch?.body).toEqual({ status: 'interview_scheduled' });
    // A final status offers no moves at all.
    const turing = screen.getByRole('link', { name: 'Alan Turing' }).closest('li');
    if (!turing) throw new Error('no row');
    expect(within(turing).queryByLabelText(/Move/)).toBeNull();
    expect(within(turing).getByText('Final: no further moves.')).toBeInTheDocument();
  });

  it('shows the server’s refusal of a move', async () => {
    const user = userEvent.setup({ delay: null });
    renderScreen((request) =>
      request.method === 'PATCH'
        ? jsonResponse(409, { code: 'conflict', detail: 'That application cannot move to Rejected now.' })
        : undefined,
    );
    await user.click(await screen.findByLabelText('Move Grace Hopper to'));
    await user.click(await screen.findByRole('option', { name: 'Rejected' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('That application cannot move to Rejected now.');
  });

  it('keeps the status filter in the address and asks the server for it', async () => {
    const user = userEvent.setup({ delay: null });
    const { requests, currentLocation } = renderScreen();
    await screen.findByRole('link', { name: 'Grace Hopper' });
    await user.click(screen.getByText('Hired (1)'));
    await waitFor(() => expect(currentLocation().search).toBe('?status=hired'));
    await waitFor(() => expect(requests.some((r) => r.url.includes('status=hired'))).toBe(true));
  });
});
