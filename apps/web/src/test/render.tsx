import type { ReactElement } from 'react';
import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import { Provider as StoreProvider } from 'react-redux';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { theme } from '../app/theme';
import { signedOutSession, type Session } from '../lib/session/session';
import { createAppStore } from '../lib/store';

export function renderWithProviders(ui: ReactElement, session: Session = signedOutSession) {
  const store = createAppStore(session);
  const result = render(
    <StoreProvider store={store}>
      <MantineProvider theme={theme} env="test">
        {ui}
      </MantineProvider>
    </StoreProvider>,
  );
  return { ...result, store };
}

/** Renders routes in a memory router starting at `path`; returns the router to inspect. */
export function renderRoutes(routes: RouteObject[], { path, session = signedOutSession }: { path: string; session?: Session }) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const rendered = renderWithProviders(<RouterProvider router={router} />, session);
  return { ...rendered, router };
}
