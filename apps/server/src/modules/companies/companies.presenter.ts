import type { CompanyOut } from '@jobportal/shared';
import type { CompanyRow } from '../../db/schema';
import type { CompanyRecord } from './companies.repository';

/**
 * Where a company's logo is served (with a version from its storage key, so a new logo is a new
 * address and browsers may cache each one), or null when it has none.
 */
export function logoUrl(company: Pick<CompanyRow, 'id' | 'logo'>): string | null {
  if (!company.logo) return null;
  const version = /-([a-z0-9]+)\.[a-z0-9]+$/.exec(company.logo)?.[1] ?? '0';
  return `/api/companies/${company.id}/logo/?v=${version}`;
}

/** The only shape in which a company leaves the server; `owner` only for its owner and admins. */
export function presentCompany(row: CompanyRecord, options: { withOwner: boolean }): CompanyOut {
  return {
    id: row.id,
    name: row.name,
    logo: logoUrl(row),
    website_url: row.websiteUrl,
    industry: row.industry,
    company_size: row.companySize,
    founded_date: row.foundedDate,
    description: row.description,
    headquarters_location: row.headquartersLocation,
    tech_stack: row.techStack,
    default_currency: row.defaultCurrency,
    is_approved: row.isApproved,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    open_jobs_count: row.openJobsCount,
    ...(options.withOwner ? { owner: { id: row.owner.id, full_name: row.owner.fullName, email: row.owner.email } } : {}),
  };
}
