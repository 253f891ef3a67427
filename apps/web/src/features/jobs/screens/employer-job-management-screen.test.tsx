import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CompanyOut } from '@jobportal/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EmployerJob } from '@jobportal/shared';
import { jsonResponse, mockFetch, type RecordedRequest } from '../../../test/fetch-mock';
import { renderRoutes } from '../../../test/render';
import { sessionFor } from '../../../test/sessions';
import { EmployerJobManagementScreen } from './employer-job-management-screen';

const company = { id: 9, name: 'Acme Robotics', is_approved: false } as CompanyOut;

const base: EmployerJob = {
  id: 1,
  title: 'Robot Whisperer',
  description: 'Talk to robots, kindly and at length, every day.',
  responsibilities: '',
  qualifications: '',
  nice_to_have: '',
  location: 'Lyon, France',
  is_remote: false,
  salary_min: null,
  salary_max: null,
  currency: 'USD',
  employment_type: 'Full-time',
  experience_level: 'Mid level',
  job_function: null,
  categories: [],
  skills_required: [],
  application_deadline: null,
  status: 'open',
  posted_at: new Date(Date.now() - 2 * 24 * 3600 * 1000).toISOString(),
  updated_at: new Date().toISOString(),
  company: {
    id: 9,
    name: 'Acme Robotics',
    logo: null,
    industry: null,
    headquarters_location: null,
    website_url: null,
    company_size: null,
    description: '',
  },
  is_public: false,
  not_public_reason: 'company_not_approved',
  auto_close: true,
  response_time: null,
  applicants_count: 3,
};
const closed: EmployerJob = { ...base, id: 2, title: 'Gear Polisher', status: 'closed', not_public_reason: 'closed', applicants_count: 1 };

function renderScreen(respond: (request: RecordedRequest) => Response | undefined = () => undefined) {
  const { requests } = mockFetch(
    (request) =>
      respond(request) ??
      (request.url.startsWith('/api/jobs/mine/')
        ? jsonResponse(200, { results: [base, closed], count: 2, next: null, previous: null })
        : request.url.startsWith('/api/job-')
          ? jsonResponse(200, [])
          : request.url.startsWith('/api/companies/')
            ? jsonResponse(200, { results: [company], count: 1, next: null, previous: null })
            : jsonResponse(200, { googleClientId: null, productName: 'Hireloop' })),
  );
  return {
    ...renderRoutes([{ path: '/EmployerJobManagement', element: <EmployerJobManagementScreen /> }], {
      path: '/EmployerJobManagement',
      session: sessionFor('employer'),
    }),
    requests,
  };
}

describe('EmployerJobManagementScreen', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists own jobs with status, whether they are public and why not, and applicants', async () => {
    renderScreen();
    const row = (await screen.findByRole('link', { name: 'Robot Whisperer' })).closest('li')!;
    expect(within(row).getAllByText('Open')[0]).toBeInTheDocument();
    expect(within(row).getByText('Not public: Awaiting approval')).toBeInTheDocument();
    // The count links to the job's applicants.
    expect(within(row).getByText('3 applicants').closest('a')).toHaveAttribute('href', '/EmployerJobapplicants/1');
    expect(within(row).getByText('Posted 2 days ago')).toBeInTheDocument();
    const closedRow = screen.getByRole('link', { name: 'Gear Polisher' }).closest('li')!;
    expect(within(closedRow).getByText('Not public')).toBeInTheDocument();
    expect(screen.getByText('Your jobs are not public yet')).toBeInTheDocument();
  });

  it('closes a job with its switch', async () => {
    const { requests } = renderScreen((request) =>
      request.method === 'PATCH' ? jsonResponse(200, { ...base, status: 'closed' }) : undefined,
    );
    await userEvent.setup({ delay: null }).click(await screen.findByRole('switch', { name: 'Close “Robot Whisperer”' }));
    await waitFor(() =>
      expect(requests.find((request) => request.method === 'PATCH')).toMatchObject({ url: '/api/jobs/1/', body: { status: 'closed' } }),
    );
  });

  it('filters by status through the address', async () => {
    const { router, requests } = renderScreen();
    await screen.findByRole('link', { name: 'Robot Whisperer' });
    await userEvent.setup({ delay: null }).click(screen.getByRole('radio', { name: 'Closed' }));
    await waitFor(() => expect(router.state.location.search).toBe('?status=closed'));
    await waitFor(() => expect(requests.at(-1)?.url).toBe('/api/jobs/mine/?page=1&page_size=20&status=closed'));
  });

  it('opens the job form with "Post a job", and the address says so (the dashboard links there)', async () => {
    const { router } = renderScreen();
    await userEvent.setup({ delay: null }).click(await screen.findByRole('button', { name: 'Post a job' }));
    expect(await screen.findByRole('dialog', { name: 'Post a job' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?new=1');
  });
});
