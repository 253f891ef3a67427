import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { EmployerPersonOut, JobseekerPersonOut } from '@jobportal/shared';
import { notifications } from '@mantine/notifications';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, type RecordedRequest } from '../../../test/fetch-mock';
import { renderRoutes } from '../../../test/render';
import { sessionFor } from '../../../test/sessions';
import { EmployersScreen, JobseekersScreen } from './people-screen';

const sam: JobseekerPersonOut = {
  id: 21,
  email: 'sam@example.com',
  full_name: 'Sam Seeker',
  role: 'jobseeker',
  is_active: true,
  deactivation_reason: null,
  date_joined: '2026-01-02T10:00:00Z',
  last_login: null,
  applications_count: 3,
  profile_completeness: 70,
};
const rita: EmployerPersonOut = {
  id: 31,
  email: 'rita@example.com',
  full_name: 'Rita Recruiter',
  role: 'employer',
  is_active: true,
  deactivation_reason: null,
  date_joined: '2026-01-02T10:00:00Z',
  last_login: null,
  company: { id: 4, name: 'Northwind Labs', is_approved: true },
  is_company_owner: false,
  former_company: null,
  jobs_count: 2,
};
const page = <T,>(results: T[]) => jsonResponse(200, { results, count: results.length, next: null, previous: null });
const noEntries = () => jsonResponse(200, { results: [], count: 0, next: null, previous: null });

function renderScreen(path: string, respond: (request: RecordedRequest) => Response | Promise<Response> | undefined) {
  const { requests } = mockFetch((request) => respond(request) ?? jsonResponse(200, { googleClientId: null, productName: 'Hireloop' }));
  const rendered = renderRoutes(
    [
      { path: '/jobseekers', element: <JobseekersScreen /> },
      { path: '/employers', element: <EmployersScreen /> },
    ],
    { path, session: sessionFor('admin') },
  );
  return { ...rendered, requests };
}

