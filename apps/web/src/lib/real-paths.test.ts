import { describe, expect, it, vi } from 'vitest';
import { followRealPath, hashRouteOf, realPathOf } from './real-paths';

describe('real paths', () => {
  it('maps the server pages to the app routes and back', () => {
    expect(hashRouteOf('/jobs/42')).toBe('/job/42');
    expect(hashRouteOf('/companies/7/')).toBe('/company/7');
    expect(hashRouteOf('/jobs/0')).toBeNull();
    expect(hashRouteOf('/jobs/abc')).toBeNull();
    expect(hashRouteOf('/')).toBeNull();
    expect(realPathOf('/job/42')).toBe('/jobs/42');
    expect(realPathOf('/company/7')).toBe('/companies/7');
    expect(realPathOf('/jobseekerapplications')).toBeNull();
  });

  it('replaces /jobs/{id} with the app address, and leaves an address with its own route alone', () => {
    const history = { replaceState: vi.fn() };
    followRealPath({ pathname: '/jobs/42', hash: '' }, history);
    expect(history.replaceState).toHaveBeenCalledWith(null, '', '/#/job/42');
    history.replaceState.mockClear();
    followRealPath({ pathname: '/jobs/42', hash: '#/login' }, history);
    followRealPath({ pathname: '/', hash: '' }, history);
    expect(history.replaceState).not.toHaveBeenCalled();
  });
});
