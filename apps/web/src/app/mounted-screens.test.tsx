import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { isApplicantsScreenMounted } from '../features/jobs/applicants-screen';
import { buildRoutes } from './router';

function mountedPaths(routes: RouteObject[]): string[] {
  return routes.flatMap((route) => [...(route.path ? [route.path] : []), ...mountedPaths(route.children ?? [])]);
}

describe('links to screens of later issues', () => {
  it('job lists link to the applicants screen exactly when it is mounted', () => {
    expect(mountedPaths(buildRoutes()).includes('/EmployerJobapplicants/:jobId')).toBe(isApplicantsScreenMounted);
  });
});
