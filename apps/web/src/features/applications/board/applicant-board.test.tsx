import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApplicantOut, ApplicationStatus } from '@jobportal/shared';
import { applicationStatuses } from '@jobportal/shared/vocabulary';
import { applicant } from '../../../test/application-fixtures';
import { jsonResponse, mockFetch, type RecordedRequest } from '../../../test/fetch-mock';
import { renderRoutes } from '../../../test/render';
import { sessionFor } from '../../../test/sessions';
import { EmployerApplicantsScreen } from '../screens/employer-applicants-screen';
import { phoneQuery } from './applicant-board';

const person = (id: number, fullName: string, status: ApplicationStatus, extra: Partial<ApplicantOut> = {}) =>
  applicant({ id, status, applicant: { ...applicant().applicant, id: id + 100, full_name: fullName }, ...extra });

/**
 * A job's applicants as the server keeps them: the board's first view (every column's count and
 * first page, filtered by name), pages by status, counts, and moves it may refuse.
 */
function fakeServer(people: ApplicantOut[], refuse?: { to: ApplicationStatus; detail: string; hold?: Promise<void> }) {
  const byId = new Map(people.map((p) => [p.id, p]));
  return async (request: RecordedRequest): Promise<Response> => {
    const url = new URL(request.url, 'http://localhost');
    if (request.method === 'PATCH') {
      const id = Number(url.pathname.split('/')[3]);
      const to = (request.body as { status: ApplicationStatus }).status;
      if (refuse?.hold) await refuse.hold;
      if (refuse?.to === to) return jsonResponse(400, { code: 'bad_request', detail: refuse.detail, fields: { status: [refuse.detail] } });
      const moved = { ...byId.get(id)!, status: to };
      byId.set(id, moved);
      return jsonResponse(200, moved);
    }
    if (!url.pathname.startsWith('/api/jobs/5/applicants/'))
      return jsonResponse(200, { id: 5, title: 'Robot Whisperer', company: { id: 3, name: 'Acme' } });
    const search = url.searchParams.get('search')?.toLowerCase() ?? '';
    const all = [...byId.values()].filter((p) => p.applicant.full_name.toLowerCase().includes(search));
    if (url.pathname === '/api/jobs/5/applicants/board/') {
      const size = Number(url.searchParams.get('page_size'));
      const columns = applicationStatuses.map((status) => {
        const inColumn = all.filter((p) => p.status === status);
        return { status, count: inColumn.length, results: inColumn.slice(0, size) };
      });
      return jsonResponse(200, { columns });
    }
    const status = url.searchParams.get('status');
    const page = Number(url.searchParams.get('page') ?? 1);
    const matching = all.filter((p) => !status || p.status === status);
    const counts = Object.fromEntries(applicationStatuses.map((s) => [s, all.filter((p) => p.status === s).length]));
    return jsonResponse(200, {
      results: matching.slice((page - 1) * 20, page * 20),
      count: matching.length,
      next: matching.length > page * 20 ? `?page=${page + 1}` : null,
      previous: null,
      status_counts: counts,
    });
  };
}

const ana = person(31, 'Ana Souza', 'applied', {
  match_reasons: ['2 of 3 required skills: Python, SQL'],
  interview: { id: 4, starts_at: '2026-12-20T10:00:00Z', status: 'scheduled', is_upcoming: true },
  unread_messages: 2,
});
const ben = person(32, 'Ben Okafor', 'applied');
const grace = person(33, 'Grace Hopper', 'reviewed');

function renderBoard(respond: (request: RecordedRequest) => Promise<Response>, query = '') {
  const { requests } = mockFetch(respond);
  const rendered = renderRoutes([{ path: '/EmployerJobapplicants/:jobId', element: <EmployerApplicantsScreen /> }], {
    path: `/EmployerJobapplicants/5?view=board${query}`,
    session: sessionFor('employer'),
  });
  return { requests, ...rendered };
}

