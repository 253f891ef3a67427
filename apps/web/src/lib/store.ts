import { createImmutableStateInvariantMiddleware, createSerializableStateInvariantMiddleware } from '@reduxjs/toolkit';
import { useDispatch, useSelector } from 'react-redux';
import {
  applyMiddleware,
  combineReducers,
  compose,
  legacy_createStore,
  type Action,
  type Middleware,
  type Reducer,
  type StoreEnhancer,
} from 'redux';
import { thunk, type ThunkDispatch } from 'redux-thunk';
import { readSession, type Session } from './session/session';
import { sessionPersistence, sessionReducer, type SessionRootState } from './session/session-slice';

/**
 * Slices that arrive with the code that needs them: the API cache (lib/api/api-slice.ts) adds
 * itself with `addLazySlice`. The store is on every first load and the API cache is not, so the
 * store is plain Redux (what Redux Toolkit's configureStore sets up: thunks, the dev-time state
 * checks, the devtools) and RTK Query with the rest of the toolkit load with the first screen
 * that fetches (docs/decisions/004).
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by module augmentation
export interface LazyLoadedSlices {}

export type RootState = SessionRootState & Partial<LazyLoadedSlices>;

const reducers: Record<string, Reducer> = { session: sessionReducer };
const lateMiddleware: Middleware[] = [];
const stores = new Set<WeakRef<{ replaceReducer: (reducer: Reducer) => void }>>();

/** Runs the middleware added after the store was made, in the order added. */
const lateMiddlewareRunner: Middleware = (api) => {
  const applied: Array<ReturnType<Middleware>> = [];
  return (next) => (action) => {
    while (applied.length < lateMiddleware.length) applied.push(lateMiddleware[applied.length]!(api));
    return applied.length ? (compose(...applied) as (n: typeof next) => typeof next)(next)(action) : next(action);
  };
};

/** Adds a slice's reducer and middleware to every store, made already or later; its state starts at once. */
export function addLazySlice(name: keyof LazyLoadedSlices & string, reducer: Reducer, middleware: Middleware[]) {
  if (reducers[name]) return;
  reducers[name] = reducer;
  lateMiddleware.push(...middleware);
  const rootReducer = combineReducers(reducers);
  for (const ref of stores) {
    const store = ref.deref();
    if (store) store.replaceReducer(rootReducer);
    else stores.delete(ref);
  }
}

type DevtoolsWindow = Window & { __REDUX_DEVTOOLS_EXTENSION_COMPOSE__?: typeof compose };

export function createAppStore(session: Session = readSession()) {
  const checks: Middleware[] = import.meta.env.DEV
    ? [createImmutableStateInvariantMiddleware(), createSerializableStateInvariantMiddleware()]
    : [];
  const composeEnhancers = (import.meta.env.DEV && (window as DevtoolsWindow).__REDUX_DEVTOOLS_EXTENSION_COMPOSE__) || compose;
  const enhancer = composeEnhancers(applyMiddleware(thunk, ...checks, lateMiddlewareRunner, sessionPersistence)) as StoreEnhancer<{
    dispatch: ThunkDispatch<RootState, undefined, Action>;
  }>;
  const store = legacy_createStore(combineReducers(reducers) as unknown as Reducer<RootState>, { session } as RootState, enhancer);
  stores.add(new WeakRef(store as { replaceReducer: (reducer: Reducer) => void }));
  return store;
}

export type AppStore = ReturnType<typeof createAppStore>;
export type AppDispatch = AppStore['dispatch'];

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();
