import { describe, expect, it } from 'vitest';
import { returnPathFromState } from './navigation-state';

describe('returnPathFromState', () => {
  it('keeps an in-app address', () => {
    expect(returnPathFromState({ from: '/job/12' })).toBe('/job/12');
    expect(returnPathFromState({ from: '/EmployerJobapplicants/4?status=pending' })).toBe('/EmployerJobapplicants/4?status=pending');
  });

  it('refuses other sites, sign-in screens and anything that is not an address', () => {
    for (const from of [
      '//evil.example.com/x',
      'https://evil.example.com',
      'job/12',
      '/login',
      '/signup?role=employer',
      '/verify-otp',
      42,
      null,
    ]) {
      expect(returnPathFromState({ from })).toBeUndefined();
    }
    expect(returnPathFromState(null)).toBeUndefined();
    expect(returnPathFromState('/job/12')).toBeUndefined();
  });
});
