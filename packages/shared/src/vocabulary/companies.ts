export const companySizes = ['1-10', '11-50', '51-200', '201-500', '501-1000', '1001-5000', '5000+'] as const;
export type CompanySize = (typeof companySizes)[number];

/** Who a member of a company's hiring team is: the owner (who submitted it) or a recruiter the owner invited. */
export const companyRoles = ['owner', 'recruiter'] as const;
export type CompanyRole = (typeof companyRoles)[number];
export const companyRoleLabels: Record<CompanyRole, string> = { owner: 'Owner', recruiter: 'Recruiter' };
