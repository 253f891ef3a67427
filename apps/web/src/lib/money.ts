/**
 * Money as every screen shows it: an amount with its currency, in the reader's locale ("€60,000",
 * "60.000 €", "CA$90,000"). Pay ranges are yearly. The one place that formats pay; see
 * docs/decisions/016-money.md.
 */

/** The reader's locale (the browser's); tests pass one. */
export type Locale = string | undefined;

const formats = new Map<string, Intl.NumberFormat>();

function moneyFormat(locale: Locale, currency: string | null, compact: boolean): Intl.NumberFormat {
  const key = `${locale ?? ''}|${currency ?? ''}|${compact ? 'c' : 'f'}`;
  let format = formats.get(key);
  if (!format) {
    const digits = compact ? { notation: 'compact' as const, maximumFractionDigits: 1 } : { maximumFractionDigits: 0 };
    // A currency code the browser does not know still reads: Intl shows the code itself ("XCG 60,000").
    format = new Intl.NumberFormat(locale, currency ? { style: 'currency', currency, ...digits, minimumFractionDigits: 0 } : digits);
    formats.set(key, format);
  }
  return format;
}

export interface MoneyOptions {
  locale?: Locale;
  /** "€60K" rather than "€60,000". */
  compact?: boolean;
}

/** One amount: "€60,000"; without a currency (a job seeker's wished pay has none) the plain number. */
export function formatAmount(amount: number, currency: string | null, { locale, compact = false }: MoneyOptions = {}): string {
  return moneyFormat(locale, currency, compact).format(amount);
}

/**
 * A yearly pay range: "€60,000 – €80,000 a year" (or "60.000–80.000 € a year" in German), "From
 * €60,000 a year", "Up to €80,000 a year", or null without pay.
 */
export function formatPay(min: number | null, max: number | null, currency: string | null, options: MoneyOptions = {}): string | null {
  const format = moneyFormat(options.locale, currency, options.compact ?? false);
  if (min !== null && max !== null) {
    if (min === max) return `${format.format(min)} a year`;
    // formatRange writes the range as the locale does: "€60,000 – €80,000", "60.000–80.000 €".
    const range = typeof format.formatRange === 'function' ? format.formatRange(min, max) : `${format.format(min)} – ${format.format(max)}`;
    return `${range} a year`;
  }
  if (min !== null) return `From ${format.format(min)} a year`;
  if (max !== null) return `Up to ${format.format(max)} a year`;
  return null;
}

/** The sign a currency reads with in the locale: "€", "£", "CA$", or the code itself. */
export function currencySign(currency: string, locale?: Locale): string {
  const part = moneyFormat(locale, currency, false)
    .formatToParts(0)
    .find((p) => p.type === 'currency');
  return part?.value ?? currency;
}

// The currency of each country that has its own or the euro (ISO 3166 region → ISO 4217).
const euroRegions = 'AT BE HR CY EE FI FR DE GR IE IT LV LT LU MT NL PT SK SI ES AD MC SM VA ME XK'.split(' ');
const regionCurrency: Record<string, string> = {
  ...Object.fromEntries(euroRegions.map((region) => [region, 'EUR'])),
  US: 'USD',
  GB: 'GBP',
  CA: 'CAD',
  AU: 'AUD',
  NZ: 'NZD',
  CH: 'CHF',
  LI: 'CHF',
  JP: 'JPY',
  IN: 'INR',
  SE: 'SEK',
  NO: 'NOK',
  DK: 'DKK',
  IS: 'ISK',
  PL: 'PLN',
  CZ: 'CZK',
  HU: 'HUF',
  RO: 'RON',
  BG: 'BGN',
  UA: 'UAH',
  TR: 'TRY',
  IL: 'ILS',
  AE: 'AED',
  SA: 'SAR',
  ZA: 'ZAR',
  NG: 'NGN',
  KE: 'KES',
  EG: 'EGP',
  BR: 'BRL',
  MX: 'MXN',
  AR: 'ARS',
  CL: 'CLP',
  CO: 'COP',
  PE: 'PEN',
  CN: 'CNY',
  HK: 'HKD',
  TW: 'TWD',
  KR: 'KRW',
  SG: 'SGD',
  MY: 'MYR',
  TH: 'THB',
  ID: 'IDR',
  PH: 'PHP',
  VN: 'VND',
  PK: 'PKR',
  BD: 'BDT',
};

/**
 * The currency a reader most likely thinks in: their locale's country's ("de-DE" → EUR, "en-GB"
 * → GBP; a bare language takes its likeliest country: "de" → Germany). USD when unknown.
 */
export function currencyOfLocale(locale: Locale = typeof navigator === 'undefined' ? undefined : navigator.language): string {
  try {
    const region = new Intl.Locale(locale ?? new Intl.NumberFormat().resolvedOptions().locale).maximize().region;
    return (region && regionCurrency[region]) ?? 'USD';
  } catch {
    return 'USD';
  }
}

/**
 * Options of a currency picker: the common ones first, then every other, as "EUR — Euro" in the
 * reader's language. For forms (lazily loaded): the whole list of codes is about 1 KB.
 */
export function currencyOptions(
  codes: readonly string[],
  common: readonly string[],
  locale?: Locale,
): Array<{ group: string; items: Array<{ value: string; label: string }> }> {
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames(locale, { type: 'currency' });
  } catch {
    names = null;
  }
  const option = (code: string) => {
    const name = names?.of(code);
    return { value: code, label: name && name !== code ? `${code} — ${name}` : code };
  };
  return [
    { group: 'Common', items: common.map(option) },
    { group: 'All currencies', items: codes.filter((code) => !common.includes(code)).map(option) },
  ];
}
