import { screen, within } from '@testing-library/react';
import type { JobOut } from '@jobportal/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Session } from '../../../lib/session/session';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { renderRoutes } from '../../../test/render';
import { sessionFor } from '../../../test/sessions';
import { application } from '../../../test/application-fixtures';
import { JobDetailsScreen } from './job-details-screen';

const job: JobOut = {
  id: 38,
  title: 'Senior Backend Engineer',
  description: 'First paragraph.\n\nSecond paragraph with <b>no HTML</b>.',
  responsibilities: '- Keep the database fast\n- Review code',
  qualifications: '',
  nice_to_have: '',
  location: 'Amsterdam, Netherlands',
  is_remote: true,
  salary_min: 108000,
  salary_max: 136000,
  currency: 'EUR',
  employment_type: 'Full-time',
  experience_level: 'Senior level',
  job_function: 'Engineering',
  categories: [{ id: 1, name: 'Engineering' }],
  skills_required: [{ id: 1, name: 'Python' }],
  application_deadline: '2099-12-31',
  status: 'open',
  posted_at: new Date(Date.now() - 3 * 24 * 3600 * 1000).toISOString(),
  updated_at: new Date().toISOString(),
  company: {
    id: 4,
    name: 'Copperleaf Commerce',
    logo: null,
    industry: 'E-commerce',
    headquarters_location: 'London',
    website_url: 'https://copperleaf.example',
    company_size: '201-500',
    description: 'Shops for 9,000 brands.',
  },
  is_public: true,
  not_public_reason: null,
  auto_close: true,
  response_time: null,
};

function renderJob(response: () => Response, session?: Session) {
  mockFetch((request) =>
    request.url === '/api/jobs/38/' ? response() : jsonResponse(200, { googleClientId: null, productName: 'Hireloop' }),
  );
  return renderRoutes(
    [
      { path: '/job/:jobId', element: <JobDetailsScreen /> },
      { path: '/', element: <p>search</p> },
    ],
    { path: '/job/38', session },
  );
}

