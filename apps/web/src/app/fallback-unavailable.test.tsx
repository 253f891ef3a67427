import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../test/render';
import { buildRoutes } from './router';

// The fallback screen's own code cannot be loaded (the connection is gone).
vi.mock('./fallback-screen', () => {
  throw new Error('Failed to fetch dynamically imported module');
});

describe('the fallback screen when its code cannot be loaded', () => {
  it('still says what happened, in short, and offers a reload', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderRoutes(buildRoutes(), { path: '/no-such-page' });
    expect(await screen.findByRole('heading', { level: 1, name: 'This page does not exist' })).toBeInTheDocument();
    expect(screen.getByText('Unexpected Application Error!')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload the page' })).toBeInTheDocument();
  });
});