const column = (name: string) => screen.getByRole('region', { name });
const announcement = () => document.querySelector('[aria-live="assertive"]')?.textContent ?? '';

function setPhone(isPhone: boolean) {
  vi.mocked(window.matchMedia).mockImplementation(
    (query: string) =>
      ({
        matches: isPhone && query === phoneQuery,
        media: query,
        onchange: null,
        addListener: vi.fn(),
        removeListener: vi.fn(),
        addEventListener: vi.fn(),
        removeEventListener: vi.fn(),
        dispatchEvent: vi.fn(),
      }) as MediaQueryList,
  );
}

beforeEach(() => setPhone(false));
afterEach(() => vi.unstubAllGlobals());

describe('the applicants board', () => {
  it('shows a column per status in pipeline order with its count, and the cards’ facts, from one call', async () => {
    const { requests } = renderBoard(fakeServer([ana, ben, grace]));
    expect(await within(column('Applied')).findByRole('button', { name: /Ana Souza/ })).toBeInTheDocument();
    const applicantCalls = requests.filter((r) => r.url.startsWith('/api/jobs/5/applicants/')).map((r) => r.url);
    expect(applicantCalls).toEqual(['/api/jobs/5/applicants/board/?page_size=20']);
    expect(screen.getByText('3 applicants')).toBeInTheDocument();
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings).toEqual(['Applied', 'Reviewed', 'Interview scheduled', 'Interviewed', 'Offered', 'Hired', 'Rejected', 'Withdrawn']);
    expect(await within(column('Applied')).findByLabelText('2 in Applied')).toBeInTheDocument();
    const card = within(column('Applied'))
      .getByRole('button', { name: /Ana Souza/ })
      .closest('li')!;
    expect(within(card).getByText('2 of 3 required skills: Python, SQL')).toBeInTheDocument();
    expect(within(card).getByText(/^Interview /)).toBeInTheDocument();
    expect(within(card).getByText('2 unread messages')).toBeInTheDocument();
    expect(within(column('Reviewed')).getByRole('button', { name: /Grace Hopper/ })).toBeInTheDocument();
    expect(await within(column('Hired')).findByText('Nobody here yet.')).toBeInTheDocument();
  });

  it('moves a card by keyboard alone, saying each step, and keeps focus on it in its new column', async () => {
    const user = userEvent.setup({ delay: null });
    const { requests } = renderBoard(fakeServer([ana, ben, grace]));
    const handle = await within(column('Applied')).findByRole('button', { name: /Ana Souza/ });
    act(() => handle.focus());
    await user.keyboard(' ');
    expect(announcement()).toBe('Picked up Ana Souza, in Applied. Press right and left arrows to move, space to drop, escape to cancel.');
    await user.keyboard('{ArrowRight}');
    expect(announcement()).toBe('Ana Souza is over Reviewed.');
    expect(column('Reviewed')).toHaveAttribute('data-target', 'true');
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(announcement()).toBe('Ana Souza is over Applied, the first column.');
    await user.keyboard('{ArrowRight}{Enter}');
    await waitFor(() => expect(announcement()).toBe('Ana Souza dropped in Reviewed.'));
    expect(requests.find((r) => r.method === 'PATCH')).toMatchObject({
      url: '/api/jobs/31/applications/status/',
      body: { status: 'reviewed' },
    });
    const moved = await within(column('Reviewed')).findByRole('button', { name: /Ana Souza/ });
    await waitFor(() => expect(moved).toHaveFocus());
    expect(within(column('Applied')).queryByRole('button', { name: /Ana Souza/ })).toBeNull();
    // After the move the board is asked again (one call), so its counts are the server's.
    await waitFor(() => expect(requests.filter((r) => r.url.startsWith('/api/jobs/5/applicants/board/'))).toHaveLength(2));
    expect(within(column('Applied')).getByLabelText('1 in Applied')).toBeInTheDocument();
    expect(within(column('Reviewed')).getByLabelText('2 in Reviewed')).toBeInTheDocument();
  });

  it('moves a card dropped on another column (drag and drop)', async () => {
    const { requests } = renderBoard(fakeServer([ana, ben, grace]));
    const card = (await within(column('Applied')).findByRole('button', { name: /Ben Okafor/ })).closest('li')!;
    const dataTransfer = { setData: vi.fn(), effectAllowed: '', dropEffect: '' };
    fireEvent.dragStart(card, { dataTransfer });
    fireEvent.dragOver(column('Offered'), { dataTransfer });
    expect(column('Offered')).toHaveAttribute('data-target', 'true');
    fireEvent.drop(column('Offered'), { dataTransfer });
    expect(await within(column('Offered')).findByRole('button', { name: /Ben Okafor/ })).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'PATCH')).toMatchObject({
      url: '/api/jobs/32/applications/status/',
      body: { status: 'offered' },
    });
    expect(column('Offered')).toHaveAttribute('data-target', 'false');
    await waitFor(() => expect(announcement()).toBe('Ben Okafor dropped in Offered.'));
  });

  it('cancels a keyboard move with Escape or by leaving the card: nothing is sent', async () => {
    const user = userEvent.setup({ delay: null });
    const { requests } = renderBoard(fakeServer([ana, ben, grace]));
    const handle = await within(column('Applied')).findByRole('button', { name: /Ben Okafor/ });
    act(() => handle.focus());
    await user.keyboard('{Enter}{ArrowRight}{Escape}');
    expect(announcement()).toBe('Move cancelled. Ben Okafor stays in Applied.');
    // Leaving a picked-up card puts it down too, so another can be picked up.
    await user.keyboard(' ');
    expect(announcement()).toMatch(/^Picked up Ben Okafor/);
    await user.tab();
    expect(announcement()).toBe('Move cancelled. Ben Okafor stays in Applied.');
    expect(requests.some((r) => r.method === 'PATCH')).toBe(false);
  });

  it('shows a refused move at once, then puts the card back with the rule’s reason', async () => {
    const user = userEvent.setup({ delay: null });
    let release = () => {};
    const hold = new Promise<void>((resolve) => (release = resolve));
    const reason = 'No interview with this applicant has taken place yet.';
    renderBoard(fakeServer([ana, ben, grace], { to: 'interviewed', detail: reason, hold }));
    const handle = await within(column('Applied')).findByRole('button', { name: /Ana Souza/ });
    act(() => handle.focus());
    await user.keyboard(' {ArrowRight}{ArrowRight}{ArrowRight} ');
    // Optimistic: in the chosen column before the server answers.
    expect(await within(column('Interviewed')).findByRole('button', { name: /Ana Souza/ })).toBeInTheDocument();
    expect(within(column('Interviewed')).getByLabelText('1 in Interviewed')).toBeInTheDocument();
    release();
    await waitFor(() => expect(announcement()).toBe(`Ana Souza could not move to Interviewed: ${reason} Back in Applied.`));
    const back = await within(column('Applied')).findByRole('button', { name: /Ana Souza/ });
    expect(within(column('Interviewed')).queryByRole('button', { name: /Ana Souza/ })).toBeNull();
    expect(within(column('Interviewed')).getByLabelText('0 in Interviewed')).toBeInTheDocument();
    await waitFor(() => expect(back).toHaveFocus());
  });

  it('filters every column by the name search, in the same one call', async () => {
    const { requests } = renderBoard(fakeServer([ana, ben, grace]), '&search=ana');
    expect(await within(column('Applied')).findByLabelText('1 in Applied')).toBeInTheDocument();
    expect(within(column('Applied')).getByRole('button', { name: /Ana Souza/ })).toBeInTheDocument();
    expect(within(column('Applied')).queryByRole('button', { name: /Ben Okafor/ })).toBeNull();
    expect(within(column('Reviewed')).getByText('Nobody here matches.')).toBeInTheDocument();
    expect(screen.getByText('1 applicant match')).toBeInTheDocument();
    expect(requests.filter((r) => r.url.startsWith('/api/jobs/5/applicants/')).map((r) => r.url)).toEqual([
      '/api/jobs/5/applicants/board/?page_size=20&search=ana',
    ]);
  });

  it('says when the board could not be loaded, and loads it again on Retry', async () => {
    const user = userEvent.setup({ delay: null });
    let isDown = true;
    const server = fakeServer([ana, ben, grace]);
    renderBoard(async (request) =>
      isDown && request.url.includes('/applicants/board/')
        ? jsonResponse(500, { code: 'internal_error', detail: 'Something went wrong on our side.', fields: {} })
        : server(request),
    );
    expect(await screen.findByText(/^The board could not be loaded/)).toBeInTheDocument();
    isDown = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await within(column('Applied')).findByRole('button', { name: /Ana Souza/ })).toBeInTheDocument();
  });

  it('keeps the selection of cards for an action on many, with its count', async () => {
    const user = userEvent.setup({ delay: null });
    renderBoard(fakeServer([ana, ben, grace]));
    await user.click(await screen.findByRole('checkbox', { name: 'Select Ana Souza' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Grace Hopper' }));
    expect(screen.getByText('2 applicants selected')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear selection' }));
    expect(screen.getByRole('checkbox', { name: 'Select Ana Souza' })).not.toBeChecked();
  });

  it('pages a long column: only the first page, then the next on demand', async () => {
    const user = userEvent.setup({ delay: null });
    const many = Array.from({ length: 25 }, (_, i) => person(200 + i, `Person ${i + 1}`, 'applied'));
    const { requests } = renderBoard(fakeServer(many));
    await within(column('Applied')).findByRole('button', { name: /^Person 20 / });
    expect(within(column('Applied')).queryByRole('button', { name: /^Person 21 / })).toBeNull();
    await user.click(within(column('Applied')).getByRole('button', { name: 'Show 5 more' }));
    expect(await within(column('Applied')).findByRole('button', { name: /^Person 25 / })).toBeInTheDocument();
    // The further pages are the list's, by status; the first came with the board.
    expect(requests.some((r) => r.url.includes('status=applied') && r.url.includes('page=2'))).toBe(true);
    expect(requests.some((r) => r.url.includes('status=applied') && r.url.includes('page=1'))).toBe(false);
  });

  it('shows one column at a time on a phone, with a switcher that says the counts', async () => {
    setPhone(true);
    const user = userEvent.setup({ delay: null });
    renderBoard(fakeServer([ana, ben, grace]));
    expect(await within(column('Applied')).findByRole('button', { name: /Ana Souza/ })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Reviewed' })).toBeNull();
    const switcher = screen.getByRole('combobox', { name: 'Column' });
    await waitFor(() => expect(within(switcher).getByRole('option', { name: 'Reviewed (1)' })).toBeInTheDocument());
    await user.selectOptions(switcher, 'reviewed');
    expect(await within(column('Reviewed')).findByRole('button', { name: /Grace Hopper/ })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Applied' })).toBeNull();
    // No dragging on a phone: a card's menu moves it, and the board follows it to its new column.
    await user.selectOptions(screen.getByRole('combobox', { name: 'Move Grace Hopper to' }), 'rejected');
    expect(await within(column('Rejected')).findByRole('button', { name: /Grace Hopper/ })).toBeInTheDocument();
    expect(switcher).toHaveValue('rejected');
  });

  it('keeps the choice of board or list in the address', async () => {
    const user = userEvent.setup({ delay: null });
    const { currentLocation } = renderBoard(fakeServer([ana, ben, grace]));
    await within(column('Applied')).findByRole('button', { name: /Ana Souza/ });
    await user.click(screen.getByRole('radio', { name: 'List' }));
    await waitFor(() => expect(currentLocation().search).toBe(''));
    expect(await screen.findByRole('link', { name: 'Ana Souza' })).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Board' }));
    await waitFor(() => expect(currentLocation().search).toBe('?view=board'));
  });
});
