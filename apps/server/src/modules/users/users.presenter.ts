import type { EmployerPersonOut, JobseekerPersonOut, UserOut } from '@jobportal/shared';
import type { UserRow } from '../../db/schema';
import { fullPreferences, profileCompleteness } from '../profiles';
import type { EmployerPersonRecord, JobseekerPersonRecord } from './users.repository';

/** The only shape in which a user leaves the server: fields picked, never the password hash. */
export function presentUser(row: UserRow): UserOut {
  return {
    id: row.id,
    email: row.email,
    full_name: row.fullName,
    role: row.role,
    is_active: row.isActive,
    deactivation_reason: row.isActive ? null : row.deactivationReason,
    email_verified: row.emailVerified,
    date_joined: row.dateJoined.toISOString(),
    last_login: row.lastLogin?.toISOString() ?? null,
  };
}

const personOf = (row: UserRow) => {
  const { email_verified: _verified, ...person } = presentUser(row);
  return person;
};

/** A job seeker in the admin's table: the account, applications made, and the profile's completeness. */
export function presentJobseekerPerson(record: JobseekerPersonRecord): JobseekerPersonOut {
  const p = record.profile;
  return {
    ...personOf(record.user),
    applications_count: record.applicationsCount,
    profile_completeness:
      p?.id == null // no profile yet (the counts of a missing profile read 0, not null)
        ? 0
        : profileCompleteness({
            ...p,
            preferences: fullPreferences(p.jobPreferences),
            educations: { length: p.educations },
            workExperience: { length: p.workExperience },
            skills: { length: p.skills },
          }).percent,
  };
}

/** An employer or recruiter in the admin's tables: the account, the company they work for, jobs they posted. */
export function presentEmployerPerson(record: EmployerPersonRecord): EmployerPersonOut {
  return {
    ...personOf(record.user),
    company: record.company && { id: record.company.id, name: record.company.name, is_approved: record.company.isApproved },
    is_company_owner: record.memberRole === 'owner',
    former_company: record.company ? null : record.formerCompany,
    jobs_count: record.jobsCount,
  };
}
