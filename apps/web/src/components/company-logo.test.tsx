import { waitFor } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { mockFetch } from '../test/fetch-mock';
import { renderWithProviders } from '../test/render';
import { sessionFor } from '../test/sessions';
import { CompanyLogo } from './company-logo';

afterEach(() => vi.unstubAllGlobals());

it('shows a public logo as a plain image, asking nothing of the API', () => {
  const { requests } = mockFetch(() => new Response(null, { status: 404 }));
  const { container } = renderWithProviders(<CompanyLogo name="Acme Robotics" logo="/api/companies/3/logo/" />);
  expect(container.querySelector('img')).toHaveAttribute('src', '/api/companies/3/logo/');
  expect(requests).toHaveLength(0);
});

it('fetches a logo only its owner may see with their token, and shows it from a blob address', async () => {
  // jsdom has no blob addresses.
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:acme-logo'), revokeObjectURL: vi.fn() }));
  const { requests } = mockFetch(() => new Response('png', { status: 200, headers: { 'Content-Type': 'image/png' } }));
  const { container, getByText } = renderWithProviders(
    <CompanyLogo name="Acme Robotics" logo="/api/companies/3/logo/" isPublic={false} />,
    sessionFor('employer'),
  );
  // The initials while its code and the image load.
  expect(getByText('AR')).toBeInTheDocument();
  await waitFor(() => expect(container.querySelector('img')).toHaveAttribute('src', 'blob:acme-logo'));
  expect(requests).toHaveLength(1);
  expect(requests[0]).toMatchObject({ url: '/api/companies/3/logo/', method: 'GET' });
  expect(requests[0]?.authorization).toMatch(/^Bearer /);
});
