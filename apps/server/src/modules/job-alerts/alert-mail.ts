import type { AlertFrequency } from '@jobportal/shared';
import { inline, type MailMessage } from '../../lib/mail';
import type { JobSummaryRecord } from '../jobs';

/** The hour daily and weekly e-mails leave, in the person's zone; weekly ones on Mondays. */
export const digestHour = 8;

function zonedParts(at: Date, timeZone: string) {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(at);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return { year: get('year'), month: get('month'), day: get('day'), hour: get('hour'), minute: get('minute'), second: get('second') };
}

/** The zone's offset from UTC at that moment, in ms (Berlin in summer: +7,200,000). */
function offsetAt(at: Date, timeZone: string): number {
  const p = zonedParts(at, timeZone);
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - Math.floor(at.getTime() / 1000) * 1000;
}

/** The moment a wall-clock time of a day happens in a zone (a time skipped by a clock change: the hour after). */
function wallClock(year: number, month: number, day: number, hour: number, timeZone: string): Date {
  const wall = Date.UTC(year, month - 1, day, hour);
  let guess = wall - offsetAt(new Date(wall), timeZone);
  guess = wall - offsetAt(new Date(guess), timeZone);
  return new Date(guess);
}

/** When a daily (tomorrow's or today's 08:00) or weekly (Monday 08:00) e-mail is next due after `now`, in the zone. */
export function nextDigestAt(now: Date, frequency: Exclude<AlertFrequency, 'instant'>, timeZone: string): Date {
  const today = zonedParts(now, timeZone);
  for (let add = 0; add <= 8; add++) {
    const day = new Date(Date.UTC(today.year, today.month - 1, today.day + add));
    if (frequency === 'weekly' && day.getUTCDay() !== 1) continue;
    const at = wallClock(day.getUTCFullYear(), day.getUTCMonth() + 1, day.getUTCDate(), digestHour, timeZone);
    if (at > now) return at;
  }
  throw new Error(`no next e-mail time for ${frequency} in ${timeZone}`);
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Yearly pay in the job's currency ("€60,000 – €80,000 a year"), or null without pay. */
export function payText(min: number | null, max: number | null, currency: string): string | null {
  let format: Intl.NumberFormat;
  try {
    format = new Intl.NumberFormat('en-GB', { style: 'currency', currency, maximumFractionDigits: 0, minimumFractionDigits: 0 });
  } catch {
    format = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 0 });
  }
  if (min !== null && max !== null)
    return min === max ? `${format.format(min)} a year` : `${format.format(min)} – ${format.format(max)} a year`;
  if (min !== null) return `From ${format.format(min)} a year`;
  if (max !== null) return `Up to ${format.format(max)} a year`;
  return null;
}

const placeText = (job: JobSummaryRecord) => (job.isRemote ? `${job.location} (remote)` : job.location);

export interface AlertMailLinks {
  /** The public address (`https://jobs.example.com`), no trailing slash. */
  base: string;
  /** The alert's manage token (pause, change, unsubscribe without signing in). */
  manageToken: string;
  /** The search's query string (`search=python&location=berlin`). */
  searchQuery: string;
}

/**
 * An alert's e-mail: up to ten jobs (title, company, place, pay in its currency, a link), as HTML
 * and plain text, with RFC 8058 one-click unsubscribe headers and a link to pause or change the
 * alert without signing in.
 */