describe('JobDetailsScreen', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the facts first, the long texts as written, and a sign-in button to visitors', async () => {
    renderJob(() => jsonResponse(200, job));
    expect(await screen.findByRole('heading', { level: 1, name: 'Senior Backend Engineer' })).toBeInTheDocument();
    const facts = screen.getByRole('list', { name: 'Job facts' });
    expect(facts).toHaveTextContent('Amsterdam, Netherlands');
    expect(facts).toHaveTextContent('Remote');
    expect(facts).toHaveTextContent('€108,000 – €136,000 a year');
    expect(facts).toHaveTextContent('Full-time · Senior level · Engineering');
    expect(facts).toHaveTextContent('Posted 3 days ago');
    expect(facts).toHaveTextContent('Apply by Dec 31, 2099');
    // Text, never markup; line breaks kept.
    expect(screen.getByText(/Second paragraph with <b>no HTML<\/b>\./)).toBeInTheDocument();
    expect(document.querySelector('b')).toBeNull();
    // Lines typed as bullet points, a list of them (the marks left out).
    const duties = screen.getByRole('heading', { name: 'Responsibilities' }).closest('section')!;
    expect(
      within(duties)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Keep the database fast', 'Review code']);
    expect(within(duties).getByRole('list').tagName).toBe('UL');
    expect(screen.queryByRole('heading', { name: 'Qualifications' })).toBeNull();
    expect(screen.getByRole('heading', { name: 'About Copperleaf Commerce' })).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: /Sign in to apply/ })[0]).toHaveAttribute('href', '/login');
    expect(document.title).toBe('Senior Backend Engineer at Copperleaf Commerce · Hireloop');
  });

  it('shows bullet points as a list wherever they start, also right after a sentence; other lines as text, breaks kept', async () => {
    renderJob(() =>
      jsonResponse(200, {
        ...job,
        qualifications:
          'What we look for:\nSomeone who likes robots.\n- React and TypeScript\n- five years of PostgreSQL\nAnd then some text.\n\n* Go or Rust\n• on call one week in six',
      }),
    );
    const section = (await screen.findByRole('heading', { name: 'Qualifications' })).closest('section')!;
    expect(within(section).getByText(/What we look for/).textContent).toBe('What we look for:\nSomeone who likes robots.');
    expect(within(section).getByText('And then some text.')).toBeInTheDocument();
    const lists = within(section).getAllByRole('list');
    expect(
      lists.map((list) =>
        within(list)
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      ),
    ).toEqual([
      ['React and TypeScript', 'five years of PostgreSQL'],
      ['Go or Rust', 'on call one week in six'],
    ]);
    expect(section.textContent).not.toMatch(/- React/);
  });

  it('offers a signed-in job seeker Apply and Save (bookmark state from the saved ids)', async () => {
    mockFetch((request) =>
      request.url === '/api/jobs/38/'
        ? jsonResponse(200, job)
        : request.url === '/api/jobs/38/check-application-status/'
          ? jsonResponse(200, { hasApplied: false, application_id: null, status: null })
          : request.url === '/api/saved-jobs/ids/'
            ? jsonResponse(200, [38])
            : jsonResponse(200, { googleClientId: null, productName: 'Hireloop' }),
    );
    renderRoutes([{ path: '/job/:jobId', element: <JobDetailsScreen /> }], { path: '/job/38', session: sessionFor('jobseeker') });
    await screen.findByRole('heading', { level: 1, name: 'Senior Backend Engineer' });
    expect((await screen.findAllByRole('button', { name: 'Apply' })).length).toBeGreaterThan(0);
    expect(await screen.findByRole('button', { name: 'Saved' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Unsave Senior Backend Engineer' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('shows where the application stands instead of Apply once applied', async () => {
    mockFetch((request) =>
      request.url === '/api/jobs/38/'
        ? jsonResponse(200, job)
        : request.url === '/api/jobs/38/check-application-status/'
          ? jsonResponse(200, { hasApplied: true, application_id: 11, status: 'reviewed' })
          : request.url.startsWith('/api/myapplications/')
            ? jsonResponse(200, {
                results: [application({ id: 11, status: 'reviewed', applied_at: '2026-11-10T10:00:00Z' })],
                count: 1,
                next: null,
                previous: null,
              })
            : request.url === '/api/saved-jobs/ids/'
              ? jsonResponse(200, [])
              : jsonResponse(200, { googleClientId: null, productName: 'Hireloop' }),
    );
    renderRoutes([{ path: '/job/:jobId', element: <JobDetailsScreen /> }], { path: '/job/38', session: sessionFor('jobseeker') });
    expect((await screen.findAllByText(/Applied on/)).length).toBeGreaterThan(0);
    expect(screen.getAllByText('Reviewed').length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: 'Apply' })).toBeNull();
    expect(screen.getAllByRole('link', { name: 'Your applications' })[0]).toHaveAttribute('href', '/jobseekerapplications');
  });

  it('says plainly when the job is gone, with a way back to search', async () => {
    renderJob(() => jsonResponse(404, { detail: 'This job is no longer available.', code: 'not_found' }));
    expect(await screen.findByText('This job is no longer available')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Search jobs' })).toHaveAttribute('href', '/');
    expect(screen.queryByText('Unexpected Application Error!')).toBeNull();
  });

  it('tells the owner why the job is not public', async () => {
    renderJob(
      () => jsonResponse(200, { ...job, is_public: false, not_public_reason: 'company_not_approved', applicants_count: 2 }),
      sessionFor('employer'),
    );
    expect(await screen.findByText('Only you can see this page: the job is not public')).toBeInTheDocument();
    expect(screen.getByText(/Your company is awaiting approval/)).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Edit job' })[0]).toHaveAttribute('href', '/EmployerJobManagement?edit=38');
  });
});
