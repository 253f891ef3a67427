import type { CompanyOut, JobOut, JobSummary } from '@jobportal/shared';
import type { ShellParts } from './app-shell';
import { escapeHtml, excerpt, jsonForScript, paragraphs } from './html';
import { jobPosting } from './job-posting';

/** Where a page is and what it is on: absolute addresses start with `origin` (PUBLIC_URL, never a request's Host). */
export interface PageContext {
  origin: string;
  productName: string;
}

const e = escapeHtml;

// A formatter is slow to make (about as long as the rest of a page): one a currency, kept.
const moneyFormats = new Map<string, Intl.NumberFormat>();

/** Pay as a line of text: "€60,000 – €80,000 a year"; null when the job gives none. */
export function payText(min: number | null, max: number | null, currency: string): string | null {
  const format = moneyFormats.get(currency) ?? new Intl.NumberFormat('en', { style: 'currency', currency, maximumFractionDigits: 0 });
  moneyFormats.set(currency, format);
  const money = (n: number) => format.format(n);
  if (min !== null && max !== null) return min === max ? `${money(min)} a year` : `${money(min)} – ${money(max)} a year`;
  if (min !== null) return `From ${money(min)} a year`;
  if (max !== null) return `Up to ${money(max)} a year`;
  return null;
}

/** Title, description, canonical address, Open Graph and Twitter card: the head every page shares. */
function headOf(
  ctx: PageContext,
  p: { title: string; description: string; path: string; image: string | null; type: string; noindex?: boolean },
) {
  const url = `${ctx.origin}${p.path}`;
  const image = p.image ? `${ctx.origin}${p.image}` : null;
  return [
    `<title>${e(p.title)} | ${e(ctx.productName)}</title>`,
    `<meta name="description" content="${e(p.description)}">`,
    `<link rel="canonical" href="${e(url)}">`,
    p.noindex ? '<meta name="robots" content="noindex">' : '',
    `<meta property="og:type" content="${p.type}">`,
    `<meta property="og:site_name" content="${e(ctx.productName)}">`,
    `<meta property="og:title" content="${e(p.title)}">`,
    `<meta property="og:description" content="${e(p.description)}">`,
    `<meta property="og:url" content="${e(url)}">`,
    image ? `<meta property="og:image" content="${e(image)}">` : '',
    `<meta name="twitter:card" content="summary">`,
    `<meta name="twitter:title" content="${e(p.title)}">`,
    `<meta name="twitter:description" content="${e(p.description)}">`,
    image ? `<meta name="twitter:image" content="${e(image)}">` : '',
  ]
    .filter(Boolean)
    .join('\n');
}

const nav = (ctx: PageContext) => `<nav aria-label="Site"><a href="/">${e(ctx.productName)}: all jobs</a></nav>`;

function section(title: string, text: string): string {
  return text.trim() ? `<section><h2>${e(title)}</h2>\n${paragraphs(text)}</section>` : '';
}

