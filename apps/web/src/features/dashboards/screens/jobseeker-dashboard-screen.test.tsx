import { screen } from '@testing-library/react';
import type { JobseekerDashboard, MatchingJobList } from '@jobportal/shared';
import { applicationStatuses } from '@jobportal/shared/vocabulary';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jobSummary } from '../../../test/application-fixtures';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { renderRoutes } from '../../../test/render';
import { sessionFor } from '../../../test/sessions';
import { JobseekerDashboardScreen, matchScoreExplanation } from './jobseeker-dashboard-screen';

const list = (results: MatchingJobList['results'], hint: string | null = null): MatchingJobList => ({
  results,
  count: results.length,
  next: null,
  previous: null,
  hint,
});

const dashboard: JobseekerDashboard = {
  applications_by_status: Object.fromEntries(applicationStatuses.map((s) => [s, 0])) as JobseekerDashboard['applications_by_status'],
  recent_applications: [],
  saved_jobs_count: 0,
  saved_jobs: [],
  matching_jobs: [],
  profile_completeness: 10,
};

function renderWith(matches: MatchingJobList) {
  mockFetch((request) =>
    request.url.startsWith('/api/matching-jobs/')
      ? jsonResponse(200, matches)
      : request.url === '/api/dashboard/jobseeker/'
        ? jsonResponse(200, dashboard)
        : jsonResponse(404, { detail: 'Not found.', code: 'not_found' }),
  );
  renderRoutes([{ path: '/dashboard/jobseeker', element: <JobseekerDashboardScreen /> }], {
    path: '/dashboard/jobseeker',
    session: sessionFor('jobseeker'),
  });
}

describe('JobseekerDashboardScreen: jobs that match', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows no score for a profile with nothing to match on, only the hint and the newest jobs', async () => {
    renderWith(
      list(
        [
          { job: { ...jobSummary, id: 1, title: 'Remote Analyst' }, score: null, reasons: ['Remote'] },
          { job: { ...jobSummary, id: 2, title: 'Office Manager' }, score: null, reasons: [] },
        ],
        'Add your skills and the roles you want to see jobs that fit',
      ),
    );
    expect(await screen.findByRole('link', { name: 'Remote Analyst' })).toBeInTheDocument();
    expect(screen.getByText(/Add your skills and the roles you want/)).toBeInTheDocument();
    expect(screen.queryByText(/% match/)).toBeNull();
    expect(screen.queryByText(matchScoreExplanation)).toBeNull();
  });

  it('shows each score with what a score is made of', async () => {
    renderWith(
      list([{ job: { ...jobSummary, id: 3, title: 'Data Engineer' }, score: 82, reasons: ['2 of 2 required skills: Python, SQL'] }]),
    );
    expect(await screen.findByText('82% match')).toBeInTheDocument();
    expect(screen.getByText(matchScoreExplanation)).toBeInTheDocument();
  });
});
