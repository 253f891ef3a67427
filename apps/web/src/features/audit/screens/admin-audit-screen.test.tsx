import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AuditEntry } from '@jobportal/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, type RecordedRequest } from '../../../test/fetch-mock';
import { renderRoutes } from '../../../test/render';
import { sessionFor } from '../../../test/sessions';
import { AdminAuditScreen } from './admin-audit-screen';

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString();

const moved: AuditEntry = {
  id: 3,
  at: minutesAgo(5),
  actor: { id: 12, email: 'employer@example.com', full_name: 'Erin Employer' },
  action: 'application.status_changed',
  object_type: 'application',
  object_id: '41',
  before: { status: 'applied' },
  after: { status: 'reviewed' },
  request_id: 'req-1',
  names: { people: [], companies: [] },
};
const approved: AuditEntry = {
  id: 2,
  at: '2026-01-10T10:00:00Z',
  actor: { id: 1, email: 'admin@example.com', full_name: 'Ada Admin' },
  action: 'company.approval_changed',
  object_type: 'company',
  object_id: '5',
  before: { is_approved: false },
  after: { is_approved: true },
  request_id: 'req-2',
  names: { people: [], companies: [] },
};
const renamedBySystem: AuditEntry = {
  id: 1,
  at: '2026-01-09T10:00:00Z',
  actor: null,
  action: 'category.renamed',
  object_type: 'category',
  object_id: '9',
  before: { name: 'Old name' },
  after: { name: 'New name' },
  request_id: null,
  names: { people: [], companies: [] },
};

// Entries of the kinds people tripped over: times, interviewers, stages, a job seeker's choice.
const offered: AuditEntry = {
  id: 13,
  at: '2026-12-01T10:00:00Z',
  actor: { id: 12, email: 'employer@example.com', full_name: 'Erin Employer' },
  action: 'interview.offered',
  object_type: 'interview',
  object_id: '77',
  before: null,
  after: { application: 41, offered_times: ['2026-12-14T09:00:00.000Z', '2026-12-15T14:30:00.000Z'], interviewer: 8 },
  request_id: 'req-13',
  names: { people: [{ id: 8, name: 'Jordan Blake' }], companies: [] },
};
const feedbackGiven: AuditEntry = {
  id: 12,
  at: '2026-12-01T09:00:00Z',
  actor: { id: 8, email: 'jordan@example.com', full_name: 'Jordan Blake' },
  action: 'feedback.created',
  object_type: 'feedback',
  object_id: '5',
  before: null,
  after: { interview: 77, stage: 'application_screening', score: 8, recommendation: 'strong_yes' },
  request_id: 'req-12',
  names: { people: [], companies: [] },
};
const feedbackShown: AuditEntry = {
  id: 11,
  at: '2026-12-01T08:00:00Z',
  actor: { id: 21, email: 'sam@example.com', full_name: 'Sam Seeker' },
  action: 'feedback.shown_changed',
  object_type: 'feedback',
  object_id: '5',
  before: { is_approved: false },
  after: { is_approved: true },
  request_id: 'req-11',
  names: { people: [], companies: [] },
};
const removed: AuditEntry = {
  id: 10,
  at: '2026-12-01T07:00:00Z',
  actor: { id: 7, email: 'owner@example.com', full_name: 'Olga Owner' },
  action: 'team.member_removed',
  object_type: 'team_member',
  object_id: '8',
  before: { company_id: 4, email: 'jordan@example.com', role: 'recruiter' },
  after: null,
  request_id: 'req-10',
  names: { people: [{ id: 8, name: 'Jordan Blake' }], companies: [{ id: 4, name: 'Northwind Labs' }] },
};

const page = (entries: AuditEntry[], count = entries.length) => jsonResponse(200, { results: entries, count, next: null, previous: null });
const isList = (request: RecordedRequest) => request.url.startsWith('/api/admin/audit/');

function renderScreen(path: string, respond: (request: RecordedRequest) => Response | undefined) {
  const { requests } = mockFetch((request) => respond(request) ?? jsonResponse(200, { googleClientId: null, productName: 'Hireloop' }));
  const rendered = renderRoutes([{ path: '/admin/audit', element: <AdminAuditScreen /> }], { path, session: sessionFor('admin') });
  const listRequests = () => requests.filter(isList).map((request) => new URL(request.url, 'http://x').searchParams);
  return { ...rendered, requests, listRequests };
}

afterEach(() => vi.unstubAllGlobals());

