import { useLayoutEffect, type ReactElement } from 'react';
import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import { Provider as StoreProvider } from 'react-redux';
import { act } from '@testing-library/react';
import {
  MemoryRouter,
  parsePath,
  useLocation,
  useNavigate,
  useNavigationType,
  useRoutes,
  type Location,
  type NavigateFunction,
  type NavigationType,
  type RouteObject,
} from 'react-router';
import { theme } from '../app/theme';
import { featureParts } from '../app/feature-parts';
import { FeaturePartsProvider } from '../lib/feature-parts';
import { signedOutSession, type Session } from '../lib/session/session';
import { createAppStore } from '../lib/store';

export function renderWithProviders(ui: ReactElement, session: Session = signedOutSession) {
  const store = createAppStore(session);
  const result = render(
    <StoreProvider store={store}>
      <MantineProvider theme={theme} env="test">
        <FeaturePartsProvider parts={featureParts}>{ui}</FeaturePartsProvider>
      </MantineProvider>
    </StoreProvider>,
  );
  return { ...result, store };
}

interface RouterState {
  location: Location;
  historyAction: NavigationType;
  navigate: NavigateFunction;
}

function RoutesUnderTest({ routes, onRender }: { routes: RouteObject[]; onRender: (state: RouterState) => void }) {
  const location = useLocation();
  const historyAction = useNavigationType();
  const navigate = useNavigate();
  // A layout effect, so the location is recorded in the same commit that shows the screen: a passive
  // effect runs later, and a findBy* that sees the new screen could still read the old address (a
  // navigation in a transition commits the new location and the lazily loaded screen together).
  useLayoutEffect(() => onRender({ location, historyAction, navigate }), [location, historyAction, navigate, onRender]);
  return useRoutes(routes);
}

/**
 * Renders routes in a memory router starting at `path`. `currentLocation()` tells where the
 * router is now (after any redirects and navigations); `router.state` also tells how it got there
 * (PUSH, REPLACE, POP) and `router.navigate` moves it, as a visitor's back button would.
 */
export function renderRoutes(
  routes: RouteObject[],
  { path, session = signedOutSession, state }: { path: string; session?: Session; state?: unknown },
) {
  let current: RouterState | null = null;
  const onRender = (state: RouterState) => {
    current = state;
  };
  const rendered = renderWithProviders(
    <MemoryRouter initialEntries={[state === undefined ? path : { ...parsePath(path), state }]}>
      <RoutesUnderTest routes={routes} onRender={onRender} />
    </MemoryRouter>,
    session,
  );
  const currentState = (): RouterState => {
    if (!current) throw new Error('The router has not rendered yet.');
    return current;
  };
  const currentLocation = (): Location => currentState().location;
  const router = {
    get state() {
      const { location, historyAction } = currentState();
      return { location, historyAction };
    },
    navigate: async (to: string | number) => {
      const { navigate } = currentState();
      await act(async () => {
        if (typeof to === 'number') await navigate(to);
        else await navigate(to);
      });
    },
  };
  return { ...rendered, currentLocation, router };
}
