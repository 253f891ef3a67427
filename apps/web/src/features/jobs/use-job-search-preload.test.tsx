import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../../test/fetch-mock';
import { searchAnswer } from '../../test/job-search-fixtures';
import { renderRoutes } from '../../test/render';
import { HomeScreen } from './screens/home-screen';

const answer = searchAnswer();

afterEach(() => vi.unstubAllGlobals());

// Its own file: RTK Query must not have loaded in this module registry before.
it('loads RTK Query when a visitor first presses anywhere on the screen, with the answer already shown in its cache', async () => {
  const { requests } = mockFetch((request) =>
    request.url.startsWith('/api/jobs/') ? jsonResponse(200, answer) : jsonResponse(200, { googleClientId: null, productName: 'Hireloop' }),
  );
  const { store } = renderRoutes([{ path: '/', element: <HomeScreen /> }], { path: '/?search=welder' });
  expect(await screen.findByRole('status')).toHaveTextContent('0 jobs for “welder”');
  expect(store.getState()).not.toHaveProperty('api');

  await userEvent.setup({ delay: null }).click(screen.getByRole('heading', { level: 1 }));
  await waitFor(() => expect(store.getState()).toHaveProperty('api'));
  const { jobsApi } = await import('./api/jobs-api');
  const cached = jobsApi.endpoints.searchJobs.select({ page: 1, page_size: 20, sort: 'relevance', search: 'welder' })(
    store.getState() as Parameters<ReturnType<typeof jobsApi.endpoints.searchJobs.select>>[0],
  );
  expect(cached.data).toEqual(answer);
  expect(requests.filter((request) => request.url.startsWith('/api/jobs/'))).toHaveLength(1);
});
