import { beforeEach, describe, expect, it } from 'vitest';
import { sessionFor } from '../../test/sessions';
import { createAppStore } from '../store';
import { clearStoredSession, readSession, roleHome, savedJobIdKey, sessionKeys, signedOutSession, writeSession } from './session';
import { signedIn, signedOut, tokensRefreshed } from './session-slice';

describe('session storage', () => {
  beforeEach(() => localStorage.clear());

  it('round-trips every field under the spec names', () => {
    const session = sessionFor('employer', { companyDetailsSubmitted: true });
    writeSession(session);
    expect(localStorage.getItem('accessToken')).toBe('access-1');
    expect(localStorage.getItem('refreshToken')).toBe('refresh-1');
    expect(localStorage.getItem('role')).toBe('employer');
    expect(localStorage.getItem('userid')).toBe('7');
    expect(localStorage.getItem('full_name')).toBe('Ada Lovelace');
    expect(JSON.parse(localStorage.getItem('user') ?? 'null')).toEqual(session.user);
    expect(readSession()).toEqual(session);
  });

  it('reads companyDetailsSubmitted back as real booleans', () => {
    writeSession(sessionFor('employer', { companyDetailsSubmitted: false }));
    expect(localStorage.getItem('companyDetailsSubmitted')).toBe('false');
    expect(readSession().companyDetailsSubmitted).toBe(false);

    writeSession(sessionFor('employer', { companyDetailsSubmitted: true }));
    expect(readSession().companyDetailsSubmitted).toBe(true);
  });

  it('never treats the string "false" (or anything but "true") as true', () => {
    writeSession(sessionFor('employer'));
    for (const stored of ['false', 'False', '0', '', 'null', 'yes']) {
      localStorage.setItem('companyDetailsSubmitted', stored);
      expect(readSession().companyDetailsSubmitted).toBe(false);
    }
  });

  it('gives no session for an unknown role or a missing token', () => {
    writeSession(sessionFor('jobseeker'));
    localStorage.setItem('role', 'superuser');
    expect(readSession()).toEqual(signedOutSession);

    writeSession(sessionFor('jobseeker'));
    localStorage.removeItem('accessToken');
    expect(readSession()).toEqual(signedOutSession);
  });

  it('survives a corrupt user value', () => {
    writeSession(sessionFor('jobseeker'));
    localStorage.setItem('user', '{not json');
    expect(readSession().user).toBeNull();
    expect(readSession().role).toBe('jobseeker');
  });

  it('clears every key and the saved job id', () => {
    writeSession(sessionFor('employer'));
    localStorage.setItem(savedJobIdKey, '42');
    localStorage.setItem('unrelated', 'kept');
    clearStoredSession();
    for (const key of Object.values(sessionKeys)) expect(localStorage.getItem(key)).toBeNull();
    expect(localStorage.getItem(savedJobIdKey)).toBeNull();
    expect(localStorage.getItem('unrelated')).toBe('kept');
  });
});

describe('session slice', () => {
  beforeEach(() => localStorage.clear());

  it('stores a sign-in, a token refresh and a sign-out', () => {
    const store = createAppStore(signedOutSession);
    store.dispatch(
      signedIn({
        accessToken: 'a1',
        refreshToken: 'r1',
        role: 'employer',
        user: { id: 3, email: 'e@example.com', full_name: 'Grace Hopper' },
        companyDetailsSubmitted: false,
      }),
    );
    expect(store.getState().session).toMatchObject({
      role: 'employer',
      userid: 3,
      full_name: 'Grace Hopper',
      companyDetailsSubmitted: false,
    });
    expect(readSession()).toEqual(store.getState().session);

    store.dispatch(tokensRefreshed({ access: 'a2', refresh: 'r2' }));
    expect(localStorage.getItem('accessToken')).toBe('a2');
    expect(localStorage.getItem('refreshToken')).toBe('r2');

    localStorage.setItem(savedJobIdKey, '9');
    store.dispatch(signedOut());
    expect(store.getState().session).toEqual(signedOutSession);
    expect(localStorage.length).toBe(0);
  });
});

describe('roleHome', () => {
  it('sends each role home', () => {
    expect(roleHome({ role: 'jobseeker', companyDetailsSubmitted: false })).toBe('/dashboard/jobseeker');
    expect(roleHome({ role: 'employer', companyDetailsSubmitted: true })).toBe('/dashboard/employer');
    expect(roleHome({ role: 'employer', companyDetailsSubmitted: false })).toBe('/EmployerCompanyManagement');
    expect(roleHome({ role: 'admin', companyDetailsSubmitted: false })).toBe('/admindashboard');
  });
});
