import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CompanyOut } from '@jobportal/shared';
import { notifications } from '@mantine/notifications';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, type RecordedRequest } from '../../../test/fetch-mock';
import { renderRoutes } from '../../../test/render';
import { sessionFor } from '../../../test/sessions';
import { AdminCompaniesScreen } from './admin-companies-screen';

const quillwork: CompanyOut = {
  id: 7,
  name: 'Quillwork Studio',
  logo: null,
  website_url: 'https://quillwork.example',
  industry: 'Design Agency',
  company_size: '11-50',
  founded_date: '2016-02-01',
  description: 'A small design studio.',
  headquarters_location: 'Lisbon, Portugal',
  tech_stack: ['Figma'],
  default_currency: 'EUR',
  is_approved: false,
  created_at: '2026-01-02T10:00:00Z',
  updated_at: '2026-01-02T10:00:00Z',
  open_jobs_count: 3,
  owner: { id: 12, full_name: 'Inês Carvalho', email: 'studio@quillwork.example' },
};

function renderScreen(respond: (request: RecordedRequest) => Response | Promise<Response> | undefined) {
  const { requests } = mockFetch((request) => respond(request) ?? jsonResponse(200, { googleClientId: null, productName: 'Hireloop' }));
  const rendered = renderRoutes([{ path: '/companies', element: <AdminCompaniesScreen /> }], {
    path: '/companies',
    session: sessionFor('admin'),
  });
  return { ...rendered, requests };
}

const list = (companies: CompanyOut[]) => jsonResponse(200, { results: companies, count: companies.length, next: null, previous: null });

/** The desktop table (jsdom shows both the table and the phone list). */
const table = () => screen.getByRole('table');

describe('AdminCompaniesScreen: approval', () => {
  // Toasts are drawn by the app's host, which these tests do not mount: what was said is checked here.
  let toast: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    toast = vi.spyOn(notifications, 'show');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('approves a pending company at once, then keeps the server’s answer', async () => {
    let isApproved = false;
    let release: () => void = () => undefined;
    const { requests } = renderScreen((request) => {
      if (request.url.startsWith('/api/companies/?')) return list([{ ...quillwork, is_approved: isApproved }]);
      if (request.url === '/api/companies/7/toggle_approval/') {
        // The answer waits, to see the row flip before it comes.
        return new Promise<Response>((resolve) => {
          release = () => {
            isApproved = true;
            resolve(jsonResponse(200, { id: 7, is_approved: true }));
          };
        });
      }
      return undefined;
    });
    const user = userEvent.setup({ delay: null });
    expect(await within(await screen.findByRole('table')).findByText('Pending')).toBeInTheDocument();
    expect(requests.find((request) => request.url.startsWith('/api/companies/'))?.url).toBe('/api/companies/?page=1&page_size=20');

    await user.click(within(table()).getByRole('button', { name: 'Approve Quillwork Studio' }));
    // Immediate feedback: the row says Approved before the server has answered.
    expect(await within(table()).findByText('Approved')).toBeInTheDocument();
    expect(within(table()).getByRole('button', { name: 'Unapprove Quillwork Studio' })).toBeInTheDocument();
    expect(requests.find((request) => request.url === '/api/companies/7/toggle_approval/')).toMatchObject({
      method: 'POST',
      authorization: 'Bearer access-1',
    });

    release();
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith(
        expect.objectContaining({ message: expect.stringContaining('Quillwork Studio is approved') as unknown }),
      ),
    );
    // The list is asked again, and agrees.
    await waitFor(() => expect(requests.filter((request) => request.url.startsWith('/api/companies/?'))).toHaveLength(2));
    expect(within(table()).getByText('Approved')).toBeInTheDocument();
  });

  it('puts the row back and says why when the approval fails', async () => {
    renderScreen((request) => {
      if (request.url.startsWith('/api/companies/?')) return list([quillwork]);
      if (request.url === '/api/companies/7/toggle_approval/')
        return jsonResponse(404, { detail: 'That company was not found.', code: 'not_found' });
      return undefined;
    });
    const user = userEvent.setup({ delay: null });
    await user.click(await within(await screen.findByRole('table')).findByRole('button', { name: 'Approve Quillwork Studio' }));
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith(
        expect.objectContaining({ title: 'Quillwork Studio was not approved', message: 'That company was not found.', color: 'red' }),
      ),
    );
    expect(within(table()).getByText('Pending')).toBeInTheDocument();
    expect(within(table()).getByRole('button', { name: 'Approve Quillwork Studio' })).toBeInTheDocument();
  });

  it('filters pending companies through the address', async () => {
    const { router, requests } = renderScreen((request) => (request.url.startsWith('/api/companies/?') ? list([quillwork]) : undefined));
    await screen.findByRole('table');
    await userEvent.setup({ delay: null }).click(screen.getByRole('radio', { name: 'Pending' }));
    await waitFor(() => expect(router.state.location.search).toBe('?approval=pending'));
    await waitFor(() => expect(requests.at(-1)?.url).toBe('/api/companies/?page=1&page_size=20&is_approved=false'));
  });

  it('deletes only after a confirmation that names the company and its jobs', async () => {
    const { requests } = renderScreen((request) => {
      if (request.url.startsWith('/api/companies/?')) return list([quillwork]);
      if (request.method === 'DELETE') return new Response(null, { status: 204 });
      return undefined;
    });
    const user = userEvent.setup({ delay: null });
    await user.click(await within(await screen.findByRole('table')).findByRole('button', { name: 'More for Quillwork Studio' }));
    await user.click(await screen.findByRole('menuitem', { name: /Delete/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Quillwork Studio?' });
    expect(dialog).toHaveTextContent('Quillwork Studio and all of its jobs go too, including 3 open jobs.');
    expect(requests.some((request) => request.method === 'DELETE')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Delete company and jobs' }));
    await waitFor(() => expect(requests.find((request) => request.method === 'DELETE')?.url).toBe('/api/companies/7/'));
  });
});
