export const roles = ['admin', 'jobseeker', 'employer'] as const;
export type Role = (typeof roles)[number];
/** The roles a person may pick when signing up (admins are made, not signed up). */
export const selfServiceRoles = ['jobseeker', 'employer'] as const;
export type SelfServiceRole = (typeof selfServiceRoles)[number];
