/** Wall-clock dates and times in a named time zone, without a date library (the browser's Intl knows the zones). */

const partsFormat = new Map<string, Intl.DateTimeFormat>();
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = partsFormat.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    partsFormat.set(timeZone, f);
  }
  return f;
}

/** The zone's offset from UTC at an instant, in milliseconds (Berlin in summer: +2 h). */
export function zoneOffsetMs(instant: number, timeZone: string): number {
  const parts = Object.fromEntries(
    formatterFor(timeZone)
      .formatToParts(new Date(instant))
      .map((p) => [p.type, p.value]),
  );
  const asUtc = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
  return asUtc - (instant - (instant % 1000));
}

/**
 * The instant of a wall-clock date and time in a zone (`2031-06-02`, `10:00`, `Europe/Berlin` →
 * 08:00 UTC). A time skipped by a daylight-saving change moves forward by the gap, as calendars do.
 */
export function zonedTimeToUtc(date: string, time: string, timeZone: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [hh, mm] = time.split(':').map(Number) as [number, number];
  const wall = Date.UTC(y, m - 1, d, hh, mm);
  let guess = wall - zoneOffsetMs(wall, timeZone);
  guess = wall - zoneOffsetMs(guess, timeZone);
  return new Date(guess);
}

/** The wall-clock date (`YYYY-MM-DD`) and time (`HH:mm`) of an instant in a zone. */
export function utcToZoned(instant: string | Date, timeZone: string): { date: string; time: string } {
  const parts = Object.fromEntries(
    formatterFor(timeZone)
      .formatToParts(new Date(instant))
      .map((p) => [p.type, p.value]),
  );
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

/** The browser's own zone (`Europe/Berlin`), or UTC when it does not say. */
export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** "Tue, 2 Jun 2031, 10:00" in a zone, and the zone's short name when asked. */
export function formatInZone(
  instant: string | Date,
  timeZone: string,
  options: { withZone?: boolean; dateOnly?: boolean; timeOnly?: boolean } = {},
): string {
  const f = new Intl.DateTimeFormat(undefined, {
    timeZone,
    ...(options.timeOnly ? {} : { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' }),
    ...(options.dateOnly ? {} : { hour: '2-digit', minute: '2-digit' }),
    ...(options.withZone ? { timeZoneName: 'short' } : {}),
  });
  return f.format(new Date(instant));
}

/** The zones to choose from: the runtime's list, with the given ones first. */
export function timeZoneChoices(first: string[]): string[] {
  const all = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [...new Set([...first, ...all, 'UTC'])];
}
