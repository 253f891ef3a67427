import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { realPathOf } from './real-paths';

/** Runs public/real-path.js (the server pages' script) against an address. */
function openAt(pathname: string, hash = '') {
  const source = fs.readFileSync(path.join(import.meta.dirname, '../../public/real-path.js'), 'utf8');
  const history = { replaceState: vi.fn() };
  new Function('window', source)({ location: { pathname, hash }, history });
  return history.replaceState.mock.calls.map((call) => call[2] as string);
}

describe('real paths', () => {
  it('points the app’s links at the server pages', () => {
    expect(realPathOf('/job/42')).toBe('/jobs/42');
    expect(realPathOf('/company/7')).toBe('/companies/7');
    expect(realPathOf('/job/0')).toBeNull();
    expect(realPathOf('/jobseekerapplications')).toBeNull();
  });

  it('opens a server page’s address as the app’s route, and leaves other addresses alone', () => {
    expect(openAt('/jobs/42')).toEqual(['/#/job/42']);
    expect(openAt('/companies/7/')).toEqual(['/#/company/7']);
    expect(openAt('/jobs/42', '#/')).toEqual(['/#/job/42']);
    expect(openAt('/jobs/42', '#/login')).toEqual([]);
    expect(openAt('/jobs/0')).toEqual([]);
    expect(openAt('/jobs/abc')).toEqual([]);
    expect(openAt('/')).toEqual([]);
  });
});
