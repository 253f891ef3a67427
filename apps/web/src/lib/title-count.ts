/**
 * The unread count in the browser tab's title, "(3) Messages · Hireloop": set by the live layer,
 * kept by every screen's title (components/use-page-title).
 */
let count = 0;
const prefix = /^\(\d+\+?\) /;

export function withTitleCount(title: string): string {
  const bare = title.replace(prefix, '');
  return count > 0 ? `(${count > 99 ? '99+' : count}) ${bare}` : bare;
}

export function setTitleCount(next: number): void {
  count = Math.max(0, next);
  if (typeof document !== 'undefined') document.title = withTitleCount(document.title);
}