export function alertEmail(args: {
  to: string;
  productName: string;
  alertName: string;
  frequency: AlertFrequency;
  jobs: JobSummaryRecord[];
  more: number;
  links: AlertMailLinks;
}): MailMessage {
  const { jobs, links, productName } = args;
  const name = inline(args.alertName);
  const unsubscribeUrl = `${links.base}/api/job-alerts/unsubscribe/?token=${encodeURIComponent(links.manageToken)}`;
  const manageUrl = `${links.base}/#/alerts/manage/${encodeURIComponent(links.manageToken)}`;
  const searchUrl = `${links.base}/#/${links.searchQuery ? `?${links.searchQuery}` : ''}`;
  const jobUrl = (job: JobSummaryRecord) => `${links.base}/#/job/${job.id}`;
  const total = jobs.length + args.more;
  const subject = `${total} new job${total === 1 ? '' : 's'} for '${name}'`;
  const when = args.frequency === 'instant' ? 'as they are posted' : args.frequency === 'daily' ? 'once a day' : 'once a week';

  const textJobs = jobs.map((job) => {
    const pay = payText(job.salaryMin, job.salaryMax, job.currency);
    return [
      `* ${inline(job.title)}`,
      `  ${inline(job.companyName)} · ${inline(placeText(job))}`,
      ...(pay ? [`  ${pay}`] : []),
      `  ${jobUrl(job)}`,
    ].join('\n');
  });
  const text = [
    `New jobs for your alert '${name}' on ${productName}:`,
    '',
    textJobs.join('\n\n'),
    ...(args.more ? ['', `And ${args.more} more: ${searchUrl}`] : []),
    '',
    `You get these e-mails ${when}.`,
    `Pause or change this alert (no sign-in needed): ${manageUrl}`,
    `Stop these e-mails: ${unsubscribeUrl}`,
  ].join('\n');

  const htmlJobs = jobs
    .map((job) => {
      const pay = payText(job.salaryMin, job.salaryMax, job.currency);
      return `<li style="margin:0 0 16px">
  <a href="${escapeHtml(jobUrl(job))}" style="font-weight:bold">${escapeHtml(job.title)}</a><br>
  ${escapeHtml(job.companyName)} · ${escapeHtml(placeText(job))}${pay ? `<br>\n  ${escapeHtml(pay)}` : ''}
</li>`;
    })
    .join('\n');
  const html = `<!doctype html>
<html lang="en"><body style="font-family:sans-serif;line-height:1.4">
<p>New jobs for your alert <strong>${escapeHtml(name)}</strong> on ${escapeHtml(productName)}:</p>
<ul style="padding-left:20px">
${htmlJobs}
</ul>
${args.more ? `<p><a href="${escapeHtml(searchUrl)}">And ${args.more} more</a></p>\n` : ''}<p style="color:#555;font-size:13px">You get these e-mails ${when}.
<a href="${escapeHtml(manageUrl)}">Pause or change this alert</a> (no sign-in needed) ·
<a href="${escapeHtml(unsubscribeUrl)}">Stop these e-mails</a></p>
</body></html>`;

  return {
    to: args.to,
    subject,
    text,
    html,
    headers: {
      'List-Unsubscribe': `<${unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

/** The double opt-in e-mail of a visitor's alert: nothing else is sent before the link is opened. */
export function confirmationEmail(args: {
  to: string;
  productName: string;
  alertName: string;
  confirmUrl: string;
  days: number;
}): MailMessage {
  const name = inline(args.alertName);
  return {
    to: args.to,
    subject: `Confirm your job alert '${name}' on ${args.productName}`,
    text: [
      `Someone (we hope you) asked ${args.productName} to e-mail new jobs for '${name}' to this address.`,
      '',
      `Confirm it: ${args.confirmUrl}`,
      '',
      `Until it is confirmed we send nothing else. If it was not you, ignore this e-mail: the request is forgotten after ${args.days} days.`,
    ].join('\n'),
    html: `<!doctype html>
<html lang="en"><body style="font-family:sans-serif;line-height:1.4">
<p>Someone (we hope you) asked ${escapeHtml(args.productName)} to e-mail new jobs for <strong>${escapeHtml(name)}</strong> to this address.</p>
<p><a href="${escapeHtml(args.confirmUrl)}">Confirm the job alert</a></p>
<p style="color:#555;font-size:13px">Until it is confirmed we send nothing else. If it was not you, ignore this e-mail: the request is forgotten after ${args.days} days.</p>
</body></html>`,
  };
}