describe('JobseekersScreen', () => {
  beforeEach(() => {
    vi.spyOn(notifications, 'show');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('lists job seekers; search, status and sort live in the address', async () => {
    const { requests, currentLocation } = renderScreen('/jobseekers', (r) =>
      r.url.startsWith('/api/jobseekers/') ? page([sam]) : undefined,
    );
    expect(await within(await screen.findByRole('table')).findByText('Sam Seeker')).toBeInTheDocument();
    expect(screen.getByText('1 job seeker')).toBeInTheDocument();
    expect(requests.find((r) => r.url.startsWith('/api/jobseekers/'))?.url).toBe(
      '/api/jobseekers/?page=1&page_size=20&ordering=-date_joined',
    );
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByRole('textbox', { name: 'Search job seekers by name or e-mail' }), 'sam');
    await waitFor(() => expect(currentLocation().search).toBe('?search=sam'));
    await user.click(screen.getByLabelText('Sort', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Name A–Z' }));
    await waitFor(() => expect(currentLocation().search).toBe('?search=sam&ordering=full_name'));
    await waitFor(() => expect(requests.at(-1)?.url).toBe('/api/jobseekers/?page=1&page_size=20&ordering=full_name&search=sam'));
  });

  it('opens a person in a drawer with profile facts and the audit trail, and deactivates with a reason', async () => {
    let active = true;
    const { requests, currentLocation } = renderScreen('/jobseekers', (r) => {
      if (r.url.startsWith('/api/jobseekers/?')) return page([{ ...sam, is_active: active, deactivation_reason: active ? null : 'Spam' }]);
      if (r.url === '/api/jobseekers/21/toggle_active/') {
        active = false;
        return jsonResponse(200, { ...sam, is_active: false, deactivation_reason: 'Spam' });
      }
      if (r.url === '/api/jobseekers/21/')
        return jsonResponse(200, {
          current_job_title: 'Engineer',
          phone_number: null,
          resume: null,
          bio: '',
          completeness: { percent: 70, missing: [] },
        });
      if (r.url.startsWith('/api/admin/audit/')) return noEntries();
      return undefined;
    });
    const user = userEvent.setup({ delay: null });
    await user.click(within(await screen.findByRole('table')).getByRole('button', { name: 'Details of Sam Seeker' }));
    expect(currentLocation().search).toBe('?person=21');
    const drawer = await screen.findByRole('dialog', { name: 'Sam Seeker' });
    expect(await within(drawer).findByText('Engineer')).toBeInTheDocument();
    expect(await within(drawer).findByText('No administrator has changed this account.')).toBeInTheDocument();
    expect(requests.find((r) => r.url.startsWith('/api/admin/audit/'))?.url).toBe(
      '/api/admin/audit/?page=1&page_size=5&object_type=user&object_id=21',
    );

    await user.click(within(drawer).getByRole('button', { name: 'Deactivate…' }));
    const modal = await screen.findByRole('dialog', { name: 'Deactivate Sam Seeker?' });
    await user.type(within(modal).getByRole('textbox', { name: 'Reason' }), 'Spam');
    await user.click(within(modal).getByRole('button', { name: 'Deactivate' }));
    await waitFor(() =>
      expect(requests.find((r) => r.url === '/api/jobseekers/21/toggle_active/')).toMatchObject({
        method: 'POST',
        body: { reason: 'Spam' },
      }),
    );
    expect(await within(await screen.findByRole('table')).findByText('Deactivated')).toBeInTheDocument();
  });

  it('asks before deleting, naming what goes and what stays', async () => {
    const { requests } = renderScreen('/jobseekers?person=21', (r) => {
      if (r.url.startsWith('/api/jobseekers/?')) return page([sam]);
      if (r.url === '/api/users/21/') return new Response(null, { status: 204 });
      if (r.url === '/api/jobseekers/21/') return jsonResponse(404, { detail: 'Not found', code: 'not_found' });
      if (r.url.startsWith('/api/admin/audit/')) return noEntries();
      return undefined;
    });
    const user = userEvent.setup({ delay: null });
    const drawer = await screen.findByRole('dialog', { name: 'Sam Seeker' });
    await user.click(within(drawer).getByRole('button', { name: 'Delete…' }));
    const modal = await screen.findByRole('dialog', { name: 'Delete Sam Seeker?' });
    expect(within(modal).getByText('Their 3 applications and the files sent with them')).toBeInTheDocument();
    expect(within(modal).getByText(/The audit log, with Sam Seeker’s name/)).toBeInTheDocument();
    await user.click(within(modal).getByRole('button', { name: 'Delete Sam Seeker' }));
    await waitFor(() => expect(requests.find((r) => r.url === '/api/users/21/')?.method).toBe('DELETE'));
  });

  it('creates an account and shows the server’s word on a taken e-mail next to the field', async () => {
    renderScreen('/jobseekers', (r) => {
      if (r.url.startsWith('/api/jobseekers/?')) return page([]);
      if (r.url === '/api/jobseekers/' && r.method === 'POST')
        return jsonResponse(409, {
          detail: 'Another account already uses this e-mail.',
          code: 'email_taken',
          fields: { email: ['Another account already uses this e-mail.'] },
        });
      return undefined;
    });
    const user = userEvent.setup({ delay: null });
    expect(await screen.findByText('No job seekers yet')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'New job seeker' }));
    const modal = await screen.findByRole('dialog', { name: 'New job seeker' });
    await user.type(within(modal).getByRole('textbox', { name: 'Full name' }), 'Ann New');
    await user.type(within(modal).getByRole('textbox', { name: 'E-mail' }), 'ann@example.com');
    await user.click(within(modal).getByRole('button', { name: 'Create account' }));
    expect(await within(modal).findByText('Another account already uses this e-mail.')).toBeInTheDocument();
  });
});

describe('EmployersScreen', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows recruiters with their company and filters to them through /api/recruiters/', async () => {
    const { requests, currentLocation } = renderScreen('/employers', (r) =>
      r.url.startsWith('/api/employers/') || r.url.startsWith('/api/recruiters/') ? page([rita]) : undefined,
    );
    expect(await within(await screen.findByRole('table')).findByText('Recruiter at Northwind Labs')).toBeInTheDocument();
    await userEvent.setup({ delay: null }).click(screen.getByRole('checkbox', { name: 'Recruiters only' }));
    await waitFor(() => expect(currentLocation().search).toBe('?recruiters=1'));
    await waitFor(() => expect(requests.at(-1)?.url).toBe('/api/recruiters/?page=1&page_size=20&ordering=-date_joined'));
  });

  it('shows a recruiter removed from a team as its former recruiter, not as an employer with no company yet', async () => {
    const former = { ...rita, company: null, former_company: { id: 4, name: 'Northwind Labs' } };
    const user = userEvent.setup({ delay: null });
    renderScreen('/employers', (r) => {
      if (r.url.startsWith('/api/employers/?')) return page([former]);
      if (r.url.startsWith('/api/admin/audit/')) return noEntries();
      return undefined;
    });
    const table = await screen.findByRole('table');
    expect(await within(table).findByText('Former recruiter at Northwind Labs')).toBeInTheDocument();
    expect(within(table).queryByText('No company yet')).not.toBeInTheDocument();
    await user.click(within(table).getByRole('button', { name: 'Details of Rita Recruiter' }));
    const drawer = await screen.findByRole('dialog', { name: 'Rita Recruiter' });
    expect(within(drawer).getByText('Former recruiter')).toBeInTheDocument();
  });
});
