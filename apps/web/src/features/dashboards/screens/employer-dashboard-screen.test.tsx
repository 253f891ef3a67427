import { screen, within } from '@testing-library/react';
import type { EmployerDashboard } from '@jobportal/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { applicant } from '../../../test/application-fixtures';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { renderRoutes } from '../../../test/render';
import { sessionFor } from '../../../test/sessions';
import { EmployerDashboardScreen } from './employer-dashboard-screen';

const dashboard: EmployerDashboard = {
  jobs_posted: 2,
  open_jobs: 2,
  applications_total: 2,
  applications_by_status: {
    applied: 2,
    reviewed: 0,
    interview_scheduled: 0,
    interviewed: 0,
    offered: 0,
    hired: 0,
    rejected: 0,
    withdrawn: 0,
  },
  applications_by_job: [
    { job_id: 11, title: 'Data Engineer', count: 1 },
    { job_id: 12, title: 'Python Developer', count: 1 },
  ],
  recent_applicants: [
    {
      ...applicant({
        id: 1,
        job: 11,
        applicant: { id: 5, full_name: 'Sam Rivera', email: 'sam@example.com', current_job_title: null, photo: null, time_zone: null },
      }),
      job_title: 'Data Engineer',
    },
    {
      ...applicant({
        id: 2,
        job: 12,
        applicant: { id: 6, full_name: 'Kim Lee', email: 'kim@example.com', current_job_title: null, photo: null, time_zone: null },
      }),
      job_title: 'Python Developer',
    },
  ],
};

describe('EmployerDashboardScreen', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('says which job each of the newest applicants applied for, linking to that job’s applicants', async () => {
    mockFetch((request) => {
      if (request.url === '/api/dashboard/employer/') return jsonResponse(200, dashboard);
      return jsonResponse(404, { detail: 'Not found.', code: 'not_found' });
    });
    renderRoutes([{ path: '/dashboard/employer', element: <EmployerDashboardScreen /> }], {
      path: '/dashboard/employer',
      session: sessionFor('employer'),
    });
    const sam = (await screen.findByRole('link', { name: 'Sam Rivera' })).closest('li');
    const kim = screen.getByRole('link', { name: 'Kim Lee' }).closest('li');
    expect(sam).not.toBeNull();
    expect(kim).not.toBeNull();
    expect(within(sam as HTMLElement).getByText(/applied for/)).toBeInTheDocument();
    expect(within(sam as HTMLElement).getByRole('link', { name: 'Data Engineer' })).toHaveAttribute('href', '/EmployerJobapplicants/11');
    expect(within(kim as HTMLElement).getByRole('link', { name: 'Python Developer' })).toHaveAttribute('href', '/EmployerJobapplicants/12');
  });
});
