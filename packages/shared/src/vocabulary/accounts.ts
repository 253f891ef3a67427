export const roles = ['admin', 'jobseeker', 'employer'] as const;
export type Role = (typeof roles)[number];
/** The roles a person may pick when signing up (admins are made, not signed up). */
export const selfServiceRoles = ['jobseeker', 'employer'] as const;
export type SelfServiceRole = (typeof selfServiceRoles)[number];

/** How the admin's people tables sort (`ordering`; a leading `-` is descending). */
export const personOrderingLabels = {
  '-date_joined': 'Newest first',
  date_joined: 'Oldest first',
  full_name: 'Name A–Z',
  '-full_name': 'Name Z–A',
  email: 'E-mail A–Z',
  '-email': 'E-mail Z–A',
  '-last_login': 'Signed in lately',
  last_login: 'Signed in longest ago',
} as const;
export type PersonOrdering = keyof typeof personOrderingLabels;
export const personOrderings = Object.keys(personOrderingLabels) as PersonOrdering[];
export const isPersonOrdering = (v: unknown): v is PersonOrdering => typeof v === 'string' && v in personOrderingLabels;

/** The people tables of the admin area, each with its own list call (`/api/<kind>/`). */
export const personKinds = ['jobseekers', 'employers', 'recruiters'] as const;
export type PersonKind = (typeof personKinds)[number];
