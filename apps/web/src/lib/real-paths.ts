/**
 * The server answers /jobs/{id} and /companies/{id} with a page people and search engines read
 * (apps/server/src/modules/pages); that page's /real-path.js turns the address into the app's hash
 * route before the app starts. The app's own links point at those real paths, so a copied address works.
 */

/** The real path of one of the app's routes (`/job/7` → `/jobs/7`): what its links point at. */
export function realPathOf(route: string): string | null {
  const match = /^\/(job|company)\/([1-9]\d{0,9})$/.exec(route);
  if (!match) return null;
  return `/${match[1] === 'job' ? 'jobs' : 'companies'}/${match[2]}`;
}
