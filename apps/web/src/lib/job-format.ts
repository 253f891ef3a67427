/** How job facts read everywhere: pay, place, deadline. */

const moneyFormats = new Map<string, Intl.NumberFormat>();

function moneyFormat(compact: boolean): Intl.NumberFormat {
  const key = compact ? 'compact' : 'full';
  let format = moneyFormats.get(key);
  if (!format) {
    // The contract has no currency field: amounts are yearly figures without a currency sign.
    format = new Intl.NumberFormat(undefined, compact ? { notation: 'compact', maximumFractionDigits: 1 } : { maximumFractionDigits: 0 });
    moneyFormats.set(key, format);
  }
  return format;
}

export function formatMoney(amount: number, { compact = false } = {}): string {
  return moneyFormat(compact).format(amount);
}

/** "60,000 – 80,000 a year", "From 60,000 a year", "Up to 80,000 a year", or null without pay. */
export function formatSalary(min: number | null, max: number | null, { compact = false } = {}): string | null {
  const f = (amount: number) => formatMoney(amount, { compact });
  if (min !== null && max !== null) return min === max ? `${f(min)} a year` : `${f(min)} – ${f(max)} a year`;
  if (min !== null) return `From ${f(min)} a year`;
  if (max !== null) return `Up to ${f(max)} a year`;
  return null;
}

const dayFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' });

/** A calendar date of the contract ("2026-12-31"), shown as that day wherever the viewer is. */
export function formatDay(value: string | null | undefined): string {
  if (!value) return '—';
  const date = new Date(`${value}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? value : dayFormat.format(date);
}

/** Today as the contract writes dates, in the viewer's time zone. */
export function todayIso(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
