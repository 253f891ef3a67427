import '../../../components/extra-styles';
import { useState } from 'react';
import { Anchor, Badge, Button, Card, Group, Modal, SegmentedControl, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { EmptyState } from '../../../components/empty-state';
import { notify } from '../../../lib/notify';
import type { InterviewOut } from '@jobportal/shared';
import { interviewStatusLabels } from '@jobportal/shared/vocabulary';
import { Link } from 'react-router';
import { ConfirmModal } from '../../../components/confirm-modal';
import { FormAlert } from '../../../components/form-alert';
import { LoadFailed } from '../../../components/load-failed';
import { CalendarIcon } from '../../../components/more-icons';
import { Page } from '../../../components/page';
import { PageHeader } from '../../../components/page-header';
import { usePageTitle } from '../../../components/use-page-title';
import { describeError } from '../../../lib/api/api-error';
import { browserTimeZone, formatInZone, utcToZoned, zonedTimeToUtc } from '../../../lib/zoned-time';
import { useGetInterviewsQuery, useUpdateInterviewMutation } from '../api/interviews-api';
import { howAndWhere } from '../components/interview-formats';
import { JoinLink } from '../components/join-link';
import classes from './interviews.module.css';

const zone = browserTimeZone();

function RescheduleModal({ interview, onClose }: { interview: InterviewOut | null; onClose: () => void }) {
  const current = interview?.scheduled_time ? utcToZoned(interview.scheduled_time, zone) : null;
  const [value, setValue] = useState(current ? `${current.date}T${current.time}` : '');
  const [update, { isLoading, error, reset }] = useUpdateInterviewMutation();
  const save = async () => {
    if (!interview || !value) return;
    const [date, time] = value.split('T') as [string, string];
    try {
      await update({ id: interview.id, scheduled_time: zonedTimeToUtc(date, time.slice(0, 5), zone).toISOString() }).unwrap();
      notify({ color: 'teal', message: `Moved. ${interview.jobseeker.full_name} gets an updated invite.` });
      onClose();
    } catch {
      // shown below
    }
  };
  return (
    <Modal
      opened={interview !== null}
      onClose={() => {
        reset();
        onClose();
      }}
      title={interview ? `Move the interview with ${interview.jobseeker.full_name}` : ''}
    >
      <Stack gap="md">
        <TextInput type="datetime-local" label={`New time (${zone})`} value={value} onChange={(e) => setValue(e.currentTarget.value)} />
        <FormAlert>{error ? describeError(error) : null}</FormAlert>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Keep the time
          </Button>
          <Button onClick={() => void save()} loading={isLoading} disabled={!value}>
            Move interview
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function InterviewRow({
  interview,
  past,
  onMove,
  onCancel,
}: {
  interview: InterviewOut;
  past: boolean;
  onMove: () => void;
  onCancel: () => void;
}) {
  const [update, { isLoading }] = useUpdateInterviewMutation();
  const complete = async () => {
    try {
      await update({ id: interview.id, status: 'completed' }).unwrap();
    } catch (e) {
      notify({ color: 'red', message: describeError(e) });
    }
  };
  const open = interview.status !== 'cancelled' && interview.status !== 'completed';
  return (
    <Card component="li" withBorder padding="sm" className={classes.day}>
      <Group justify="space-between" gap="xs" wrap="wrap" align="flex-start">
        <Stack gap={2} style={{ minWidth: 0, flex: '1 1 16rem' }}>
          <Group gap="xs" wrap="wrap">
            <Text fw={600}>
              {interview.scheduled_time
                ? `${formatInZone(interview.scheduled_time, zone, { timeOnly: true })}–${formatInZone(interview.end_time!, zone, { timeOnly: true })}`
                : 'Times offered'}
            </Text>
            <Anchor component={Link} to={`/jobseekerprofile/${interview.jobseeker.id}`} fw={600} className={classes.wrap}>
              {interview.jobseeker.full_name}
            </Anchor>
            {interview.status !== 'scheduled' && interview.status !== 'offered' && (
              <Badge variant="light" color={interview.status === 'cancelled' ? 'gray' : 'indigo'}>
                {interviewStatusLabels[interview.status]}
              </Badge>
            )}
            {interview.seeker_confirmed_at && open && (
              <Badge variant="light" color="teal">
                Confirmed
              </Badge>
            )}
            {past && interview.status !== 'cancelled' && !interview.has_feedback && (
              <Badge variant="light" color="red">
                Feedback missing
              </Badge>
            )}
          </Group>
          <Text size="sm" className={classes.wrap}>
            {interview.job.title} · {howAndWhere(interview, { withLink: false })}
            <JoinLink interview={interview} />
          </Text>
          <Text size="xs" c="dimmed">
            With {interview.interviewer.full_name}
            {interview.status === 'offered' ? ` · offered: ${interview.offered_times.map((t) => formatInZone(t, zone)).join('; ')}` : ''}
          </Text>
        </Stack>
        <Group gap="xs">
          {interview.status !== 'cancelled' && interview.status !== 'offered' && (past || interview.status === 'completed') && (
            <Button
              size="compact-sm"
              component={Link}
              to={`/interview-feedback/${interview.id}`}
              variant={interview.has_feedback ? 'default' : 'filled'}
            >
              {interview.has_feedback ? 'Feedback' : 'Give feedback'}
            </Button>
          )}
          {open && !past && interview.status !== 'offered' && (
            <Button size="compact-sm" variant="default" onClick={onMove}>
              Reschedule
            </Button>
          )}
          {open && past && interview.status !== 'offered' && (
            <Button size="compact-sm" variant="default" onClick={() => void complete()} loading={isLoading}>
              Mark completed
            </Button>
          )}
          {open && !past && (
            <Button size="compact-sm" variant="subtle" color="red" onClick={onCancel}>
              Cancel
            </Button>
          )}
        </Group>
      </Group>
    </Card>
  );
}

/** Interviews grouped by their day in the viewer's zone, in the list's order. */
function byDay(items: InterviewOut[]): [string, InterviewOut[]][] {
  const groups = new Map<string, InterviewOut[]>();
  for (const i of items) {
    const key = i.scheduled_time ? utcToZoned(i.scheduled_time, zone).date : 'offered';
    groups.set(key, [...(groups.get(key) ?? []), i]);
  }
  return [...groups.entries()];
}

/** `#/EmployerInterviews` (employer): upcoming interviews as an agenda by day; past ones with missing feedback. */
export function EmployerInterviewsScreen() {
  usePageTitle('Interviews');
  const [when, setWhen] = useState<'upcoming' | 'past'>('upcoming');
  const { data, error, isLoading, refetch } = useGetInterviewsQuery({ when });
  const [moving, setMoving] = useState<InterviewOut | null>(null);
  const [cancelling, setCancelling] = useState<InterviewOut | null>(null);
  const [update, cancelState] = useUpdateInterviewMutation();
  const items = (data?.results ?? []).filter((i) => when === 'past' || i.status !== 'cancelled');
  const missing = when === 'past' ? items.filter((i) => i.status !== 'cancelled' && i.status !== 'offered' && !i.has_feedback).length : 0;

  const cancel = async () => {
    if (!cancelling) return;
    try {
      await update({ id: cancelling.id, status: 'cancelled' }).unwrap();
      notify({ color: 'teal', message: `Cancelled. ${cancelling.jobseeker.full_name} is told.` });
      setCancelling(null);
    } catch {
      // shown in the modal
    }
  };

  return (
    <Page>
      <PageHeader title="Interviews" description={`Your company's interviews, in your time zone (${zone}).`} />
      <Stack gap="lg">
        <SegmentedControl
          value={when}
          onChange={(v) => setWhen(v === 'past' ? 'past' : 'upcoming')}
          data={[
            { value: 'upcoming', label: 'Upcoming' },
            { value: 'past', label: missing ? `Past (${missing} need feedback)` : 'Past' },
          ]}
          aria-label="Upcoming or past"
          w={{ base: '100%', xs: 'auto' }}
        />
        {isLoading ? (
          <Stack gap="sm" aria-busy="true" aria-label="Loading interviews">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} height={80} radius="md" />
            ))}
          </Stack>
        ) : !data ? (
          <LoadFailed title="The interviews could not be loaded" error={error} onRetry={() => void refetch()} />
        ) : items.length === 0 ? (
          <EmptyState
            place="section"
            icon={<CalendarIcon size={24} />}
            title={when === 'upcoming' ? 'No interviews coming up.' : 'No past interviews.'}
            description="Schedule interviews from the applicants of a job."
            link={{ to: '/EmployerJobManagement', label: 'Your jobs', variant: 'default' }}
          />
        ) : (
          byDay(items).map(([day, list]) => (
            <section key={day} aria-label={day === 'offered' ? 'Waiting for a pick' : day}>
              <Title order={2} fz="md" mb="xs">
                {day === 'offered'
                  ? 'Waiting for the job seeker to pick a time'
                  : formatInZone(zonedTimeToUtc(day, '12:00', zone), zone, { dateOnly: true })}
              </Title>
              <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
                {list.map((i) => (
                  <InterviewRow
                    key={i.id}
                    interview={i}
                    past={when === 'past'}
                    onMove={() => setMoving(i)}
                    onCancel={() => setCancelling(i)}
                  />
                ))}
              </Stack>
            </section>
          ))
        )}
      </Stack>
      {moving && <RescheduleModal key={moving.id} interview={moving} onClose={() => setMoving(null)} />}
      <ConfirmModal
        opened={cancelling !== null}
        title="Cancel this interview?"
        confirmLabel="Cancel interview"
        onConfirm={() => void cancel()}
        onClose={() => setCancelling(null)}
        isWorking={cancelState.isLoading}
        error={cancelState.error ? describeError(cancelState.error) : null}
      >
        {cancelling ? `${cancelling.jobseeker.full_name} gets an e-mail that removes it from their calendar.` : ''}
      </ConfirmModal>
    </Page>
  );
}
