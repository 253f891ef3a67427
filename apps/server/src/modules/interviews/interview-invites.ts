import ical, { ICalAttendeeRole, ICalAttendeeStatus, ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import { interviewModeLabels } from '@jobportal/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from '../../lib/mail';
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
  const method = cancelled ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST;
  const calendar = ical({ prodId: { company: ctx.productName, product: 'interviews', language: 'EN' }, method });
  const where = i.mode === 'in_person' ? (i.location ?? '') : (i.meetingLink ?? (i.mode === 'phone' ? 'Phone' : ''));
  calendar.createEvent({
    id: `interview-${i.id}@${ctx.uidDomain}`,
    sequence: i.sequence,
    start: i.scheduledTime!,
    end: i.endTime!,
    stamp: new Date(),
    summary: `Interview: ${r.jobTitle} at ${r.companyName}`,
    description: [
      `${interviewModeLabels[i.mode]} interview for ${r.jobTitle} at ${r.companyName}.`,
      `Interviewer: ${r.interviewer.fullName}. Candidate: ${r.jobseeker.fullName}.`,
      i.meetingLink ? `Join: ${i.meetingLink}` : '',
      i.notes ? `Notes: ${i.notes}` : '',
    ]
      .filter(Boolean)
      .join('\n'),
    location: where || null,
    url: i.meetingLink,
    status: cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    organizer: { name: `${r.interviewer.fullName} (${r.companyName})`, email: ctx.organizerEmail },
    attendees: [
      {
        name: r.jobseeker.fullName,
        email: r.jobseeker.email,
        rsvp: true,
        role: ICalAttendeeRole.REQ,
        status: i.seekerConfirmedAt ? ICalAttendeeStatus.ACCEPTED : ICalAttendeeStatus.NEEDSACTION,
      },
      { name: r.interviewer.fullName, email: r.interviewer.email, role: ICalAttendeeRole.CHAIR, status: ICalAttendeeStatus.ACCEPTED },
    ],
  });
  return { method, content: calendar.toString() };
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
    const what = `your interview for ${r.jobTitle} at ${r.companyName}`;
    const at = i.scheduledTime ? when(i.scheduledTime, r[side].timeZone ?? i.timeZone) : '';
    const subjects: Record<InviteKind, string> = {
      scheduled: `Interview scheduled: ${r.jobTitle} at ${r.companyName}`,
      offered: `Pick a time for your interview: ${r.jobTitle} at ${r.companyName}`,
      rescheduled: `Interview moved: ${r.jobTitle} at ${r.companyName}`,
      cancelled: `Interview cancelled: ${r.jobTitle} at ${r.companyName}`,
      changed: `Interview details changed: ${r.jobTitle} at ${r.companyName}`,
      reminder_24h: `Tomorrow: interview for ${r.jobTitle} at ${r.companyName}`,
      reminder_1h: `In one hour: interview for ${r.jobTitle} at ${r.companyName}`,
    };
    const lines: Record<InviteKind, string> = {
      scheduled: `Hello,\n\n${what} is on ${at}.`,
      offered: `Hello,\n\n${r.companyName} offers ${i.offeredTimes.length} times for ${what}. Pick the one that suits you: ${link}`,
      rescheduled: `Hello,\n\n${what} has moved to ${at}.`,
      cancelled: `Hello,\n\n${what} on ${at} has been cancelled.`,
      changed: `Hello,\n\nThe details of ${what} on ${at} have changed.`,
      reminder_24h: `Hello,\n\nA reminder: ${what} is tomorrow, ${at}.`,
      reminder_1h: `Hello,\n\nA reminder: ${what} starts in one hour, ${at}.`,
    };
    const how = i.mode === 'in_person' ? `Address: ${i.location ?? ''}` : i.meetingLink ? `Join: ${i.meetingLink}` : 'By phone.';
    const text = `${lines[kind]}\n${kind === 'offered' ? '' : `${how}\nInterviewer: ${r.interviewer.fullName}\n`}\n${ctx.productName}`;
    const calendar = i.scheduledTime && !kind.startsWith('reminder') ? interviewCalendar(r, ctx) : undefined;
    if (side === 'jobseeker') return { to: r.jobseeker.email, subject: subjects[kind], text, ...(calendar && { calendar }) };
    return {
      to: r.interviewer.email,
      subject: subjects[kind].replace('your interview', 'the interview'),
      text: text.replace(/your interview/g, `the interview with ${r.jobseeker.fullName}`),
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
