import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CompanyOut, JobSummary } from '@jobportal/shared';
import { responseTimeLabel } from '@jobportal/shared/vocabulary';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { emptyFacets, searchAnswer } from '../../../test/job-search-fixtures';
import { renderRoutes } from '../../../test/render';
import { CompanyScreen } from './company-screen';

const company: CompanyOut = {
  id: 4,
  name: 'Copperleaf Commerce',
  logo: null,
  website_url: 'https://copperleaf.example/',
  industry: 'E-commerce',
  company_size: '201-500',
  founded_date: '2014-06-01',
  description: 'Shops for 9,000 brands.',
  headquarters_location: 'London, United Kingdom',
  tech_stack: ['TypeScript'],
  default_currency: 'GBP',
  is_approved: true,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  open_jobs_count: 12,
};

const jobOf = (id: number): JobSummary => ({
  id,
  title: `Engineer ${id}`,
  company: { id: 4, name: 'Copperleaf Commerce', logo: null },
  location: 'London, United Kingdom',
  is_remote: false,
  salary_min: null,
  salary_max: null,
  currency: 'GBP',
  employment_type: 'Full-time',
  experience_level: 'Mid level',
  skills: [],
  posted_at: new Date().toISOString(),
  snippet: 'A role.',
  snippet_highlights: [],
});

function renderCompany(companyResponse: () => Response) {
  const fetched = mockFetch((request) => {
    if (request.url === '/api/companies/4/') return companyResponse();
    if (request.url.startsWith('/api/jobs/?')) {
      const page = Number(new URLSearchParams(request.url.split('?')[1]).get('page'));
      const ids = page === 1 ? [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] : [11, 12];
      const location = [{ value: 'London, United Kingdom', label: 'London, United Kingdom', count: 12 }];
      return jsonResponse(200, { ...searchAnswer(ids.map(jobOf)), count: 12, facets: { ...emptyFacets, location } });
    }
    return jsonResponse(200, { googleClientId: null, productName: 'Hireloop' });
  });
  renderRoutes([{ path: '/company/:companyId', element: <CompanyScreen /> }], { path: '/company/4' });
  return fetched;
}

describe('CompanyScreen', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the company and pages through its open jobs, each linking to its real page', async () => {
    const { requests } = renderCompany(() => jsonResponse(200, company));
    expect(await screen.findByRole('heading', { level: 1, name: 'Copperleaf Commerce' })).toBeInTheDocument();
    expect(screen.getByText('E-commerce · London, United Kingdom · 201-500 people · Founded 2014')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /copperleaf\.example/ })).toHaveAttribute('href', 'https://copperleaf.example/');
    expect(await screen.findByRole('link', { name: 'Engineer 1' })).toHaveAttribute('href', '/jobs/1');
    expect(screen.getByRole('heading', { name: 'Open jobs (12)' })).toBeInTheDocument();
    expect(screen.getByText('Hiring in London, United Kingdom')).toBeInTheDocument();
    // Every job card links its company's page.
    expect(screen.getAllByRole('link', { name: 'Copperleaf Commerce' })[0]).toHaveAttribute('href', '/companies/4');
    const search = requests.find((r) => r.url.startsWith('/api/jobs/?'))!;
    expect(Object.fromEntries(new URLSearchParams(search.url.split('?')[1]))).toMatchObject({ company: '4', sort: 'newest', page: '1' });
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByRole('link', { name: 'Engineer 12' })).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Jobs at Copperleaf Commerce' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
  });

  it('searches its jobs by words', async () => {
    const { requests } = renderCompany(() => jsonResponse(200, company));
    const box = await screen.findByRole('textbox', { name: 'Search the jobs of Copperleaf Commerce' });
    await userEvent.setup({ delay: null }).type(box, 'rust');
    await waitFor(() => expect(requests.some((r) => r.url.includes('search=rust') && r.url.includes('sort=relevance'))).toBe(true));
  });

  it('says how soon the company answers, once it is known', async () => {
    renderCompany(() => jsonResponse(200, { ...company, response_time: { median_hours: 60, answered: 14 } }));
    expect(await screen.findByText(responseTimeLabel(60))).toBeInTheDocument();
  });

  it('offers an alert for the company’s new jobs, named after it', async () => {
    renderCompany(() => jsonResponse(200, company));
    await screen.findByRole('heading', { level: 1, name: 'Copperleaf Commerce' });
    await userEvent.setup({ delay: null }).click(await screen.findByRole('button', { name: 'Alert me' }));
    expect(await screen.findByRole('textbox', { name: 'Name' })).toHaveValue('Jobs at Copperleaf Commerce');
  });

  it('a company that is not approved or unknown: a not-found page', async () => {
    renderCompany(() => jsonResponse(404, { detail: 'Not found.', code: 'not_found' }));
    expect(await screen.findByText('This company has no page here')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Search jobs' })).toHaveAttribute('href', '/');
  });
});
