import { useEffect, type ReactElement } from 'react';
import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import { Provider as StoreProvider } from 'react-redux';
import { MemoryRouter, useLocation, useRoutes, type Location, type RouteObject } from 'react-router';
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

function RoutesUnderTest({ routes, onLocation }: { routes: RouteObject[]; onLocation: (location: Location) => void }) {
  const location = useLocation();
  useEffect(() => onLocation(location), [location, onLocation]);
  return useRoutes(routes);
}

/**
 * Renders routes in a memory router starting at `path`. `currentLocation()` tells where the
 * router is now (after any redirects and navigations).
 */
export function renderRoutes(routes: RouteObject[], { path, session = signedOutSession }: { path: string; session?: Session }) {
  let current: Location | null = null;
  const onLocation = (location: Location) => {
    current = location;
  };
  const rendered = renderWithProviders(
    <MemoryRouter initialEntries={[path]}>
      <RoutesUnderTest routes={routes} onLocation={onLocation} />
    </MemoryRouter>,
    session,
  );
  const currentLocation = (): Location => {
    if (!current) throw new Error('The router has not rendered yet.');
    return current;
  };
  return { ...rendered, currentLocation };
}