/** `/jobs/{id}`: the job as its app screen shows it, readable without JavaScript, with its JobPosting data. */
export function jobPage(ctx: PageContext, job: JobOut): ShellParts {
  const path = `/jobs/${job.id}`;
  const isOpen = job.is_public;
  const pay = payText(job.salary_min, job.salary_max, job.currency);
  const where = `${job.location}${job.is_remote && !/^remote$/i.test(job.location) ? ' (remote possible)' : ''}`;
  const title = `${job.title} at ${job.company.name}`;
  const description = isOpen
    ? excerpt(`${job.company.name} · ${where}${pay ? ` · ${pay}` : ''}. ${job.description}`)
    : `This job is closed: ${job.company.name} no longer takes applications for it.`;
  const data = jsonForScript(jobPosting(job, { url: `${ctx.origin}${path}`, origin: ctx.origin }));
  const facts = [where, pay ?? 'Pay not given', `${job.employment_type} · ${job.experience_level}`, `Posted ${job.posted_at.slice(0, 10)}`];
  if (job.application_deadline) facts.push(`Apply by ${job.application_deadline}`);
  const skills = job.skills_required.length
    ? `<section><h2>Skills</h2><ul>${job.skills_required.map((s) => `<li>${e(s.name)}</li>`).join('')}</ul></section>`
    : '';
  const body = `<main class="ssr">
${nav(ctx)}
<article>
<h1>${e(job.title)}</h1>
<p><a href="/companies/${job.company.id}">${e(job.company.name)}</a></p>
${isOpen ? '' : '<p class="closed" role="status"><strong>This job is closed.</strong> It no longer takes applications.</p>'}
<ul>${facts.map((f) => `<li>${e(f)}</li>`).join('')}</ul>
${section('About the job', job.description)}
${section('Responsibilities', job.responsibilities)}
${section('Qualifications', job.qualifications)}
${section('Nice to have', job.nice_to_have)}
${skills}
<section><h2>About ${e(job.company.name)}</h2>${paragraphs(job.company.description)}
<p><a href="/companies/${job.company.id}">More about ${e(job.company.name)} and its jobs</a></p></section>
</article>
</main>`;
  const head = `${headOf(ctx, { title, description, path, image: job.company.logo, type: 'article', noindex: !isOpen })}
<script type="application/ld+json">${data}</script>`;
  return { head, body };
}

/** `/companies/{id}`: the company's facts and its newest open jobs. */
export function companyPage(
  ctx: PageContext,
  company: CompanyOut,
  jobs: { results: JobSummary[]; count: number; places: string[] },
): ShellParts {
  const path = `/companies/${company.id}`;
  const facts = [
    company.industry,
    company.headquarters_location,
    company.company_size ? `${company.company_size} people` : null,
    company.founded_date ? `Founded ${company.founded_date.slice(0, 4)}` : null,
  ].filter((f): f is string => Boolean(f));
  const description = excerpt(company.description.trim() || `${company.name}: ${company.open_jobs_count} open jobs.`);
  const list = jobs.results
    .map(
      (j) =>
        `<li><a href="/jobs/${j.id}">${e(j.title)}</a> · ${e(j.location)}${j.is_remote && !/^remote$/i.test(j.location) ? ' · Remote' : ''}</li>`,
    )
    .join('\n');
  const org = {
    '@context': 'https://schema.org/',
    '@type': 'Organization',
    name: company.name,
    url: `${ctx.origin}${path}`,
    ...(company.logo ? { logo: `${ctx.origin}${company.logo}` } : {}),
    ...(company.website_url ? { sameAs: company.website_url } : {}),
  };
  const body = `<main class="ssr">
${nav(ctx)}
<article>
${company.logo ? `<img src="${e(company.logo)}" alt="" width="64" height="64">` : ''}
<h1>${e(company.name)}</h1>
${facts.length ? `<p>${facts.map(e).join(' · ')}</p>` : ''}
${company.website_url ? `<p><a href="${e(company.website_url)}" rel="nofollow noopener">${e(company.website_url)}</a></p>` : ''}
${section(`About ${company.name}`, company.description)}
<section><h2>Open jobs (${jobs.count})</h2>
${jobs.places.length ? `<p>Hiring in ${jobs.places.map(e).join(' · ')}</p>` : ''}
${list ? `<ul>${list}</ul>` : '<p>No open jobs right now.</p>'}
</section>
</article>
</main>`;
  const head = `${headOf(ctx, { title: company.name, description, path, image: company.logo, type: 'website' })}
<script type="application/ld+json">${jsonForScript(org)}</script>`;
  return { head, body };
}

/** The 404 page of /jobs/{id} and /companies/{id}. */
export function notFoundPage(ctx: PageContext, what: 'job' | 'company'): ShellParts {
  const text = what === 'job' ? 'This job is not available.' : 'This company has no page here.';
  return {
    head: `<title>Not found | ${e(ctx.productName)}</title>\n<meta name="robots" content="noindex">`,
    body: `<main class="ssr">\n${nav(ctx)}\n<h1>${text}</h1>\n<p>It may have been removed, or the address is mistyped. <a href="/">Search all jobs</a>.</p>\n</main>`,
  };
}
