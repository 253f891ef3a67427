/**
 * The server answers /jobs/{id} and /companies/{id} with a page people and search engines read
 * (apps/server/src/modules/pages), then the app starts on it. The CSP forbids inline scripts, so
 * the app itself turns such a path into its own hash route, before the router reads the address.
 */
const realPaths: ReadonlyArray<readonly [RegExp, string]> = [
  [/^\/jobs\/([1-9]\d{0,9})\/?$/, '/job/'],
  [/^\/companies\/([1-9]\d{0,9})\/?$/, '/company/'],
];

/** The hash route of a real path (`/jobs/7` → `/job/7`), or null when the path is not one. */
export function hashRouteOf(pathname: string): string | null {
  for (const [pattern, route] of realPaths) {
    const id = pattern.exec(pathname)?.[1];
    if (id) return `${route}${id}`;
  }
  return null;
}

/** The real path of one of the app's routes (`/job/7` → `/jobs/7`): what its links point at, so a copied address works. */
export function realPathOf(route: string): string | null {
  const match = /^\/(job|company)\/([1-9]\d{0,9})$/.exec(route);
  if (!match) return null;
  return `/${match[1] === 'job' ? 'jobs' : 'companies'}/${match[2]}`;
}

/** Opened at /jobs/{id} or /companies/{id} without a route of its own: the address becomes the app's (/#/job/{id}). */
export function followRealPath(location: Pick<Location, 'pathname' | 'hash'>, history: Pick<History, 'replaceState'>): void {
  const route = hashRouteOf(location.pathname);
  if (route && (location.hash === '' || location.hash === '#' || location.hash === '#/')) history.replaceState(null, '', `/#${route}`);
}
