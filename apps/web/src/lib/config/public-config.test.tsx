import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { jsonResponse, mockFetch } from '../../test/fetch-mock';
import { renderWithProviders } from '../../test/render';
import { usePublicConfig, useProductName } from './public-config';

function Probe() {
  const name = useProductName();
  const config = usePublicConfig();
  return (
    <p>
      {name} / {config?.googleClientId ?? 'no Google'}
    </p>
  );
}

describe('public configuration', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is read once per page load, however many components ask', async () => {
    const { requests } = mockFetch(() => jsonResponse(200, { productName: 'Hireloop Berlin', googleClientId: 'client-1' }));
    renderWithProviders(
      <>
        <Probe />
        <Probe />
      </>,
    );
    expect(await screen.findAllByText('Hireloop Berlin / client-1')).toHaveLength(2);
    expect(requests.map((r) => r.url)).toEqual(['/api/config/']);
  });

  it('keeps the defaults when the server cannot say, and asks again next time', async () => {
    const { requests } = mockFetch(() => jsonResponse(503, { detail: 'Down.', code: 'internal_error' }));
    const { unmount } = renderWithProviders(<Probe />);
    expect(await screen.findByText('Hireloop / no Google')).toBeInTheDocument();
    await vi.waitFor(() => expect(requests).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 0));
    unmount();
    mockFetch(() => jsonResponse(200, { productName: 'Hireloop', googleClientId: 'client-2' }));
    renderWithProviders(<Probe />);
    expect(await screen.findByText('Hireloop / client-2')).toBeInTheDocument();
  });
});
