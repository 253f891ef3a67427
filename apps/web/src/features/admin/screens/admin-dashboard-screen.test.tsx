import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminData, CompanyOut } from '@jobportal/shared';
import { notifications } from '@mantine/notifications';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, type RecordedRequest } from '../../../test/fetch-mock';
import { renderRoutes } from '../../../test/render';
import { sessionFor } from '../../../test/sessions';
import { AdminDashboardScreen } from './admin-dashboard-screen';

const pending: CompanyOut = {
  id: 7,
  name: 'Quillwork Studio',
  logo: null,
  website_url: null,
  industry: 'Design Agency',
  company_size: null,
  founded_date: null,
  description: 'A small design studio.',
  headquarters_location: 'Lisbon, Portugal',
  tech_stack: [],
  default_currency: 'USD',
  is_approved: false,
  created_at: '2026-01-02T10:00:00Z',
  updated_at: '2026-01-02T10:00:00Z',
  open_jobs_count: 0,
  owner: { id: 12, full_name: 'Inês Carvalho', email: 'studio@quillwork.example' },
};

const days = Array.from({ length: 30 }, (_, i) => new Date(Date.UTC(2026, 10, 1 + i)).toISOString().slice(0, 10));
const data = (pendingCompanies: CompanyOut[]): AdminData => ({
  counts: {
    jobseekers: 1234,
    employers: 56,
    recruiters: 7,
    companies: 20,
    companies_pending: pendingCompanies.length,
    jobs: 300,
    jobs_open: 210,
    applications: 999,
    applications_by_status: { applied: 900, hired: 99 },
    interviews: 0,
  },
  series: {
    signups: days.map((date, i) => ({ date, jobseekers: i % 3, employers: i % 2 })),
    applications: days.map((date, i) => ({ date, n: i })),
  },
  pending_companies: pendingCompanies,
});

function renderScreen(respond: (request: RecordedRequest) => Response | Promise<Response> | undefined) {
  const { requests } = mockFetch((request) => respond(request) ?? jsonResponse(200, { googleClientId: null, productName: 'Hireloop' }));
  renderRoutes([{ path: '/admindashboard', element: <AdminDashboardScreen /> }], { path: '/admindashboard', session: sessionFor('admin') });
  return { requests };
}

describe('AdminDashboardScreen', () => {
  beforeEach(() => {
    vi.spyOn(notifications, 'show');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows the figures, the applications by status, both charts and the approval queue', async () => {
    renderScreen((request) => (request.url === '/api/admin/data/' ? jsonResponse(200, data([pending])) : undefined));
    expect(await screen.findByText('1,234')).toBeInTheDocument();
    expect(screen.getByText('7 recruiters')).toBeInTheDocument();
    expect(screen.getByText('210 open')).toBeInTheDocument();
    expect(screen.getByText('1 awaiting approval')).toBeInTheDocument();
    expect(screen.getByText('Hired: 99')).toBeInTheDocument();
    expect(screen.getByText('Sign-ups, last 30 days')).toBeInTheDocument();
    expect(screen.getByText('Applications, last 30 days')).toBeInTheDocument();
    expect(screen.getByText('435 in all')).toBeInTheDocument();
    expect(screen.getByText('Quillwork Studio')).toBeInTheDocument();
  });

  it('approves a waiting company in place and reads the figures again', async () => {
    let approved = false;
    const { requests } = renderScreen((request) => {
      if (request.url === '/api/admin/data/') return jsonResponse(200, data(approved ? [] : [pending]));
      if (request.url === '/api/companies/7/toggle_approval/') {
        approved = true;
        return jsonResponse(200, { id: 7, is_approved: true });
      }
      return undefined;
    });
    await userEvent.setup({ delay: null }).click(await screen.findByRole('button', { name: 'Approve Quillwork Studio' }));
    expect(await screen.findByText('No company is waiting')).toBeInTheDocument();
    expect(requests.filter((r) => r.url === '/api/admin/data/').length).toBe(2);
    expect(requests.find((r) => r.url === '/api/companies/7/toggle_approval/')?.method).toBe('POST');
    await vi.waitFor(() =>
      expect(notifications.show).toHaveBeenCalledWith(
        expect.objectContaining({ message: expect.stringContaining('Quillwork Studio is approved') }),
      ),
    );
  });

  it('refuses a company after saying what goes', async () => {
    const { requests } = renderScreen((request) => {
      if (request.url === '/api/admin/data/') return jsonResponse(200, data([pending]));
      if (request.url === '/api/companies/7/') return new Response(null, { status: 204 });
      return undefined;
    });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Refuse Quillwork Studio' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/its jobs and any applications to them are deleted/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Refuse and delete the company' }));
    await waitFor(() => expect(requests.find((r) => r.url === '/api/companies/7/')?.method).toBe('DELETE'));
  });

  it('says what went wrong and retries', async () => {
    let fail = true;
    renderScreen((request) => {
      if (request.url !== '/api/admin/data/') return undefined;
      return fail
        ? jsonResponse(500, { detail: 'Something went wrong on our side.', code: 'internal_error' })
        : jsonResponse(200, data([]));
    });
    expect(await screen.findByText('The dashboard could not be loaded')).toBeInTheDocument();
    fail = false;
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No company is waiting')).toBeInTheDocument();
  });
});
