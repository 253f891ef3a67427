import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Middleware, Reducer } from 'redux';
import { jsonResponse, mockFetch } from '../test/fetch-mock';
import { sessionFor } from '../test/sessions';
import { signedOut } from './session/session-slice';
import { addLazySlice, createAppStore } from './store';

describe('the store', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('gives a store made earlier the state and middleware of a slice that arrives later', () => {
    const store = createAppStore(sessionFor('jobseeker'));
    const seen: string[] = [];
    const recorder: Middleware = () => (next) => (action) => {
      seen.push((action as { type: string }).type);
      return next(action);
    };
    const counter: Reducer<number> = (state = 0, action) => (action.type === 'counter/add' ? state + 1 : state);
    addLazySlice('counter' as never, counter, [recorder]);

    expect((store.getState() as unknown as { counter: number }).counter).toBe(0);
    store.dispatch({ type: 'counter/add' });
    expect((store.getState() as unknown as { counter: number }).counter).toBe(1);
    expect(seen).toEqual(['counter/add']);
    // A store made afterwards has it from the start.
    expect((createAppStore().getState() as unknown as { counter: number }).counter).toBe(0);
  });

  it('empties the API cache when the session ends', async () => {
    const { api } = await import('./api/api-slice');
    const probeApi = api.injectEndpoints({
      endpoints: (build) => ({ mine: build.query<{ secret: string }, void>({ query: () => '/mine/' }) }),
      overrideExisting: true,
    });
    mockFetch(() => jsonResponse(200, { secret: 'only for Ada' }));
    const store = createAppStore(sessionFor('jobseeker'));
    await store.dispatch(probeApi.endpoints.mine.initiate());
    expect(probeApi.endpoints.mine.select()(store.getState() as never).data).toEqual({ secret: 'only for Ada' });

    store.dispatch(signedOut());
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(probeApi.endpoints.mine.select()(store.getState() as never).data).toBeUndefined();
  });
});
