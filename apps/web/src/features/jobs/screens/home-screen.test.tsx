import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { JobSearchResult } from '@jobportal/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, type RecordedRequest } from '../../../test/fetch-mock';
import { renderRoutes } from '../../../test/render';
import { HomeScreen } from './home-screen';

const facetsOf = (overrides: Partial<JobSearchResult['facets']> = {}): JobSearchResult['facets'] => ({
  employment_type: [
    { value: 'Full-time', label: 'Full-time', count: 11 },
    { value: 'Contract', label: 'Contract', count: 2 },
  ],
  experience_level: [{ value: 'Senior level', label: 'Senior level', count: 5 }],
  category: [{ value: '1', label: 'Engineering', count: 8 }],
  skills: [{ value: '1', label: 'Python', count: 10 }],
  location: [{ value: 'Berlin, Germany', label: 'Berlin, Germany', count: 3 }],
  is_remote: [
    { value: 'true', label: 'Remote', count: 4 },
    { value: 'false', label: 'On-site', count: 9 },
  ],
  posted_within: [{ value: '7', label: 'Past week', count: 3 }],
  ...overrides,
});

const answer = (overrides: Partial<JobSearchResult> = {}): JobSearchResult => ({
  results: [
    {
      id: 38,
      title: 'Senior Backend Engineer (Python)',
      company: { id: 4, name: 'Copperleaf Commerce', logo: null },
      location: 'Amsterdam, Netherlands',
      is_remote: false,
      salary_min: 108000,
      salary_max: 136000,
      currency: 'USD',
      employment_type: 'Full-time',
      experience_level: 'Senior level',
      skills: ['Python'],
      posted_at: new Date(Date.now() - 3 * 24 * 3600 * 1000).toISOString(),
      snippet: 'We are hiring a Senior Backend Engineer.',
      snippet_highlights: [[23, 30]],
    },
  ],
  count: 15,
  count_is_estimate: false,
  next: null,
  previous: null,
  facets: facetsOf(),
  corrected_search: null,
  ...overrides,
});

function renderHome(path: string, respond: (request: RecordedRequest) => Response = () => jsonResponse(200, answer())) {
  const { requests } = mockFetch((request) =>
    request.url.startsWith('/api/jobs/') ? respond(request) : jsonResponse(200, { googleClientId: null, productName: 'Hireloop' }),
  );
  const searches = () => requests.filter((request) => request.url.startsWith('/api/jobs/'));
  const rendered = renderRoutes(
    [
      { path: '/', element: <HomeScreen /> },
      { path: '/job/:jobId', element: <p>job page</p> },
    ],
    { path },
  );
  return { ...rendered, searches };
}

