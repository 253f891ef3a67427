// size: not split yet (issue 48): ScheduleInterviewScreen is 172 lines; its form state and submit are the next piece to move into a hook.
import '@mantine/dates/styles.css';
import '../../../components/extra-styles';
import { useMemo, useState, type FormEvent } from 'react';
import { Alert, Anchor, Button, Group, SegmentedControl, Select, Stack } from '@mantine/core';
import { notify } from '../../../lib/notify';
import type { InterviewMode } from '@jobportal/shared';
import { interviewLimits } from '@jobportal/shared/vocabulary';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { FormAlert } from '../../../components/form-alert';
import { ArrowLeftIcon } from '../../../components/more-icons';
import { Page } from '../../../components/page';
import { PageHeader } from '../../../components/page-header';
import { usePageTitle } from '../../../components/use-page-title';
import { fieldError, isApiError } from '../../../lib/api/api-error';
import { useSession } from '../../../lib/session/use-session';
import { browserTimeZone, timeZoneChoices, utcToZoned, zonedTimeToUtc } from '../../../lib/zoned-time';
import { useScheduleInterviewMutation } from '../api/interviews-api';
import classes from './interviews.module.css';
import { DayAgenda } from '../components/day-agenda';
import { InterviewPlaceFields, OfferedTimes, errorsOf, useInterviewerChoices } from '../components/schedule-fields';
import { InterviewDayPicker, StartFields, StartSummary } from '../components/schedule-time-fields';

/** What the applicants list hands over, so the screen can name the candidate at once. */
interface ScheduleState {
  applicantName?: string;
  jobTitle?: string;
  jobId?: number;
  /** The job seeker's IANA zone, null when they have not told us yet (the applicants list carries it). */
  jobseekerTimeZone?: string | null;
}

/** `#/schedule-interview/{applicantId}` (employer): one time, or 2-6 times for the job seeker to pick. */
export function ScheduleInterviewScreen() {
  const raw = useParams().applicantId;
  const applicationId = raw && /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : 0;
  const state = (useLocation().state ?? {}) as ScheduleState;
  const navigate = useNavigate();
  const me = useSession().user?.id ?? 0;
  usePageTitle(state.applicantName ? `Schedule an interview with ${state.applicantName}` : 'Schedule an interview');

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
  const { members, interviewerChoices } = useInterviewerChoices(me);
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

  return (
    <Page>
      <Anchor
        component={Link}
        to={state.jobId ? `/EmployerJobapplicants/${state.jobId}` : '/EmployerInterviews'}
        size="sm"
        mb="sm"
        display="inline-block"
      >
        <ArrowLeftIcon size={14} /> {state.jobId ? 'Back to the applicants' : 'All interviews'}
      </Anchor>
      <PageHeader
        title={state.applicantName ? `Interview with ${state.applicantName}` : 'Schedule an interview'}
        description={
          state.jobTitle
            ? `For ${state.jobTitle}. The job seeker gets an e-mail with a calendar invite and a notification.`
            : 'The job seeker gets an e-mail with a calendar invite and a notification.'
        }
      />
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="lg">
          <SegmentedControl
            value={kind}
            onChange={(v) => setKind(v === 'offer' ? 'offer' : 'one')}
            data={[
              { value: 'one', label: 'Set one time' },
              { value: 'offer', label: 'Offer times to pick' },
            ]}
            aria-label="One time or times to pick from"
            w={{ base: '100%', xs: 'auto' }}
          />
          <div className={classes.layout}>
            <InterviewDayPicker day={day} onDay={setDay} minDate={today} />
            <Stack gap="md">
              <Select
                label="Interviewer"
                description="Their other interviews that day are listed below; a clash with them is refused."
                data={interviewerChoices}
                value={String(interviewer)}
                onChange={(v) => v && setInterviewerId(Number(v))}
                allowDeselect={false}
                searchable={members.length > 8}
                error={fieldError(error, 'interviewer')}
              />
              <StartFields
                time={time}
                onTime={setTime}
                duration={duration}
                onDuration={setDuration}
                timeZone={timeZone}
                onTimeZone={setTimeZone}
                zones={zones}
                error={error}
              />
              {start && <StartSummary start={start} inPast={inPast} timeZone={timeZone} theirZone={state.jobseekerTimeZone} />}
              {kind === 'offer' && (
                <OfferedTimes
                  offered={offered}
                  onChange={setOffered}
                  onAdd={addOffered}
                  canAdd={Boolean(start) && !inPast}
                  timeZone={timeZone}
                  theirZone={state.jobseekerTimeZone}
                />
              )}
              <DayAgenda
                day={day}
                timeZone={timeZone}
                slot={kind === 'one' ? slot : null}
                interviewer={{ id: interviewer, name: interviewerName, isMe: interviewer === me }}
              />
            </Stack>
          </div>
          <Stack gap="md" maw={640}>
            <InterviewPlaceFields
              mode={mode}
              onMode={setMode}
              link={link}
              onLink={setLink}
              location={location}
              onLocation={setLocation}
              notes={notes}
              onNotes={setNotes}
              error={error}
            />
            {clash && (
              <Alert color="red" variant="light" role="alert" title="That time is taken">
                {isApiError(error) ? error.detail : ''}
              </Alert>
            )}
            {timeError && <FormAlert>{timeError}</FormAlert>}
            <FormAlert>{generalError}</FormAlert>
            <Group>
              <Button type="submit" loading={isLoading} disabled={!canSubmit || applicationId === 0}>
                {kind === 'one' ? 'Schedule interview' : `Offer ${offered.length || ''} times`.replace('  ', ' ')}
              </Button>
            </Group>
          </Stack>
        </Stack>
      </form>
    </Page>
  );
}
