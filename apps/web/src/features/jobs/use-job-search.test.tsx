import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { JobSearchResult } from '@jobportal/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../../test/fetch-mock';
import { searchAnswer } from '../../test/job-search-fixtures';
import { renderRoutes } from '../../test/render';
import { sessionFor } from '../../test/sessions';
import { HomeScreen } from './screens/home-screen';

const answerWith = (title: string): JobSearchResult =>
  searchAnswer([
    {
      id: 7,
      title,
      company: { id: 4, name: 'Copperleaf Commerce', logo: null },
      location: 'Amsterdam, Netherlands',
      is_remote: false,
      salary_min: null,
      salary_max: null,
      currency: 'EUR',
      employment_type: 'Full-time',
      experience_level: 'Senior level',
      skills: [],
      posted_at: new Date().toISOString(),
      snippet: '',
      snippet_highlights: [],
    },
  ]);

function renderHome(path: string, session?: ReturnType<typeof sessionFor>) {
  const { requests } = mockFetch((request) => {
    if (request.url.startsWith('/api/jobs/')) {
      return jsonResponse(200, answerWith(request.url.includes('sort=newest') ? 'Newest first: Data Engineer' : 'Python Developer'));
    }
    return jsonResponse(200, { googleClientId: null, productName: 'Hireloop' });
  });
  const searches = () => requests.filter((request) => request.url.startsWith('/api/jobs/'));
  const rendered = renderRoutes([{ path: '/', element: <HomeScreen /> }], { path, session });
  return { ...rendered, searches };
}

// The tests of this file run in order in one module registry: the first meets RTK Query not yet
// loaded (a fresh visitor's first load), the later ones find it loaded.
describe('the home screen’s job search, with RTK Query off a visitor’s first load', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('answers a visitor without RTK Query, loads it when the search changes, and hands it the first answer', async () => {
    const { store, router, searches } = renderHome('/?search=python');
    expect(await screen.findByText('Python Developer')).toBeInTheDocument();
    expect(store.getState()).not.toHaveProperty('api');
    expect(searches()).toHaveLength(1);

    const user = userEvent.setup({ delay: null });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Newest');
    expect(await screen.findByText('Newest first: Data Engineer')).toBeInTheDocument();
    expect(store.getState()).toHaveProperty('api');
    expect(searches().map((request) => request.url)).toEqual([
      '/api/jobs/?page=1&page_size=20&sort=relevance&search=python',
      '/api/jobs/?page=1&page_size=20&sort=newest&search=python',
    ]);

    // Back to the first order: RTK Query's cache has the first answer, so nothing is asked again.
    await router.navigate(-1);
    expect(await screen.findByText('Python Developer')).toBeInTheDocument();
    expect(screen.queryByText('Newest first: Data Engineer')).not.toBeInTheDocument();
    expect(searches()).toHaveLength(2);
  });

  it('searches through RTK Query, with the session’s token, for signed-in people', async () => {
    const { searches } = renderHome('/?search=python', sessionFor('jobseeker'));
    expect(await screen.findByText('Python Developer')).toBeInTheDocument();
    expect(searches()[0]?.authorization).toMatch(/^Bearer /);
  });
});
