import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CompanyOut, DataExportOut, TeamMemberOut, TeamOut } from '@jobportal/shared';
import { notify } from '../../../lib/notify';
import type * as notifyModule from '../../../lib/notify';
import { signedOutSession, type Session } from '../../../lib/session/session';
import { jsonResponse, mockFetch, type RecordedRequest } from '../../../test/fetch-mock';
import { renderRoutes } from '../../../test/render';
import { sessionFor } from '../../../test/sessions';
import { AccountPrivacyScreen } from './account-privacy-screen';

vi.mock('../../../lib/notify', async (importOriginal) => ({
  ...(await importOriginal<typeof notifyModule>()),
  notify: vi.fn(),
}));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.mocked(notify).mockClear();
});

const exportItem = (id: number, status: DataExportOut['status'], extra: Partial<DataExportOut> = {}): DataExportOut => ({
  id,
  status,
  created_at: '2026-11-25T10:00:00Z',
  ready_at: null,
  expires_at: null,
  size_bytes: null,
  download_url: null,
  ...extra,
});
const readyExport = exportItem(5, 'ready', {
  ready_at: '2026-11-25T10:01:00Z',
  expires_at: '2026-11-26T10:01:00Z',
  size_bytes: 512 * 1024,
  download_url: '/api/account/exports/5/download/',
});

const member = (id: number, fullName: string, role: TeamMemberOut['role']): TeamMemberOut => ({
  id,
  email: `${fullName.split(' ')[0]!.toLowerCase()}@example.com`,
  full_name: fullName,
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

const deletions = (requests: RecordedRequest[]) => requests.filter((r) => r.method === 'DELETE' && r.url === '/api/account/');
const noContent = () => new Response(null, { status: 204 });

/** The screen at #/account/privacy; every request not answered by `respond` gets the defaults below (no exports yet). */
function renderScreen(
  respond: (request: RecordedRequest) => Response | undefined = () => undefined,
  session: Session = sessionFor('jobseeker'),
) {
  const { requests } = mockFetch((request) => {
    const answer = respond(request);
    if (answer) return answer;
    if (request.url === '/api/config/') return jsonResponse(200, { googleClientId: null, productName: 'Hireloop' });
    if (request.url === '/api/account/exports/' && request.method === 'GET') return jsonResponse(200, { results: [] });
    if (request.url.startsWith('/api/companies/?')) {
      return jsonResponse(200, { results: [{ id: 9, name: 'Acme Robotics' } as CompanyOut], count: 1, next: null, previous: null });
    }
    if (request.url === '/api/companies/9/members/') return jsonResponse(200, team);
    return jsonResponse(404, { detail: 'No', code: 'not_found' });
  });
  const rendered = renderRoutes(
    [
      { path: '/account/privacy', element: <AccountPrivacyScreen /> },
      { path: '/', element: <p>home page</p> },
    ],
    { path: '/account/privacy', session },
  );
  return { ...rendered, requests };
}

async function typePassword(password: string) {
  const user = userEvent.setup({ delay: null });
  await user.type(await screen.findByLabelText('Your password', { selector: 'input' }), password);
  return user;
}

describe('AccountPrivacyScreen: download my data', () => {
  it('asks for a copy, shows it is being made, and shows it ready with a download once the list says so', async () => {
    const user = userEvent.setup({ delay: null });
    let list: DataExportOut[] = [];
    const { requests } = renderScreen((r) => {
      if (r.url !== '/api/account/exports/') return undefined;
      if (r.method === 'POST') {
        list = [exportItem(5, 'pending')];
        return jsonResponse(202, list[0]);
      }
      const answer = jsonResponse(200, { results: list });
      // The screen polls while a copy is being made: the next look finds it ready.
      if (list[0]?.status === 'pending') list = [readyExport];
      return answer;
    });

    await user.click(await screen.findByRole('button', { name: 'Make a copy of my data' }));

    expect(await screen.findByRole('button', { name: 'Making your copy…' })).toBeDisabled();
    expect(screen.getByText('Being made')).toBeInTheDocument();
    expect(vi.mocked(notify)).toHaveBeenCalledWith({ message: 'We are making your copy. We will tell you when it is ready.' });
    expect(requests.filter((r) => r.method === 'POST' && r.url === '/api/account/exports/')).toHaveLength(1);
    expect(requests.find((r) => r.method === 'POST')?.authorization).toBe('Bearer access-1');

    expect(await screen.findByText('Ready')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download zip' })).toBeInTheDocument();
    expect(screen.getByText(/^0\.50 MB · until /)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Make a copy of my data' })).toBeEnabled();
    expect(screen.queryByText('Being made')).toBeNull();
  });

  it('downloads a ready copy with the bearer token and saves it as hireloop-data-<day>.zip', async () => {
    const user = userEvent.setup({ delay: null });
    // jsdom has no blob addresses; the zip is saved through a link's click.
    const createObjectURL = vi.fn((blob: Blob) => (blob.size > 0 ? 'blob:zip' : 'blob:empty'));
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const saved: Array<{ href: string; download: string }> = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ href: this.getAttribute('href') ?? '', download: this.download });
    });
    const { requests } = renderScreen((r) => {
      if (r.url === '/api/account/exports/' && r.method === 'GET')
        return jsonResponse(200, { results: [readyExport, exportItem(4, 'expired')] });
      if (r.url === '/api/account/exports/5/download/') {
        return new Response('PK zip bytes', { status: 200, headers: { 'Content-Type': 'application/zip' } });
      }
      return undefined;
    });

    expect(await screen.findByText('Expired')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Download zip' })).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Download zip' }));

    await waitFor(() => expect(saved).toEqual([{ href: 'blob:zip', download: 'hireloop-data-2026-11-25.zip' }]));
    const download = requests.find((r) => r.url === '/api/account/exports/5/download/');
    expect(download).toMatchObject({ method: 'GET', authorization: 'Bearer access-1' });
  });

  it('says why when the copy cannot be started', async () => {
    const user = userEvent.setup({ delay: null });
    renderScreen((r) =>
      r.url === '/api/account/exports/' && r.method === 'POST'
        ? jsonResponse(429, { detail: 'Too many.', code: 'rate_limited' }, { 'Retry-After': '30' })
        : undefined,
    );
    await user.click(await screen.findByRole('button', { name: 'Make a copy of my data' }));
    await waitFor(() =>
      expect(vi.mocked(notify)).toHaveBeenCalledWith({ color: 'red', message: 'Too many attempts. Please try again in 30 seconds.' }),
    );
    expect(screen.getByRole('button', { name: 'Make a copy of my data' })).toBeEnabled();
    expect(screen.queryByText('Being made')).toBeNull();
  });
});

