import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CompanyOut, TeamOut } from '@jobportal/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, type RecordedRequest } from '../../../test/fetch-mock';
import { renderRoutes } from '../../../test/render';
import { sessionFor } from '../../../test/sessions';
import { EmployerCompanyManagementScreen } from './employer-company-management-screen';

const acme: CompanyOut = {
  id: 9,
  name: 'Acme Robotics',
  logo: null,
  website_url: 'https://acme.example',
  industry: 'Robotics',
  company_size: '11-50',
  founded_date: '2019-05-01',
  description: 'We build robots that fold laundry.',
  headquarters_location: 'Lyon, France',
  tech_stack: ['Rust', 'ROS'],
  default_currency: 'EUR',
  is_approved: false,
  created_at: '2026-01-02T10:00:00Z',
  updated_at: '2026-01-02T10:00:00Z',
  open_jobs_count: 0,
  owner: { id: 7, full_name: 'Ada Lovelace', email: 'employer@example.com' },
};

const team = (canManage: boolean): TeamOut => ({
  company: { id: 9, name: 'Acme Robotics' },
  members: [
    {
      id: 7,
      email: 'employer@example.com',
      full_name: 'Ada Lovelace',
      role: 'owner',
      joined_at: '2026-01-02T10:00:00Z',
      invited_by: null,
      jobs_posted: 3,
    },
    {
      id: 8,
      email: 'recruiter@example.com',
      full_name: 'Jordan Blake',
      role: 'recruiter',
      joined_at: '2026-02-02T10:00:00Z',
      invited_by: { id: 7, full_name: 'Ada Lovelace' },
      jobs_posted: 1,
    },
  ],
  invitations: [
    {
      id: 3,
      email: 'new@acme.example',
      invited_by: { id: 7, full_name: 'Ada Lovelace' },
      sent_at: '2026-02-03T10:00:00Z',
      expires_at: '2026-02-03T10:10:00Z',
      is_expired: true,
    },
  ],
  can_manage: canManage,
});

const page = (results: CompanyOut[]) => ({ results, count: results.length, next: null, previous: null });

function renderScreen(respond: (request: RecordedRequest) => Response | undefined, companyDetailsSubmitted = false) {
  const { requests } = mockFetch(
    (request) =>
      respond(request) ??
      (request.url.endsWith('/message-templates/')
        ? jsonResponse(200, { results: [] })
        : jsonResponse(200, { googleClientId: null, productName: 'Hireloop' })),
  );
  const rendered = renderRoutes(
    [
      { path: '/EmployerCompanyManagement', element: <EmployerCompanyManagementScreen /> },
      { path: '/EmployerJobManagement', element: <h1>Job management</h1> },
    ],
    { path: '/EmployerCompanyManagement', session: sessionFor('employer', { companyDetailsSubmitted }) },
  );
  return { ...rendered, requests };
}

async function fillRequiredFields(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByRole('textbox', { name: /Company name/ }), 'Acme Robotics');
  await user.type(screen.getByRole('textbox', { name: 'Website' }), 'https://acme.example');
}

