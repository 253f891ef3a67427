import type { ChatMessageOut, ChatRoomOut, Role } from '@jobportal/shared';

const timeFormat = new Intl.DateTimeFormat(undefined, { timeStyle: 'short' });
const dayFormat = new Intl.DateTimeFormat(undefined, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });

export const formatTime = (iso: string) => timeFormat.format(new Date(iso));

/** The local calendar day of a moment, as a key ("2026-11-25"). */
export function dayKey(iso: string): string {
  const d = new Date(iso);
  return `${d.getFullYear()}-${d.getMonth() + 1}-${d.getDate()}`;
}

/** "Today", "Yesterday", or the date: the separators between days of a conversation. */
export function dayLabel(iso: string, now = new Date()): string {
  const key = dayKey(iso);
  if (key === dayKey(now.toISOString())) return 'Today';
  const yesterday = new Date(now);
  yesterday.setDate(now.getDate() - 1);
  if (key === dayKey(yesterday.toISOString())) return 'Yesterday';
  return dayFormat.format(new Date(iso));
}

/** Where a role opens its conversations. */
export const chatBase = (role: Role | null) => (role === 'employer' ? '/employer/chat' : '/chat');

/** The other party of a room, as the viewer names it: the company for a job seeker, the job seeker for the company. */
export function otherParty(room: ChatRoomOut, role: Role | null): { name: string; detail: string } {
  return role === 'employer'
    ? { name: room.jobseeker.full_name, detail: room.job ? `Applied to ${room.job.title}` : 'Applicant' }
    : { name: room.employer.company.name, detail: room.job ? `About ${room.job.title}` : room.employer.full_name };
}

/** A message of the viewer's side (theirs, or for the company any member's). */
export const isOwnSide = (message: Pick<ChatMessageOut, 'sender'>, room: ChatRoomOut, role: Role | null) =>
  role === 'employer' ? message.sender.id !== room.jobseeker.id : message.sender.id === room.jobseeker.id;

/** A new id for a message we send: a retry carries the same one, so it is never stored twice. */
export function newClientId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

const urlPattern = /\bhttps?:\/\/[^\s<>"']+[^\s<>"'.,;:!?)\]]/gi;

/** Text split into plain parts and links (http and https only); never HTML. */
export function linkParts(text: string): Array<{ text: string; href?: string }> {
  const parts: Array<{ text: string; href?: string }> = [];
  let last = 0;
  for (const match of text.matchAll(urlPattern)) {
    const at = match.index;
    if (at > last) parts.push({ text: text.slice(last, at) });
    parts.push({ text: match[0], href: match[0] });
    last = at + match[0].length;
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return parts;
}
