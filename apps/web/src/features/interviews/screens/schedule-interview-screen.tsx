import '@mantine/dates/styles.css';
import '../../../components/extra-styles';
import { useMemo, useState, type FormEvent } from 'react';
import { Alert, Anchor, Button, Card, CloseButton, Group, SegmentedControl, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { DatePicker } from '@mantine/dates';
import { notify } from '../../../lib/notify';
import type { InterviewMode } from '@jobportal/shared';
import { interviewLimits, interviewModeLabels, interviewModes } from '@jobportal/shared/vocabulary';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { FormAlert } from '../../../components/form-alert';
import { ArrowLeftIcon } from '../../../components/more-icons';
import { Page } from '../../../components/page';
import { PageHeader } from '../../../components/page-header';
import { usePageTitle } from '../../../components/use-page-title';
import { describeError, fieldError, isApiError } from '../../../lib/api/api-error';
import { useSession } from '../../../lib/session/use-session';
import { browserTimeZone, formatInZone, timeZoneChoices, utcToZoned, zonedTimeToUtc } from '../../../lib/zoned-time';
import { useGetOwnCompanyQuery } from '../../companies/api/companies-api';
import { useGetTeamQuery } from '../../teams/api/teams-api';
import { useScheduleInterviewMutation } from '../api/interviews-api';
import classes from './interviews.module.css';
import { times, durations, TheirTime, DayAgenda } from '../components/day-agenda';

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
  // The interviewer: any member of the company (owner and recruiters), the caller unless they choose another.
  const { data: company } = useGetOwnCompanyQuery();
  const { data: team } = useGetTeamQuery(company?.id ?? 0, { skip: !company });
  const members = team?.members ?? [];
  const interviewer = interviewerId ?? me;
  const interviewerName = members.find((m) => m.id === interviewer)?.full_name ?? '';
  const interviewerChoices = members.length
    ? members.map((m) => ({ value: String(m.id), label: m.id === me ? `${m.full_name} (me)` : m.full_name }))
    : [{ value: String(me), label: 'Me' }];
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

  const clash = isApiError(error) && error.code === 'interview_clash';
  const timeError = fieldError(error, 'scheduled_time') ?? fieldError(error, 'offered_times');
  const generalError =
    error &&
    !clash &&
    !timeError &&
    !['location', 'meeting_link', 'notes', 'time_zone', 'duration_minutes', 'interviewer'].some((f) => fieldError(error, f))
      ? describeError(error)
      : null;
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
            <Card withBorder className={classes.calendar}>
              <DatePicker
                value={day}
                onChange={setDay}
                minDate={today}
                aria-label="Interview day"
                previousLabel="Previous month"
                nextLabel="Next month"
                classNames={{ day: classes.calendarDay }}
              />
            </Card>
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
              <Group grow align="flex-start" wrap="wrap">
                <Select label="Start" data={times} value={time} onChange={setTime} allowDeselect={false} searchable miw={120} />
                <Select
                  label="Duration"
                  data={durations}
                  value={duration}
                  onChange={(v) => v && setDuration(v)}
                  allowDeselect={false}
                  miw={140}
                />
              </Group>
              <Select
                label="Time zone"
                description={`Times are in this zone. The job seeker sees them in their own: their calendar converts the invite. Yours: ${browserTimeZone()}.`}
                data={zones}
                value={timeZone}
                onChange={(v) => v && setTimeZone(v)}
                searchable
                allowDeselect={false}
                error={fieldError(error, 'time_zone')}
              />
              {start && (
                <Stack gap={2}>
                  <Text size="sm" c={inPast ? 'red' : undefined}>
                    {inPast
                      ? 'That time has passed. Choose a later one.'
                      : `${formatInZone(start, timeZone, { withZone: true })} · ${formatInZone(start, 'UTC', { timeOnly: true })} UTC`}
                  </Text>
                  {!inPast && <TheirTime instant={start} ourZone={timeZone} theirZone={state.jobseekerTimeZone} />}
                </Stack>
              )}
              {kind === 'offer' && (
                <Stack gap="xs">
                  <Group gap="xs">
                    <Button
                      variant="default"
                      onClick={addOffered}
                      disabled={!start || inPast || offered.length >= interviewLimits.offeredMax}
                    >
                      Add this time
                    </Button>
                    <Text size="xs" c="dimmed">
                      {offered.length} of {interviewLimits.offeredMin}–{interviewLimits.offeredMax} times. The first one picked wins.
                    </Text>
                  </Group>
                  {offered.length > 0 && (
                    <Stack gap={4} component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Offered times">
                      {offered.map((iso) => (
                        <Group component="li" key={iso} gap="xs" justify="space-between" wrap="nowrap">
                          <Stack gap={0}>
                            <Text size="sm">{formatInZone(iso, timeZone, { withZone: true })}</Text>
                            <TheirTime instant={iso} ourZone={timeZone} theirZone={state.jobseekerTimeZone} />
                          </Stack>
                          <CloseButton
                            size="sm"
                            aria-label={`Remove ${formatInZone(iso, timeZone)}`}
                            onClick={() => setOffered(offered.filter((o) => o !== iso))}
                          />
                        </Group>
                      ))}
                    </Stack>
                  )}
                </Stack>
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
            <SegmentedControl
              value={mode}
              onChange={(v) => setMode(interviewModes.find((m) => m === v) ?? 'video')}
              data={interviewModes.map((m) => ({ value: m, label: interviewModeLabels[m] }))}
              aria-label="How"
            />
            {mode === 'video' && (
              <TextInput
                label="Call link"
                placeholder="https://meet.example.com/…"
                value={link}
                onChange={(e) => setLink(e.currentTarget.value)}
                error={fieldError(error, 'meeting_link')}
              />
            )}
            {mode === 'in_person' && (
              <TextInput
                label="Address"
                required
                placeholder="Street, city, floor or room"
                value={location}
                onChange={(e) => setLocation(e.currentTarget.value)}
                error={fieldError(error, 'location')}
                maxLength={interviewLimits.locationMax}
              />
            )}
            <Textarea
              label="Notes for the job seeker"
              autosize
              minRows={2}
              maxLength={interviewLimits.notesMax}
              value={notes}
              onChange={(e) => setNotes(e.currentTarget.value)}
              error={fieldError(error, 'notes')}
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
