import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { application } from '../../../test/application-fixtures';
import { jsonResponse, mockFetch, type RecordedRequest } from '../../../test/fetch-mock';
import { renderRoutes } from '../../../test/render';
import { sessionFor } from '../../../test/sessions';
import { JobseekerApplicationsScreen } from './jobseeker-applications-screen';

afterEach(() => {
  vi.unstubAllGlobals();
});

const open = application();
const rejected = application({ id: 12, status: 'rejected', job: { ...application().job, id: 6, title: 'Gear Polisher' } });

function renderScreen(respond: (request: RecordedRequest) => Response | undefined = () => undefined, path = '/jobseekerapplications') {
  const { requests } = mockFetch(
    (request) =>
      respond(request) ??
      (request.url.startsWith('/api/myapplications/')
        ? jsonResponse(200, {
            results: request.url.includes('status=rejected') ? [rejected] : [open, rejected],
            count: 2,
            next: null,
            previous: null,
          })
        : jsonResponse(200, { results: [], count: 0, next: null, previous: null })),
  );
  const rendered = renderRoutes([{ path: '/jobseekerapplications', element: <JobseekerApplicationsScreen /> }], {
    path,
    session: sessionFor('jobseeker'),
  });
  return { requests, ...rendered };
}

describe('JobseekerApplicationsScreen', () => {
  it('puts the status filter and the search in the address, and reads them back', async () => {
    const user = userEvent.setup({ delay: null });
    const { requests, currentLocation } = renderScreen();
    expect(await screen.findByRole('link', { name: 'Robot Whisperer' })).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Rejected' }));
    await waitFor(() => expect(currentLocation().search).toBe('?status=rejected'));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Robot Whisperer' })).toBeNull());
    await user.type(screen.getByRole('textbox', { name: 'Search job title or company' }), 'gear{Enter}');
    await waitFor(() => expect(currentLocation().search).toBe('?status=rejected&search=gear'));
    expect(requests.some((r) => r.url === '/api/myapplications/?page=1&page_size=20&status=rejected&search=gear')).toBe(true);
  });

  it('starts from a filter in the address', async () => {
    const { requests } = renderScreen(undefined, '/jobseekerapplications?status=rejected');
    expect(await screen.findByRole('link', { name: 'Gear Polisher' })).toBeInTheDocument();
    expect(requests[0]?.url).toContain('status=rejected');
  });

  it('withdraws an open application after confirmation; a closed one offers no withdraw', async () => {
    const user = userEvent.setup({ delay: null });
    const { requests } = renderScreen((request) =>
      request.method === 'POST' ? jsonResponse(200, { ...open, status: 'withdrawn' }) : undefined,
    );
    await screen.findByRole('link', { name: 'Robot Whisperer' });
    const withdrawButtons = screen.getAllByRole('button', { name: 'Withdraw' });
    expect(withdrawButtons).toHaveLength(1);
    await user.click(withdrawButtons[0] as HTMLElement);
    expect(await screen.findByText('Withdraw this application?')).toBeInTheDocument();
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Withdraw application' }));
    await waitFor(() => expect(requests.some((r) => r.method === 'POST' && r.url === '/api/applications/11/withdraw/')).toBe(true));
  });

  it('says what to do when there are no applications', async () => {
    renderScreen((request) =>
      request.url.startsWith('/api/myapplications/') ? jsonResponse(200, { results: [], count: 0, next: null, previous: null }) : undefined,
    );
    expect(await screen.findByText('No applications yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Find jobs' })).toHaveAttribute('href', '/');
  });
});
