// How the app greets people: by first name, by time of day. Kept apart from the date formats
// (format.ts) so the sign-in screens, which greet, do not load the date formatters.

export function greetingFor(hour = new Date().getHours()): string {
  if (hour < 5) return 'Good evening';
  if (hour < 12) return 'Good morning';
  if (hour < 18) return 'Good afternoon';
  return 'Good evening';
}

export function firstNameOf(name: string | null | undefined): string {
  return (name ?? '').trim().split(/\s+/)[0] ?? '';
}
