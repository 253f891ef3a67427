import type { JobInput, JobOut } from '@jobportal/shared';
import type { EmploymentType, ExperienceLevel, JobStatus } from '@jobportal/shared';

/** The job form as its fields hold it. Number boxes hold '' when empty. */
export type JobFormValues = {
  title: string;
  description: string;
  responsibilities: string;
  qualifications: string;
  nice_to_have: string;
  location: string;
  is_remote: boolean;
  salary_min: number | '';
  salary_max: number | '';
  /** ISO 4217; '' leaves it to the company's default. */
  currency: string;
  employment_type: EmploymentType | null;
  experience_level: ExperienceLevel | null;
  job_function: string;
  categories: number[];
  skills_required: number[];
  application_deadline: string;
  status: JobStatus;
  /** Close applications left unanswered for 30 days (with a polite message). */
  auto_close: boolean;
};

export const emptyJobForm: JobFormValues = {
  title: '',
  description: '',
  responsibilities: '',
  qualifications: '',
  nice_to_have: '',
  location: '',
  is_remote: false,
  salary_min: '',
  salary_max: '',
  currency: '',
  employment_type: 'Full-time',
  experience_level: 'Mid level',
  job_function: '',
  categories: [],
  skills_required: [],
  application_deadline: '',
  status: 'open',
  auto_close: true,
};

export function jobFormValuesOf(job: JobOut): JobFormValues {
  return {
    title: job.title,
    description: job.description,
    responsibilities: job.responsibilities,
    qualifications: job.qualifications,
    nice_to_have: job.nice_to_have,
    location: job.location,
    is_remote: job.is_remote,
    salary_min: job.salary_min ?? '',
    salary_max: job.salary_max ?? '',
    currency: job.currency,
    employment_type: job.employment_type,
    experience_level: job.experience_level,
    job_function: job.job_function ?? '',
    categories: job.categories.map((category) => category.id),
    skills_required: job.skills_required.map((skill) => skill.id),
    application_deadline: job.application_deadline ?? '',
    status: job.status,
    auto_close: job.auto_close,
  };
}

// A number box may hold '' (empty) or, mid-typing, a string: only a number is an amount.
const amount = (value: number | string) => (typeof value === 'number' && Number.isFinite(value) ? value : null);

/** What the API takes (jobInput). A missing type or level is left out, so the schema names the field. */
export function toJobInput(values: JobFormValues): JobInput {
  return {
    title: values.title.trim(),
    description: values.description.trim(),
    responsibilities: values.responsibilities.trim(),
    qualifications: values.qualifications.trim(),
    nice_to_have: values.nice_to_have.trim(),
    location: values.location.trim(),
    is_remote: values.is_remote,
    salary_min: amount(values.salary_min),
    salary_max: amount(values.salary_max),
    ...(values.currency ? { currency: values.currency } : {}),
    employment_type: values.employment_type as EmploymentType,
    experience_level: values.experience_level as ExperienceLevel,
    job_function: values.job_function.trim() || null,
    categories: values.categories,
    skills_required: values.skills_required,
    application_deadline: values.application_deadline || null,
    status: values.status,
    auto_close: values.auto_close,
  };
}

export const salaryOrderRule = 'The minimum salary cannot be above the maximum.';

/** The min ≤ max rule, checked as the amounts are typed. */
export function salaryOrderError(values: {
  salary_min: JobFormValues['salary_min'];
  salary_max: JobFormValues['salary_max'];
}): string | null {
  const { salary_min: min, salary_max: max } = values;
  return min !== '' && max !== '' && min > max ? salaryOrderRule : null;
}
