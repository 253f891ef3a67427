/** Today's date in UTC as YYYY-MM-DD: the day that deadlines are compared with, on every server alike. */
export const utcToday = (now: Date = new Date()) => now.toISOString().slice(0, 10);
