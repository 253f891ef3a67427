import type { EmploymentType, JobOut } from '@jobportal/shared';
import { paragraphs } from './html';

/** Google's employmentType values for ours (Freelance work is contract work). */
const googleEmploymentType: Record<EmploymentType, string> = {
  'Full-time': 'FULL_TIME',
  'Part-time': 'PART_TIME',
  Contract: 'CONTRACTOR',
  Temporary: 'TEMPORARY',
  Internship: 'INTERN',
  Freelance: 'CONTRACTOR',
};

// "Austin, TX": a US state's code stands where a country would.
const usStates = new Set(
  'AL AK AZ AR CA CO CT DE FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY DC'.split(
    ' ',
  ),
);

/** A place as our forms write it ("Berlin, Germany", "Austin, TX", "Remote"): its town and country, where it says them. */
export function placeOf(location: string | null): { locality: string; region?: string; country?: string } | null {
  const parts = (location ?? '')
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  if (!parts.length || /^(remote|anywhere|worldwide)$/i.test(parts[0]!)) return null;
  const last = parts.length > 1 ? parts[parts.length - 1]! : undefined;
  if (last && usStates.has(last)) return { locality: parts[0]!, region: last, country: 'US' };
  return { locality: parts[0]!, ...(last ? { country: last } : {}) };
}

/** Where a job ends: its deadline's last moment (UTC), or when it was closed; none for an open job without a deadline. */
export function validThroughOf(job: JobOut): string | undefined {
  const deadlineEnd = job.application_deadline ? `${job.application_deadline}T23:59:59Z` : undefined;
  if (job.status === 'closed') {
    // Closed: the moment it was last changed (its closing), or its deadline if that came first.
    return deadlineEnd && deadlineEnd < job.updated_at ? deadlineEnd : job.updated_at;
  }
  return deadlineEnd;
}

/** The job's description for Google: every text section as HTML (escaped), under its heading. */
function descriptionHtml(job: JobOut): string {
  const sections: Array<[string, string]> = [
    ['', job.description],
    ['Responsibilities', job.responsibilities],
    ['Qualifications', job.qualifications],
    ['Nice to have', job.nice_to_have],
  ];
  return sections
    .filter(([, text]) => text.trim())
    .map(([title, text]) => `${title ? `<h3>${title}</h3>\n` : ''}${paragraphs(text)}`)
    .join('\n');
}

/**
 * schema.org JobPosting for Google's job search: every property Google requires (title,
 * description, datePosted, hiringOrganization, jobLocation unless fully remote) and recommends
 * (applicantLocationRequirements and jobLocationType for remote work, baseSalary, directApply,
 * employmentType, identifier, validThrough). Built from the presented job (the API's JobOut), so it
 * says nothing the API would not. A closed job keeps its data with validThrough in the past
 * (docs/decisions/020-job-pages.md). `url` and the logo are absolute.
 */
export function jobPosting(job: JobOut, { url, origin }: { url: string; origin: string }) {
  const place = placeOf(job.location);
  const country = place?.country ?? placeOf(job.company.headquarters_location)?.country;
  const validThrough = validThroughOf(job);
  const hasPay = job.salary_min !== null || job.salary_max !== null;
  return {
    '@context': 'https://schema.org/',
    '@type': 'JobPosting',
    title: job.title,
    description: descriptionHtml(job),
    datePosted: job.posted_at,
    ...(validThrough ? { validThrough } : {}),
    employmentType: googleEmploymentType[job.employment_type],
    hiringOrganization: {
      '@type': 'Organization',
      name: job.company.name,
      ...(job.company.website_url ? { sameAs: job.company.website_url } : {}),
      ...(job.company.logo ? { logo: `${origin}${job.company.logo}` } : {}),
    },
    ...(place
      ? {
          jobLocation: {
            '@type': 'Place',
            address: {
              '@type': 'PostalAddress',
              addressLocality: place.locality,
              ...(place.region ? { addressRegion: place.region } : {}),
              ...(place.country ? { addressCountry: place.country } : {}),
            },
          },
        }
      : {}),
    ...(job.is_remote
      ? {
          jobLocationType: 'TELECOMMUTE',
          ...(country ? { applicantLocationRequirements: { '@type': 'Country', name: country } } : {}),
        }
      : {}),
    ...(hasPay
      ? {
          baseSalary: {
            '@type': 'MonetaryAmount',
            currency: job.currency,
            value: {
              '@type': 'QuantitativeValue',
              ...(job.salary_min !== null && job.salary_max !== null
                ? { minValue: job.salary_min, maxValue: job.salary_max }
                : { value: job.salary_min ?? job.salary_max }),
              // Pay is a year's (docs/decisions/016-money.md).
              unitText: 'YEAR',
            },
          },
        }
      : {}),
    identifier: { '@type': 'PropertyValue', name: job.company.name, value: String(job.id) },
    directApply: true,
    url,
    ...(job.skills_required.length ? { skills: job.skills_required.map((s) => s.name).join(', ') } : {}),
  };
}
