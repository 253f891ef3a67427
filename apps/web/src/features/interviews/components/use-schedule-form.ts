import { useMemo, useState, type FormEvent } from 'react';
import type { InterviewMode } from '@jobportal/shared';
import { interviewLimits } from '@jobportal/shared/vocabulary';
import { useNavigate } from 'react-router';
import { notify } from '../../../lib/notify';
import { browserTimeZone, timeZoneChoices, utcToZoned, zonedTimeToUtc } from '../../../lib/zoned-time';
import { useScheduleInterviewMutation } from '../api/interviews-api';
import { errorsOf } from './schedule-fields';

/**
 * The scheduling form's state: one time or times to offer, the day, start, length and zone, the
 * interviewer (`me` unless another is picked), where it happens; and its submit, which goes to the
 * interviews list with a toast once the interview is made.
 */
export function useScheduleForm(applicationId: number, me: number, members: ReadonlyArray<{ id: number; full_name: string }>) {
  const navigate = useNavigate();
  const [kind, setKind] = useState<'one' | 'offer'>('one');
  const [day, setDay] = useState<string | null>(null);
  const [time, setTime] = useState<string | null>('10:00');
  const [duration, setDuration] = useState('60');
  const [timeZone, setTimeZone] = useState(browserTimeZone());
  const [mode, setMode] = useState<InterviewMode>('video');
  const [link, setLink] = useState('');
  const [location, setLocation] = useState('');
  const [notes, setNotes] = useState('');
  const [offered, setOffered] = useState<string[]>([]);
  const [interviewerId, setInterviewerId] = useState<number | null>(null);
  const interviewer = interviewerId ?? me;
  const interviewerName = members.find((m) => m.id === interviewer)?.full_name ?? '';
  const [schedule, { isLoading, error, reset }] = useScheduleInterviewMutation();
  const zones = useMemo(() => timeZoneChoices([browserTimeZone(), 'UTC']), []);

  const start = day && time ? zonedTimeToUtc(day, time, timeZone) : null;
  const slot = start ? { start: start.getTime(), end: start.getTime() + Number(duration) * 60_000 } : null;
  const today = utcToZoned(new Date(), timeZone).date;
  const inPast = start !== null && start.getTime() <= Date.now();

  const addOffered = () => {
    if (!start || inPast) return;
    const iso = start.toISOString();
    if (!offered.includes(iso) && offered.length < interviewLimits.offeredMax) setOffered([...offered, iso].sort());
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    reset();
    const details = {
      application: applicationId,
      duration_minutes: Number(duration),
      time_zone: timeZone,
      mode,
      ...(interviewer !== me ? { interviewer } : {}),
      ...(mode === 'in_person' ? { location } : {}),
      ...(mode === 'video' ? { meeting_link: link } : {}),
      notes,
    };
    try {
      const created = await schedule(
        kind === 'one' ? { ...details, scheduled_time: start?.toISOString() } : { ...details, offered_times: offered },
      ).unwrap();
      notify({
        color: 'teal',
        message:
          created.status === 'offered'
            ? `${offered.length} times offered to ${created.jobseeker.full_name}.`
            : `Interview with ${created.jobseeker.full_name} scheduled. The invite is on its way.`,
      });
      void navigate('/EmployerInterviews');
    } catch {
      // Shown below from the mutation's error.
    }
  };

  const { clash, timeError, generalError } = errorsOf(error);
  const canSubmit = kind === 'one' ? start !== null && !inPast : offered.length >= interviewLimits.offeredMin;

  return {
    kind,
    setKind,
    day,
    setDay,
    time,
    setTime,
    duration,
    setDuration,
    timeZone,
    setTimeZone,
    mode,
    setMode,
    link,
    setLink,
    location,
    setLocation,
    notes,
    setNotes,
    offered,
    setOffered,
    interviewer,
    setInterviewerId,
    interviewerName,
    isLoading,
    error,
    zones,
    start,
    slot,
    today,
    inPast,
    addOffered,
    submit,
    clash,
    timeError,
    generalError,
    canSubmit,
  };
}
