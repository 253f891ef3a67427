/**
 * Team-note mentions (decision 023): `@` and a teammate's full name as the team list shows it
 * (`@Priya Shah`), or `@` and their first name when no other teammate has it (`@Priya`).
 * Case does not matter; the name must end at a word's end. Longer names win, so `@Ann Lee`
 * mentions Ann Lee even when another teammate is called Ann.
 */
export function findMentions(body: string, team: ReadonlyArray<{ userId: number; fullName: string }>): number[] {
  const text = body.toLowerCase();
  const firstNames = new Map<string, number>();
  for (const m of team) {
    const first = m.fullName.trim().split(/\s+/)[0]!.toLowerCase();
    firstNames.set(first, (firstNames.get(first) ?? 0) + 1);
  }
  const found: number[] = [];
  const at = (name: string) => {
    const needle = `@${name.toLowerCase()}`;
    for (let i = text.indexOf(needle); i >= 0; i = text.indexOf(needle, i + 1)) {
      const next = text[i + needle.length];
      if (next === undefined || !/[\p{L}\p{N}_-]/u.test(next)) return true;
    }
    return false;
  };
  for (const m of team) {
    const name = m.fullName.trim().replace(/\s+/g, ' ');
    const first = name.split(' ')[0]!;
    if (at(name) || (firstNames.get(first.toLowerCase()) === 1 && at(first))) found.push(m.userId);
  }
  return found;
}
