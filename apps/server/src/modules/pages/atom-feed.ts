import type { JobSummary } from '@jobportal/shared';
import { escapeXml } from './html';
import { payText } from './page-views';

const x = escapeXml;

/**
 * An Atom feed (RFC 4287) of one page of a job search, newest first: the feed's id is its own
 * address; each entry's is the job's page, which is also its alternate link.
 */
export function atomFeed(p: {
  origin: string;
  productName: string;
  /** The feed's path and query (/jobs.atom?...), and the search's page in the app (/#/?...). */
  selfPath: string;
  alternatePath: string;
  title: string;
  jobs: JobSummary[];
}): string {
  const self = `${p.origin}${p.selfPath}`;
  const updated = p.jobs.reduce((latest, j) => (j.posted_at > latest ? j.posted_at : latest), '1970-01-01T00:00:00.000Z');
  const entries = p.jobs.map((job) => {
    const url = `${p.origin}/jobs/${job.id}`;
    const pay = payText(job.salary_min, job.salary_max, job.currency);
    const summary = [job.company.name, job.location, job.is_remote ? 'Remote' : null, pay, job.employment_type, job.snippet]
      .filter(Boolean)
      .join(' · ');
    return `<entry>
<id>${x(url)}</id>
<title type="text">${x(job.title)}</title>
<updated>${job.posted_at}</updated>
<published>${job.posted_at}</published>
<author><name>${x(job.company.name)}</name></author>
<link rel="alternate" type="text/html" href="${x(url)}"/>
<summary type="text">${x(summary)}</summary>
</entry>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>
<feed xmlns="http://www.w3.org/2005/Atom">
<id>${x(self)}</id>
<title type="text">${x(p.title)}</title>
<updated>${updated}</updated>
<author><name>${x(p.productName)}</name></author>
<link rel="self" type="application/atom+xml" href="${x(self)}"/>
<link rel="alternate" type="text/html" href="${x(`${p.origin}${p.alternatePath}`)}"/>
<generator>${x(p.productName)}</generator>
${entries.join('\n')}
</feed>
`;
}
