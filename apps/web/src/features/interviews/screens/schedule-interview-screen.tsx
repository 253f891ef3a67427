import '@mantine/dates/styles.css';
import '../../../components/extra-styles';
import { Alert, Anchor, Button, Group, SegmentedControl, Select, Stack } from '@mantine/core';
import { Link, useLocation, useParams } from 'react-router';
import { FormAlert } from '../../../components/form-alert';
import { ArrowLeftIcon } from '../../../components/more-icons';
import { Page } from '../../../components/page';
import { PageHeader } from '../../../components/page-header';
import { usePageTitle } from '../../../components/use-page-title';
import { fieldError, isApiError } from '../../../lib/api/api-error';
import { useSession } from '../../../lib/session/use-session';
import classes from './interviews.module.css';
import { DayAgenda } from '../components/day-agenda';
import { InterviewPlaceFields, OfferedTimes, useInterviewerChoices } from '../components/schedule-fields';
import { useScheduleForm } from '../components/use-schedule-form';
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
  const me = useSession().user?.id ?? 0;
  usePageTitle(state.applicantName ? `Schedule an interview with ${state.applicantName}` : 'Schedule an interview');

  const { members, interviewerChoices } = useInterviewerChoices(me);
  const f = useScheduleForm(applicationId, me, members);
  const { kind, day, time, duration, timeZone, mode, offered, interviewer, error, start, inPast } = f;

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
      <form onSubmit={(e) => void f.submit(e)} noValidate>
        <Stack gap="lg">
          <SegmentedControl
            value={kind}
            onChange={(v) => f.setKind(v === 'offer' ? 'offer' : 'one')}
            data={[
              { value: 'one', label: 'Set one time' },
              { value: 'offer', label: 'Offer times to pick' },
            ]}
            aria-label="One time or times to pick from"
            w={{ base: '100%', xs: 'auto' }}
          />
          <div className={classes.layout}>
            <InterviewDayPicker day={day} onDay={f.setDay} minDate={f.today} />
            <Stack gap="md">
              <Select
                label="Interviewer"
                description="Their other interviews that day are listed below; a clash with them is refused."
                data={interviewerChoices}
                value={String(interviewer)}
                onChange={(v) => v && f.setInterviewerId(Number(v))}
                allowDeselect={false}
                searchable={members.length > 8}
                error={fieldError(error, 'interviewer')}
              />
              <StartFields
                time={time}
                onTime={f.setTime}
                duration={duration}
                onDuration={f.setDuration}
                timeZone={timeZone}
                onTimeZone={f.setTimeZone}
                zones={f.zones}
                error={error}
              />
              {start && <StartSummary start={start} inPast={inPast} timeZone={timeZone} theirZone={state.jobseekerTimeZone} />}
              {kind === 'offer' && (
                <OfferedTimes
                  offered={offered}
                  onChange={f.setOffered}
                  onAdd={f.addOffered}
                  canAdd={Boolean(start) && !inPast}
                  timeZone={timeZone}
                  theirZone={state.jobseekerTimeZone}
                />
              )}
              <DayAgenda
                day={day}
                timeZone={timeZone}
                slot={kind === 'one' ? f.slot : null}
                interviewer={{ id: interviewer, name: f.interviewerName, isMe: interviewer === me }}
              />
            </Stack>
          </div>
          <Stack gap="md" maw={640}>
            <InterviewPlaceFields
              mode={mode}
              onMode={f.setMode}
              link={f.link}
              onLink={f.setLink}
              location={f.location}
              onLocation={f.setLocation}
              notes={f.notes}
              onNotes={f.setNotes}
              error={error}
            />
            {f.clash && (
              <Alert color="red" variant="light" role="alert" title="That time is taken">
                {isApiError(error) ? error.detail : ''}
              </Alert>
            )}
            {f.timeError && <FormAlert>{f.timeError}</FormAlert>}
            <FormAlert>{f.generalError}</FormAlert>
            <Group>
              <Button type="submit" loading={f.isLoading} disabled={!f.canSubmit || applicationId === 0}>
                {kind === 'one' ? 'Schedule interview' : `Offer ${offered.length || ''} times`.replace('  ', ' ')}
              </Button>
            </Group>
          </Stack>
        </Stack>
      </form>
    </Page>
  );
}
