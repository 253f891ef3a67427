import { interviewModeLabels } from '@jobportal/shared';
import type { FastifyBaseLogger } from 'fastify';
import { calendarText, textValue, uriValue, utcValue, type ContentLine } from '../../lib/icalendar';
import { inline, type Mailer } from '../../lib/mail';
import type { InterviewRecord } from './interviews.repository';

export interface InviteContext {
  productName: string;
  publicUrl: string;
  /** The domain of invite UIDs (stable per interview: `interview-<id>@<domain>`). */
  uidDomain: string;
  organizerEmail: string;
}

/** The iCalendar text of an interview (RFC 5545): REQUEST while it stands, CANCEL once cancelled. */
export function interviewCalendar(r: InterviewRecord, ctx: InviteContext): { method: 'REQUEST' | 'CANCEL'; content: string } {
  const i = r.interview;
  const cancelled = i.status === 'cancelled';
  const method = cancelled ? 'CANCEL' : 'REQUEST';
  // Names and titles are one line (older rows may not be): a summary or a CN never breaks.
  const job = inline(r.jobTitle);
  const company = inline(r.companyName);
  const interviewer = inline(r.interviewer.fullName);
  const seeker = inline(r.jobseeker.fullName);
  const where = i.mode === 'in_person' ? (i.location ?? '') : (i.meetingLink ?? (i.mode === 'phone' ? 'Phone' : ''));
  const description = [
    `${interviewModeLabels[i.mode]} interview for ${job} at ${company}.`,
    `Interviewer: ${interviewer}. Candidate: ${seeker}.`,
    i.meetingLink ? `Join: ${i.meetingLink}` : '',
    i.notes ? `Notes: ${i.notes}` : '',
  ]
    .filter(Boolean)
    .join('\n');
  const mailto = (email: string) => uriValue(`mailto:${email}`);
  const lines: ContentLine[] = [
    { name: 'BEGIN', value: 'VCALENDAR' },
    { name: 'VERSION', value: '2.0' },
    { name: 'PRODID', value: textValue(`-//${ctx.productName}//interviews//EN`) },
    { name: 'METHOD', value: method },
    { name: 'BEGIN', value: 'VEVENT' },
    { name: 'UID', value: textValue(`interview-${i.id}@${ctx.uidDomain}`) },
    { name: 'SEQUENCE', value: String(i.sequence) },
    { name: 'DTSTAMP', value: utcValue(new Date()) },
    { name: 'DTSTART', value: utcValue(i.scheduledTime!) },
    { name: 'DTEND', value: utcValue(i.endTime!) },
    { name: 'SUMMARY', value: textValue(`Interview: ${job} at ${company}`) },
    { name: 'DESCRIPTION', value: textValue(description) },
    ...(where ? [{ name: 'LOCATION', value: textValue(where) }] : []),
    ...(i.meetingLink ? [{ name: 'URL', params: [['VALUE', 'URI']] as const, value: uriValue(i.meetingLink) }] : []),
    { name: 'STATUS', value: cancelled ? 'CANCELLED' : 'CONFIRMED' },
    { name: 'ORGANIZER', params: [['CN', `${interviewer} (${company})`]], value: mailto(ctx.organizerEmail) },
    {
      name: 'ATTENDEE',
      params: [
        ['ROLE', 'REQ-PARTICIPANT'],
        ['PARTSTAT', i.seekerConfirmedAt ? 'ACCEPTED' : 'NEEDS-ACTION'],
        ['RSVP', 'TRUE'],
        ['CN', seeker],
      ],
      value: mailto(r.jobseeker.email),
    },
    {
      name: 'ATTENDEE',
      params: [
        ['ROLE', 'CHAIR'],
        ['PARTSTAT', 'ACCEPTED'],
        ['CN', interviewer],
      ],
      value: mailto(r.interviewer.email),
    },
    { name: 'END', value: 'VEVENT' },
    { name: 'END', value: 'VCALENDAR' },
  ];
  return { method, content: calendarText(lines) };
}

export type InviteKind = 'scheduled' | 'offered' | 'rescheduled' | 'cancelled' | 'changed' | 'reminder_24h' | 'reminder_1h';