describe('AdminAuditScreen', () => {
  it('shows when, who, what, on which object, and the change before → after', async () => {
    renderScreen('/admin/audit', (request) => (isList(request) ? page([moved, approved, renamedBySystem]) : undefined));
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);

    const [first, second, third] = rows as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(first).getByText('5 minutes ago')).toBeInTheDocument();
    expect(within(first).getByText('Erin Employer')).toBeInTheDocument();
    expect(within(first).getByText('employer@example.com')).toBeInTheDocument();
    expect(within(first).getByText('Application status changed')).toBeInTheDocument();
    expect(within(first).getByText('Application #41')).toBeInTheDocument();
    expect(within(first).getByText('Applied')).toBeInTheDocument();
    expect(within(first).getByText('Reviewed')).toBeInTheDocument();

    // Older entries: the date and time in the viewer's locale; the object links to its screen.
    expect(
      within(second).getByText(
        new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(approved.at)),
      ),
    ).toBeInTheDocument();
    expect(within(second).getByText('Company approved')).toBeInTheDocument();
    expect(within(second).getByRole('link', { name: 'Company #5' })).toHaveAttribute('href', '/companies');
    expect(within(second).getByText('Pending')).toBeInTheDocument();
    expect(within(second).getByText('Approved')).toBeInTheDocument();

    expect(within(third).getByText('System')).toBeInTheDocument();
    expect(within(third).getByRole('link', { name: 'Category #9' })).toHaveAttribute('href', '/admin/taxonomy');
    expect(within(third).getByText('Old name')).toBeInTheDocument();
    expect(within(third).getByText('New name')).toBeInTheDocument();
    expect(screen.getByText('3 entries, newest first')).toBeInTheDocument();
  });

  it('reads as people write: times in the reader’s zone, people and companies by name, stages and choices in words', async () => {
    renderScreen('/admin/audit', (request) => (isList(request) ? page([offered, feedbackGiven, feedbackShown, removed]) : undefined));
    const table = await screen.findByRole('table');
    const [offer, given, shown, removal] = within(table).getAllByRole('row').slice(1) as [
      HTMLElement,
      HTMLElement,
      HTMLElement,
      HTMLElement,
    ];
    const inZone = (at: string) => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(at));

    expect(within(offer).getByText('Interview times offered')).toBeInTheDocument();
    expect(within(offer).getByText(`${inZone('2026-12-14T09:00:00.000Z')} · ${inZone('2026-12-15T14:30:00.000Z')}`)).toBeInTheDocument();
    expect(within(offer).getByText('Jordan Blake')).toBeInTheDocument();
    expect(within(offer).getByText('Application')).toBeInTheDocument();
    expect(within(offer).getByText('#41')).toBeInTheDocument();
    expect(offer).not.toHaveTextContent('2026-12-14T09:00');
    expect(offer).not.toHaveTextContent('["');

    expect(within(given).getByText('Application screening')).toBeInTheDocument();
    expect(within(given).getByText('Strong yes')).toBeInTheDocument();
    expect(within(given).getByText('8 of 10')).toBeInTheDocument();
    expect(given).not.toHaveTextContent('application_screening');

    expect(within(shown).getByText('Feedback shown on the profile')).toBeInTheDocument();
    expect(within(shown).getByText('On the profile')).toBeInTheDocument();
    expect(within(shown).getByText('Hidden')).toBeInTheDocument();
    expect(within(shown).getByText('Shown')).toBeInTheDocument();
    expect(shown).not.toHaveTextContent(/Approval|Pending/);

    expect(within(removal).getByText('Team member Jordan Blake')).toBeInTheDocument();
    expect(within(removal).getByText('Northwind Labs')).toBeInTheDocument();
    expect(within(removal).getByText('Recruiter')).toBeInTheDocument();
  });

  it('reads the filters from the address, asks the API with them, and shows them as chips', async () => {
    const { listRequests } = renderScreen(
      '/admin/audit?action=company.approval_changed&object_type=company&object_id=5&actor=1&since=2026-01-01&until=2026-01-31&page=2',
      (request) => (isList(request) ? page([approved], 21) : undefined),
    );
    await screen.findByRole('table');
    const params = Object.fromEntries(listRequests()[0]!);
    expect(params).toEqual({
      page: '2',
      page_size: '20',
      action: 'company.approval_changed',
      object_type: 'company',
      object_id: '5',
      actor: '1',
      since: new Date('2026-01-01T00:00:00').toISOString(),
      until: new Date(new Date('2026-02-01T00:00:00').getTime() - 1).toISOString(),
    });
    const chips = screen.getByRole('list', { name: 'Active filters' });
    for (const label of ['Company approval changed', 'Company #5', 'By user #1']) {
      expect(within(chips).getByRole('button', { name: `Remove filter: ${label}` })).toBeInTheDocument();
    }
    expect(screen.getByLabelText('Who')).toHaveValue('1');
    expect(screen.getByText('21–21 of 21')).toBeInTheDocument();
  });

  // The filter changes, one test each (one long walk through them all ran past the 5 s limit on a busy machine).
  const openOnPage2 = async () => {
    const rendered = renderScreen('/admin/audit?page=2', (request) => (isList(request) ? page([moved, approved], 40) : undefined));
    await screen.findByRole('table');
    return { ...rendered, user: userEvent.setup({ delay: null }) };
  };

  it("narrows to a row's person, and goes back to page 1", async () => {
    const { router, listRequests, user } = await openOnPage2();
    await user.click(screen.getAllByRole('button', { name: 'Show only changes by Erin Employer' })[0]!);
    await waitFor(() => expect(router.state.location.search).toBe('?actor=12'));
    await waitFor(() => expect(listRequests().at(-1)?.get('actor')).toBe('12'));
  });

  it('takes an e-mail typed in "Who" once typing pauses, refuses half an address, and a chip removes it', async () => {
    const { router, listRequests, user } = await openOnPage2();
    const who = screen.getByLabelText('Who');
    await user.type(who, 'Ada@Example.com');
    await waitFor(() => expect(router.state.location.search).toBe('?actor_email=ada%40example.com'));
    await waitFor(() => expect(listRequests().at(-1)?.get('actor_email')).toBe('ada@example.com'));

    // Half an address is not sent; the field says what it wants.
    await user.clear(who);
    await user.type(who, 'ada@');
    expect(await screen.findByText('Enter a user id (e.g. 12) or a whole e-mail address.')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?actor_email=ada%40example.com');

    // Removing a chip removes its filter.
    await user.click(screen.getByRole('button', { name: 'Remove filter: By ada@example.com' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(who).toHaveValue('');
  });

  it("narrows to a row's object and to a date range, and goes back to page 1", async () => {
    const { router, listRequests, user } = await openOnPage2();
    await user.click(screen.getAllByRole('button', { name: 'Show only changes to Company #5' })[0]!);
    await waitFor(() => expect(router.state.location.search).toBe('?object_type=company&object_id=5'));
    await user.type(screen.getByLabelText('From'), '2026-01-05');
    await waitFor(() => expect(router.state.location.search).toContain('since=2026-01-05'));
    await waitFor(() => expect(listRequests().at(-1)?.get('since')).toBe(new Date('2026-01-05T00:00:00').toISOString()));
  });

  it('picks an action and a kind of object from their lists', async () => {
    const { router, listRequests } = renderScreen('/admin/audit', (request) => (isList(request) ? page([approved]) : undefined));
    const user = userEvent.setup({ delay: null });
    await screen.findByRole('table');
    await user.click(screen.getByLabelText('Action', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Company approval changed' }));
    await waitFor(() => expect(router.state.location.search).toBe('?action=company.approval_changed'));
    await user.click(screen.getByLabelText('Object', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Company' }));
    await waitFor(() => expect(router.state.location.search).toBe('?action=company.approval_changed&object_type=company'));
    await waitFor(() => expect(listRequests().at(-1)?.get('object_type')).toBe('company'));
    expect(listRequests().at(-1)?.get('action')).toBe('company.approval_changed');
  });

  it('says when nothing matches and clears the filters', async () => {
    const { router } = renderScreen('/admin/audit?action=skill.deleted', (request) => (isList(request) ? page([]) : undefined));
    expect(await screen.findByText('No audit entries match these filters')).toBeInTheDocument();
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('says when the log could not be loaded, and tries again', async () => {
    let fail = true;
    const { listRequests } = renderScreen('/admin/audit', (request) =>
      isList(request)
        ? fail
          ? jsonResponse(403, { detail: 'Your account is not allowed to do that.', code: 'permission_denied' })
          : page([moved])
        : undefined,
    );
    expect(await screen.findByText('The audit log could not be loaded')).toBeInTheDocument();
    fail = false;
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table')).toBeInTheDocument();
    expect(listRequests().length).toBeGreaterThanOrEqual(2);
  });
});
