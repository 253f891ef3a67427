/** "Ada Lovelace" → "AL"; one name → one letter; nothing → "?". */
export function initialsOf(name: string | null | undefined): string {
  const parts = (name ?? '').trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? [parts[0], parts[parts.length - 1]] : parts.slice(0, 1);
  return letters.map((part) => part?.charAt(0).toUpperCase() ?? '').join('') || '?';
}