const when = (d: Date, timeZone: string) =>
  `${new Intl.DateTimeFormat('en-GB', { dateStyle: 'full', timeStyle: 'short', timeZone }).format(d)} (${timeZone})`;

/**
 * E-mails both sides about an interview: the job seeker and the interviewer, with the calendar
 * invite whenever the interview has a time. Sending is not awaited by requests; `flush` waits for
 * what is in flight (tests, shutdown). A failed send is logged: the change itself has been saved.
 */
export function createInviteMailer({ mailer, log, ctx }: { mailer: Mailer; log: FastifyBaseLogger; ctx: InviteContext }) {
  const inFlight = new Set<Promise<void>>();

  /** One side's e-mail: times in the recipient's own zone when known, else in the interview's. */
  function message(kind: InviteKind, r: InterviewRecord, side: 'jobseeker' | 'interviewer') {
    const i = r.interview;
    const link = `${ctx.publicUrl}/#/jobseekerapplications`;
    // Every value from a row on one line: a name never starts a line of its own in the body.
    const job = inline(r.jobTitle);
    const company = inline(r.companyName);
    const what = `your interview for ${job} at ${company}`;
    const at = i.scheduledTime ? when(i.scheduledTime, r[side].timeZone ?? i.timeZone) : '';
    const subjects: Record<InviteKind, string> = {
      scheduled: `Interview scheduled: ${job} at ${company}`,
      offered: `Pick a time for your interview: ${job} at ${company}`,
      rescheduled: `Interview moved: ${job} at ${company}`,
      cancelled: `Interview cancelled: ${job} at ${company}`,
      changed: `Interview details changed: ${job} at ${company}`,
      reminder_24h: `Tomorrow: interview for ${job} at ${company}`,
      reminder_1h: `In one hour: interview for ${job} at ${company}`,
    };
    const lines: Record<InviteKind, string> = {
      scheduled: `Hello,\n\n${what} is on ${at}.`,
      offered: `Hello,\n\n${company} offers ${i.offeredTimes.length} times for ${what}. Pick the one that suits you: ${link}`,
      rescheduled: `Hello,\n\n${what} has moved to ${at}.`,
      cancelled: `Hello,\n\n${what} on ${at} has been cancelled.`,
      changed: `Hello,\n\nThe details of ${what} on ${at} have changed.`,
      reminder_24h: `Hello,\n\nA reminder: ${what} is tomorrow, ${at}.`,
      reminder_1h: `Hello,\n\nA reminder: ${what} starts in one hour, ${at}.`,
    };
    const how =
      i.mode === 'in_person' ? `Address: ${inline(i.location ?? '')}` : i.meetingLink ? `Join: ${inline(i.meetingLink)}` : 'By phone.';
    const text = `${lines[kind]}\n${kind === 'offered' ? '' : `${how}\nInterviewer: ${inline(r.interviewer.fullName)}\n`}\n${ctx.productName}`;
    const calendar = i.scheduledTime && !kind.startsWith('reminder') ? interviewCalendar(r, ctx) : undefined;
    if (side === 'jobseeker') return { to: r.jobseeker.email, subject: subjects[kind], text, ...(calendar && { calendar }) };
    return {
      to: r.interviewer.email,
      subject: subjects[kind].replace('your interview', 'the interview'),
      text: text.replace(/your interview/g, () => `the interview with ${inline(r.jobseeker.fullName)}`),
      ...(calendar && { calendar }),
    };
  }

  function messages(kind: InviteKind, r: InterviewRecord) {
    const toSeeker = message(kind, r, 'jobseeker');
    return kind === 'offered' ? [toSeeker] : [toSeeker, message(kind, r, 'interviewer')];
  }

  return {
    send(kind: InviteKind, r: InterviewRecord): Promise<void> {
      const sending = Promise.all(messages(kind, r).map((m) => mailer.send(m)))
        .then(() => undefined)
        .catch((error: unknown) => log.error({ err: error, interviewId: r.interview.id, kind }, 'interview e-mail not sent'));
      inFlight.add(sending);
      void sending.finally(() => inFlight.delete(sending));
      return sending;
    },
    async flush(): Promise<void> {
      await Promise.all([...inFlight]);
    },
  };
}
export type InviteMailer = ReturnType<typeof createInviteMailer>;