describe('HomeScreen: job search with its state in the address', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('searches with what the address says and shows the filters as chips', async () => {
    const { searches } = renderHome('/?search=python&employment_type=Full-time&is_remote=false&page=2');
    expect(await screen.findByText('Senior Backend Engineer (Python)')).toBeInTheDocument();
    expect(searches()[0]?.url).toBe(
      '/api/jobs/?page=2&page_size=20&sort=relevance&search=python&is_remote=false&employment_type=Full-time',
    );
    expect(screen.getByRole('status')).toHaveTextContent('15 jobs for “python”');
    const chips = screen.getByRole('list', { name: 'Active filters' });
    expect(within(chips).getByRole('button', { name: 'Remove filter: Full-time' })).toBeInTheDocument();
    expect(within(chips).getByRole('button', { name: 'Remove filter: On-site' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Job title, skill or company' })).toHaveValue('python');
    expect(screen.getByRole('link', { name: 'Senior Backend Engineer (Python)' })).toHaveAttribute('href', '/jobs/38');
    // The server's ranges are marked in the snippet, as text.
    const marked = document.querySelectorAll('mark');
    expect([...marked].map((m) => m.textContent)).toEqual(['Backend']);
    expect(marked[0]!.parentElement).toHaveTextContent('We are hiring a Senior Backend Engineer.');
  });

  it('removing a chip drops that filter from the address, back on page 1, as a new history entry', async () => {
    const { router, searches } = renderHome('/?search=python&employment_type=Full-time&is_remote=false&page=2');
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Remove filter: Full-time' }));
    await waitFor(() => expect(router.state.location.search).toBe('?search=python&is_remote=false'));
    expect(router.state.historyAction).toBe('PUSH');
    await waitFor(() => expect(searches().at(-1)?.url).toBe('/api/jobs/?page=1&page_size=20&sort=relevance&search=python&is_remote=false'));

    await user.click(screen.getByRole('button', { name: 'Remove filter: On-site' }));
    await waitFor(() => expect(router.state.location.search).toBe('?search=python'));
    // Back restores the filter.
    await router.navigate(-1);
    await waitFor(() => expect(router.state.location.search).toBe('?search=python&is_remote=false'));
    expect(await screen.findByRole('button', { name: 'Remove filter: On-site' })).toBeInTheDocument();
  });

  it('a new search keeps the filters and starts again on page 1', async () => {
    const { router } = renderHome('/?search=python&employment_type=Full-time&page=3');
    const user = userEvent.setup({ delay: null });
    const box = await screen.findByRole('searchbox', { name: 'Job title, skill or company' });
    await user.clear(box);
    await user.type(box, 'data engineer{Enter}');
    await waitFor(() => expect(router.state.location.search).toBe('?search=data+engineer&employment_type=Full-time'));
  });

  it('a new order goes into the address, back on page 1', async () => {
    const { router } = renderHome('/?search=python&page=2');
    const user = userEvent.setup({ delay: null });
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Sort by' }), 'Newest');
    await waitFor(() => expect(router.state.location.search).toBe('?search=python&sort=newest'));
  });

  it('suggests the places of the results for the location', async () => {
    renderHome('/?search=python');
    const where = await screen.findByRole('combobox', { name: 'Location' });
    await waitFor(() =>
      expect(document.getElementById(where.getAttribute('list') ?? '')?.querySelector('option[value="Berlin, Germany"]')).not.toBeNull(),
    );
  });

  it('a pay range typed as people write amounts goes into the address when the box is left', async () => {
    const { router } = renderHome('/?search=python');
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: /^Filters/ }));
    const from = await screen.findByRole('textbox', { name: 'Pay from (a year)' });
    const to = screen.getByRole('textbox', { name: 'Pay up to (a year)' });
    await user.type(from, '60000');
    await user.type(to, '90,000{Enter}');
    await waitFor(() => expect(router.state.location.search).toBe('?search=python&salary_min=60000&salary_max=90000'));
    expect(from).toHaveValue('60,000');
  });

  it('says what is wrong with a pay range and leaves the search alone', async () => {
    const { router } = renderHome('/?search=python');
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: /^Filters/ }));
    await user.type(await screen.findByRole('textbox', { name: 'Pay from (a year)' }), '90000');
    await user.type(screen.getByRole('textbox', { name: 'Pay up to (a year)' }), '60000{Enter}');
    expect(screen.getByRole('alert')).toHaveTextContent('The “from” amount is above the “to” amount.');
    await user.clear(screen.getByRole('textbox', { name: 'Pay up to (a year)' }));
    await user.type(screen.getByRole('textbox', { name: 'Pay up to (a year)' }), 'lots{Enter}');
    expect(screen.getByRole('alert')).toHaveTextContent('Amounts are whole numbers');
    // Only the "from" amount, applied when its box was left, is in the search.
    expect(router.state.location.search).toBe('?search=python&salary_min=90000');
  });

  it('shows each result’s pay in its currency, and a pay filter asks in the picked currency', async () => {
    const { router, searches } = renderHome('/?search=python&salary_min=60000&currency=GBP');
    expect(await screen.findByText('$108,000 – $136,000 a year')).toBeInTheDocument();
    expect(searches()[0]?.url).toBe('/api/jobs/?page=1&page_size=20&sort=relevance&search=python&salary_min=60000&currency=GBP');
    expect(screen.getByRole('button', { name: 'Remove filter: Pay from £60,000' })).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /^Filters/ }));
    const currency = await screen.findByRole('combobox', { name: 'Pay currency' });
    expect(currency).toHaveValue('GBP');
    await user.selectOptions(currency, 'EUR');
    await waitFor(() => expect(router.state.location.search).toBe('?search=python&salary_min=60000&currency=EUR'));
    await waitFor(() => expect(searches().at(-1)?.url).toContain('&salary_min=60000&currency=EUR'));
  });

  it('the pay boxes follow the address when a pay filter goes away', async () => {
    const { router } = renderHome('/?search=python&salary_min=60000');
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: /^Filters/ }));
    const from = await screen.findByRole('textbox', { name: 'Pay from (a year)' });
    expect(from).toHaveValue('60,000');
    await router.navigate('/?search=python');
    await waitFor(() => expect(from).toHaveValue(''));
  });

  it('a filter picked in the filter drawer goes into the address', async () => {
    const { router } = renderHome('/');
    const user = userEvent.setup({ delay: null });
    await screen.findByText('Senior Backend Engineer (Python)');
    await user.click(screen.getByRole('button', { name: /^Filters/ }));
    await user.click(await screen.findByRole('checkbox', { name: /Contract/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?employment_type=Contract'));
  });

  it('says when it corrected the words, and offers to search for them', async () => {
    const { router } = renderHome('/?search=pyhton', () => jsonResponse(200, answer({ corrected_search: 'python' })));
    expect(await screen.findByText(/No jobs matched “pyhton”/)).toBeInTheDocument();
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Search for “python”' }));
    await waitFor(() => expect(router.state.location.search).toBe('?search=python'));
  });

  it('says plainly when the corrected words find nothing either, and offers no search for them', async () => {
    renderHome('/?search=pyhton%20devloper', () =>
      jsonResponse(200, answer({ corrected_search: 'python developer', results: [], count: 0 })),
    );
    expect(await screen.findByText(/No jobs matched “pyhton devloper”, nor/)).toHaveTextContent(
      'No jobs matched “pyhton devloper”, nor “python developer”, its nearest spelling.',
    );
    expect(screen.getByRole('status')).toHaveTextContent('0 jobs for “pyhton devloper”');
    expect(screen.queryByText(/Showing results for/)).not.toBeInTheDocument();
  });

  it('says "About" when the count is an estimate', async () => {
    renderHome('/', () => jsonResponse(200, answer({ count: 1200, count_is_estimate: true })));
    expect(await screen.findByRole('status')).toHaveTextContent('About 1,200 jobs');
  });

  it('when nothing matches, names the next step: remove a filter', async () => {
    const { router } = renderHome('/?employment_type=Contract', () => jsonResponse(200, answer({ results: [], count: 0 })));
    expect(await screen.findByText('No jobs match. Remove a filter')).toBeInTheDocument();
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Clear all filters' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('shows what went wrong and retries', async () => {
    let calls = 0;
    renderHome('/', () => {
      calls += 1;
      return calls === 1 ? jsonResponse(500, { detail: 'Database down.', code: 'internal_error' }) : jsonResponse(200, answer());
    });
    expect(await screen.findByText('The jobs could not be loaded')).toBeInTheDocument();
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Senior Backend Engineer (Python)')).toBeInTheDocument();
  });
});