describe('AccountPrivacyScreen: delete my account', () => {
  it('deletes the account with the password, signs out and goes home', async () => {
    const { requests, store, currentLocation } = renderScreen((r) => (r.method === 'DELETE' ? noContent() : undefined));
    const deleteButton = await screen.findByRole('button', { name: 'Delete my account' });
    expect(deleteButton).toBeDisabled();
    const user = await typePassword('demo-pass-123');
    await user.click(deleteButton);

    expect(await screen.findByText('home page')).toBeInTheDocument();
    expect(currentLocation().pathname).toBe('/');
    expect(deletions(requests)).toEqual([
      { url: '/api/account/', method: 'DELETE', authorization: 'Bearer access-1', body: { password: 'demo-pass-123' } },
    ]);
    expect(store.getState().session).toEqual(signedOutSession);
    expect(vi.mocked(notify)).toHaveBeenCalledWith({ message: 'Your account is deleted. Thank you for using Hireloop.', color: 'gray' });
  });

  it('shows a wrong password beside the field and keeps the person signed in', async () => {
    const message = 'That password is not right.';
    const { requests, store, currentLocation } = renderScreen((r) =>
      r.method === 'DELETE' ? jsonResponse(400, { detail: message, code: 'validation_error', fields: { password: [message] } }) : undefined,
    );
    const user = await typePassword('wrong-pass');
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));

    expect(await screen.findByText(message)).toBeInTheDocument();
    // Beside the field only: not again in a general alert.
    expect(screen.getAllByText(message)).toHaveLength(1);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByLabelText('Your password', { selector: 'input' })).toHaveAccessibleDescription(message);
    expect(deletions(requests)).toHaveLength(1);
    expect(deletions(requests)[0]!.body).toEqual({ password: 'wrong-pass' });
    expect(currentLocation().pathname).toBe('/account/privacy');
    expect(store.getState().session.role).toBe('jobseeker');
    expect(vi.mocked(notify)).not.toHaveBeenCalled();
  });

  it('deletes with a mailed code instead of the password', async () => {
    const user = userEvent.setup({ delay: null });
    const { requests, currentLocation } = renderScreen((r) => {
      if (r.url === '/api/account/deletion-code/') {
        return jsonResponse(202, { detail: 'We e-mailed a code to jobseeker@example.com.', expires_at: '2026-11-25T10:10:00Z' });
      }
      return r.method === 'DELETE' ? noContent() : undefined;
    });
    await user.click(await screen.findByRole('button', { name: 'E-mail me a code instead' }));

    expect(await screen.findByText('We e-mailed a code to jobseeker@example.com.')).toBeInTheDocument();
    expect(requests.filter((r) => r.url === '/api/account/deletion-code/')).toMatchObject([{ method: 'POST' }]);
    expect(screen.queryByLabelText('Your password', { selector: 'input' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Delete my account' })).toBeDisabled();
    await user.type(screen.getByLabelText('Code from the e-mail'), '123456');
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));

    expect(await screen.findByText('home page')).toBeInTheDocument();
    expect(currentLocation().pathname).toBe('/');
    expect(deletions(requests).map((r) => r.body)).toEqual([{ otp: '123456' }]);
  });

  it('asks an owner with recruiters to name the new owner (the 409), then hands the company over with the deletion', async () => {
    const refusal = 'You own Acme Robotics, which has 1 other team member: name one of them the new owner first.';
    const { requests, currentLocation } = renderScreen(
      (r) =>
        r.method !== 'DELETE'
          ? undefined
          : (r.body as { new_owner_id?: number }).new_owner_id === 12
            ? noContent()
            : jsonResponse(409, {
                detail: refusal,
                code: 'conflict',
                fields: { new_owner_id: ['Choose who owns the company after you.'] },
              }),
      sessionFor('employer'),
    );
    expect(await screen.findByText(/If you own a company: with recruiters, you name one of them the new owner/)).toBeInTheDocument();
    expect(screen.queryByLabelText(/New owner of your company/, { selector: 'input' })).toBeNull();
    const user = await typePassword('demo-pass-123');
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(refusal);
    expect(screen.getByText('Choose who owns the company after you.')).toBeInTheDocument();
    expect(currentLocation().pathname).toBe('/account/privacy');
    await user.click(screen.getByLabelText(/New owner of your company/, { selector: 'input' }));
    const listbox = await screen.findByRole('listbox');
    // Only recruiters can take over: the owner is not offered.
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Rae Recruiter (rae@example.com)']);
    await user.click(within(listbox).getByRole('option', { name: 'Rae Recruiter (rae@example.com)' }));
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));

    expect(await screen.findByText('home page')).toBeInTheDocument();
    expect(deletions(requests).map((r) => r.body)).toEqual([
      { password: 'demo-pass-123' },
      { password: 'demo-pass-123', new_owner_id: 12 },
    ]);
    expect(requests.some((r) => r.url === '/api/companies/9/members/')).toBe(true);
  });

  it('asks an owner alone to confirm the company goes too (the 409), then deletes both', async () => {
    const refusal =
      'You own Acme Robotics: deleting your account deletes the company too, its jobs closed and its applicants told. Confirm with delete_company.';
    const { requests } = renderScreen(
      (r) =>
        r.method !== 'DELETE'
          ? undefined
          : (r.body as { delete_company?: boolean }).delete_company
            ? noContent()
            : jsonResponse(409, {
                detail: refusal,
                code: 'conflict',
                fields: { delete_company: ['Confirm that the company goes with your account.'] },
              }),
      sessionFor('employer'),
    );
    const user = await typePassword('demo-pass-123');
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(refusal);
    const confirm = screen.getByRole('checkbox', { name: /Delete my company with my account/ });
    expect(confirm).not.toBeChecked();
    await user.click(confirm);
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));

    expect(await screen.findByText('home page')).toBeInTheDocument();
    expect(deletions(requests).map((r) => r.body)).toEqual([
      { password: 'demo-pass-123' },
      { password: 'demo-pass-123', delete_company: true },
    ]);
  });
});