describe('EmployerCompanyManagementScreen', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('puts the server’s field errors next to their fields and keeps what was typed', async () => {
    const { requests } = renderScreen((request) => {
      if (request.url.startsWith('/api/companies/?')) return jsonResponse(200, page([]));
      if (request.method === 'POST') {
        return jsonResponse(400, {
          detail: 'Please correct the highlighted fields.',
          code: 'validation_error',
          fields: { website_url: ['That address does not answer.'], 'tech_stack.0': ['Use at most 40 characters.'] },
        });
      }
      return undefined;
    });
    const user = userEvent.setup({ delay: null });
    expect(await screen.findByText('Company details are needed before you post jobs')).toBeInTheDocument();
    await fillRequiredFields(user);
    await user.type(screen.getByPlaceholderText('e.g. TypeScript, PostgreSQL'), 'Rust{Enter}');
    await user.click(screen.getByRole('button', { name: 'Submit company' }));

    const website = screen.getByRole('textbox', { name: 'Website' });
    await waitFor(() => expect(website).toHaveAccessibleDescription('That address does not answer.'));
    expect(website).toHaveAttribute('aria-invalid', 'true');
    // A list item's error ("tech_stack.0") shows on the list's field.
    expect(screen.getByText('Use at most 40 characters.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Company name/ })).toHaveValue('Acme Robotics');
    expect(requests.find((request) => request.method === 'POST')?.body).toMatchObject({
      name: 'Acme Robotics',
      website_url: 'https://acme.example',
      tech_stack: ['Rust'],
      industry: null,
      company_size: null,
      founded_date: null,
    });
  });

  it('checks the shared rules before sending', async () => {
    const { requests } = renderScreen((request) => (request.url.startsWith('/api/companies/?') ? jsonResponse(200, page([])) : undefined));
    const user = userEvent.setup({ delay: null });
    await user.type(await screen.findByRole('textbox', { name: /Company name/ }), 'A');
    await user.type(screen.getByRole('textbox', { name: 'Website' }), 'acme');
    await user.click(screen.getByRole('button', { name: 'Submit company' }));
    expect(await screen.findByText('Enter the company name.')).toBeInTheDocument();
    expect(screen.getByText('Enter a full address, like https://example.com.')).toBeInTheDocument();
    expect(requests.some((request) => request.method === 'POST')).toBe(false);
  });

  it('after the first submit, sets companyDetailsSubmitted in the session at once and moves on to job management', async () => {
    let isCreated = false;
    const { store, router } = renderScreen((request) => {
      if (request.url.startsWith('/api/companies/?')) return jsonResponse(200, page(isCreated ? [acme] : []));
      if (request.url === '/api/companies/9/members/') return jsonResponse(200, team(true));
      if (request.method === 'POST' && request.url === '/api/companies/') {
        isCreated = true;
        return jsonResponse(201, acme);
      }
      return undefined;
    });
    const user = userEvent.setup({ delay: null });
    await fillRequiredFields(user);
    await user.click(screen.getByRole('button', { name: 'Submit company' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/EmployerJobManagement'));
    expect(store.getState().session.companyDetailsSubmitted).toBe(true);
    expect(localStorage.getItem('companyDetailsSubmitted')).toBe('true');
  });

  it('edits a submitted company, says it awaits approval, and shows a refused logo plainly', async () => {
    const { requests } = renderScreen((request) => {
      if (request.url.startsWith('/api/companies/?')) return jsonResponse(200, page([acme]));
      if (request.url === '/api/companies/9/members/') return jsonResponse(200, team(true));
      if (request.url === '/api/companies/9/logo/') {
        return jsonResponse(415, { detail: 'That file is not a JPEG, PNG or WebP image.', code: 'unsupported_media_type' });
      }
      if (request.method === 'PUT') return jsonResponse(200, { ...acme, industry: 'Household robots' });
      return undefined;
    }, true);
    const user = userEvent.setup({ delay: null });
    expect(await screen.findByText('Awaiting approval: your jobs are not public yet')).toBeInTheDocument();
    expect(screen.getByText(/An administrator reviews every new company, usually within a day/)).toBeInTheDocument();

    // Too large: refused in the browser, nothing is sent.
    const fileInput = document.querySelector<HTMLInputElement>('input[type="file"]');
    expect(fileInput).not.toBeNull();
    const huge = new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'logo.png', { type: 'image/png' });
    await user.upload(fileInput!, huge);
    expect(await screen.findByText('The image is larger than 2 MB. Choose a smaller one.')).toBeInTheDocument();
    expect(requests.some((request) => request.url.endsWith('/logo/'))).toBe(false);

    // The server's 415 in its own words.
    await user.upload(fileInput!, new File(['not really a png'], 'logo.png', { type: 'image/png' }));
    expect(await screen.findByText('That file is not a JPEG, PNG or WebP image.')).toBeInTheDocument();
    expect(requests.find((request) => request.url.endsWith('/logo/'))?.method).toBe('PUT');

    const industry = screen.getByRole('textbox', { name: 'Industry' });
    await user.clear(industry);
    await user.type(industry, 'Household robots');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(requests.find((request) => request.method === 'PUT' && request.url === '/api/companies/9/')?.body).toMatchObject({
        industry: 'Household robots',
        name: 'Acme Robotics',
      }),
    );
  });

  it('shows the owner the hiring team: invites by e-mail, removes a recruiter after asking, withdraws an invitation', async () => {
    const { requests } = renderScreen((request) => {
      if (request.url.startsWith('/api/companies/?')) return jsonResponse(200, page([acme]));
      if (request.url === '/api/companies/9/members/' && request.method === 'GET') return jsonResponse(200, team(true));
      if (request.url === '/api/companies/9/members/' && request.method === 'POST') {
        return jsonResponse(201, { ...team(true).invitations[0], id: 4, email: 'sam@acme.example', is_expired: false });
      }
      if (request.method === 'DELETE') return new Response(null, { status: 204 });
      return undefined;
    }, true);
    const user = userEvent.setup({ delay: null });
    expect(await screen.findByText('Jordan Blake')).toBeInTheDocument();
    expect(screen.getByText('new@acme.example')).toBeInTheDocument();
    expect(screen.getByText('Code expired')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove Ada Lovelace from the team' })).not.toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: /Invite a recruiter/ }), 'not-an-address');
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Enter an e-mail address, like name@company.com.')).toBeInTheDocument();
    await user.clear(screen.getByRole('textbox', { name: /Invite a recruiter/ }));
    await user.type(screen.getByRole('textbox', { name: /Invite a recruiter/ }), 'Sam@Acme.example');
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    await waitFor(() =>
      expect(requests.find((r) => r.method === 'POST' && r.url === '/api/companies/9/members/')?.body).toEqual({
        email: 'sam@acme.example',
      }),
    );

    await user.click(screen.getByRole('button', { name: 'Remove Jordan Blake from the team' }));
    await user.click(await screen.findByRole('button', { name: 'Remove from the team' }));
    await waitFor(() => expect(requests.some((r) => r.method === 'DELETE' && r.url === '/api/companies/9/members/8/')).toBe(true));

    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    await waitFor(() => expect(requests.some((r) => r.method === 'DELETE' && r.url === '/api/companies/9/invitations/3/')).toBe(true));
  });

  it('shows a recruiter the details read-only and the team without invite or remove', async () => {
    renderScreen((request) => {
      if (request.url.startsWith('/api/companies/?')) return jsonResponse(200, page([acme]));
      if (request.url === '/api/companies/9/members/') return jsonResponse(200, team(false));
      return undefined;
    }, true);
    expect(await screen.findByText(/Only Ada Lovelace edits these details/)).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Industry' })).not.toBeInTheDocument();
    expect(screen.getByText('Lyon, France')).toBeInTheDocument();
    expect(screen.getByText('Jordan Blake')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /Invite a recruiter/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Withdraw' })).not.toBeInTheDocument();
    expect(screen.getByText('Ask the company owner to invite or remove recruiters.')).toBeInTheDocument();
  });

  it('tells a recruiter removed from a hiring team what happened and what they can do, and the session follows', async () => {
    const { store } = renderScreen((request) => {
      if (request.url.startsWith('/api/companies/?')) return jsonResponse(200, page([]));
      if (request.url === '/api/companies/former/') {
        return jsonResponse(200, { company: { id: 9, name: 'Acme Robotics', removed_at: '2026-12-05T10:00:00Z' } });
      }
      return undefined;
    }, true);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('You are no longer on the hiring team of Acme Robotics');
    expect(alert).toHaveTextContent('Ask its owner to invite you again');
    expect(screen.getByRole('link', { name: 'Join a hiring team' })).toHaveAttribute('href', '/join-team');
    expect(screen.queryByText('Company details are needed before you post jobs')).not.toBeInTheDocument();
    // Their own company stays possible.
    expect(screen.getByRole('button', { name: 'Submit company' })).toBeInTheDocument();
    await waitFor(() => expect(store.getState().session.companyDetailsSubmitted).toBe(false));
  });

  it('says nothing of a former team to an employer who was never removed from one', async () => {
    renderScreen((request) => {
      if (request.url.startsWith('/api/companies/?')) return jsonResponse(200, page([]));
      if (request.url === '/api/companies/former/') return jsonResponse(200, { company: null });
      return undefined;
    });
    expect(await screen.findByText('Company details are needed before you post jobs')).toBeInTheDocument();
    expect(screen.queryByText(/no longer on the hiring team/)).not.toBeInTheDocument();
  });
});
