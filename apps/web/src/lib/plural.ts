const rules = new Intl.PluralRules('en');

/**
 * A count with its noun in the form English gives it ("1 application", "2 applications", "0 jobs"),
 * decided by Intl.PluralRules, never by hand: every count on the screens goes through here.
 */
export function countOf(count: number, one: string, other = `${one}s`): string {
  return `${count.toLocaleString()} ${nounFor(count, one, other)}`;
}

/** The noun alone, in the form the count asks for. */
export function nounFor(count: number, one: string, other = `${one}s`): string {
  return rules.select(count) === 'one' ? one : other;
}
