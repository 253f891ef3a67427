// The hiring pipeline's words (issue #50): template placeholders, bulk actions, response times.

/** The placeholders a message template may use; any other `{word}` is refused. */
export const templatePlaceholders = ['first_name', 'job_title'] as const;
const placeholderPattern = /\{([^{}]*)\}/g;

/** The `{…}` a text uses that are not placeholders (for the 400's fields). */
export function unknownPlaceholders(text: string): string[] {
  return [...text.matchAll(placeholderPattern)]
    .map((m) => m[1]!)
    .filter((name) => !(templatePlaceholders as readonly string[]).includes(name));
}

/** A template's text with its placeholders filled. */
export function fillTemplate(text: string, values: { first_name: string; job_title: string }): string {
  return text.replace(placeholderPattern, (whole, name: string) => (name === 'first_name' || name === 'job_title' ? values[name] : whole));
}

export const bulkActions = ['move', 'reject', 'export'] as const;
export type BulkAction = (typeof bulkActions)[number];
/** How a rejection reaches the job seekers: a chat message, an e-mail, or both. */
export const bulkChannels = ['chat', 'email', 'both'] as const;
export type BulkChannel = (typeof bulkChannels)[number];

/** How a company's response time reads on its job pages. */
export function responseTimeLabel(medianHours: number): string {
  const days = Math.ceil(medianHours / 24);
  if (days <= 1) return 'Usually answers within a day';
  return days >= 14 ? `Usually answers within ${Math.ceil(days / 7)} weeks` : `Usually answers within ${days} days`;
}
