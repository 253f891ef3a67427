import { describe, expect, it } from 'vitest';
import { currencyOfLocale, currencySign, formatAmount, formatPay } from './money';

// ICU separates some ranges and signs with no-break or thin spaces: compare with plain spaces.
const plain = (s: string | null) => s?.replace(/[\u00a0\u2009\u202f]/g, ' ') ?? null;

describe('formatPay', () => {
  it('shows a range with its currency in the reader’s locale', () => {
    expect(plain(formatPay(60_000, 80_000, 'EUR', { locale: 'en-US' }))).toBe('€60,000 – €80,000 a year');
    expect(plain(formatPay(60_000, 80_000, 'EUR', { locale: 'de-DE' }))).toBe('60.000–80.000 € a year');
    expect(plain(formatPay(60_000, 80_000, 'GBP', { locale: 'en-GB' }))).toBe('£60,000 – £80,000 a year');
    expect(plain(formatPay(107_000, 127_000, 'USD', { locale: 'en-US' }))).toBe('$107,000 – $127,000 a year');
    expect(plain(formatPay(60_000, 80_000, 'EUR', { locale: 'fr-FR' }))).toBe('60 000–80 000 € a year');
    expect(plain(formatPay(90_000, 110_000, 'CHF', { locale: 'de-CH' }))).toBe("CHF 90'000–110'000 a year");
  });

  it('names a foreign currency so it is not mistaken for the reader’s own', () => {
    expect(plain(formatPay(90_000, 100_000, 'CAD', { locale: 'en-US' }))).toBe('CA$90,000–100,000 a year');
    expect(plain(formatAmount(8_000_000, 'JPY', { locale: 'en-US' }))).toBe('¥8,000,000');
    expect(plain(formatAmount(60_000, 'USD', { locale: 'en-CA' }))).toBe('US$60,000');
  });

  it('reads one bound alone, equal bounds, compact amounts, and no pay', () => {
    expect(formatPay(60_000, null, 'EUR', { locale: 'en-US' })).toBe('From €60,000 a year');
    expect(formatPay(null, 80_000, 'GBP', { locale: 'en-GB' })).toBe('Up to £80,000 a year');
    expect(formatPay(70_000, 70_000, 'USD', { locale: 'en-US' })).toBe('$70,000 a year');
    expect(formatPay(null, null, 'USD', { locale: 'en-US' })).toBeNull();
    expect(formatAmount(85_500, 'EUR', { locale: 'en-US', compact: true })).toBe('€85.5K');
  });

  it('shows a plain amount without a currency (a wished salary has none)', () => {
    expect(formatPay(90_000, null, null, { locale: 'en-US' })).toBe('From 90,000 a year');
    expect(formatAmount(90_000, null, { locale: 'de-DE' })).toBe('90.000');
  });
});

describe('currencyOfLocale', () => {
  it('takes the country’s currency, a bare language its likeliest country’s, USD when unknown', () => {
    expect(currencyOfLocale('de-DE')).toBe('EUR');
    expect(currencyOfLocale('en-GB')).toBe('GBP');
    expect(currencyOfLocale('en-US')).toBe('USD');
    expect(currencyOfLocale('fr-CA')).toBe('CAD');
    expect(currencyOfLocale('ja')).toBe('JPY');
    expect(currencyOfLocale('de')).toBe('EUR');
    expect(currencyOfLocale('en')).toBe('USD');
    expect(currencyOfLocale('not a locale!')).toBe('USD');
  });
});

describe('currencySign', () => {
  it('is the sign the locale writes', () => {
    expect(currencySign('EUR', 'en-US')).toBe('€');
    expect(currencySign('GBP', 'en-GB')).toBe('£');
    expect(currencySign('CAD', 'en-US')).toBe('CA$');
    expect(currencySign('CHF', 'en-US')).toBe('CHF');
  });
});
