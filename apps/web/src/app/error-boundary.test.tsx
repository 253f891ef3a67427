import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../test/render';
import { buildRoutes } from './router';

vi.mock('./layout/app-layout', () => ({
  AppLayout: () => {
    throw new Error('layout failed');
  },
}));

describe('the error boundary around the layout', () => {
  it('shows the fallback screen on its own when the layout itself fails', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    renderRoutes(buildRoutes(), { path: '/' });
    expect(await screen.findByText('Unexpected Application Error!')).toBeInTheDocument();
    expect(screen.getByText(/Something went wrong while showing this page/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Hireloop home' })).not.toBeInTheDocument();
    expect(logged).toHaveBeenCalledWith('Screen failed:', expect.objectContaining({ message: 'layout failed' }), expect.any(String));
  });
});
