import '@mantine/core/styles/Switch.css';
import { useState } from 'react';
import { Badge, Button, Card, Group, Radio, Stack, Switch, Text } from '@mantine/core';
import { notify } from '../../../lib/notify';
import type { FeedbackOut, InterviewOut } from '@jobportal/shared';
import { interviewModeLabels, interviewStageLabels, interviewStatusLabels, recommendationLabels } from '@jobportal/shared/vocabulary';
import {
  useChooseInterviewTimeMutation,
  useConfirmInterviewMutation,
  useGetFeedbacksQuery,
  useGetInterviewsQuery,
  useUpdateFeedbackMutation,
} from '../api/interviews-api';
import { describeError } from '../../../lib/api/api-error';
import { saveBlobUrl, useFetchProtectedFileMutation } from '../../../lib/api/file-download';
import { browserTimeZone, formatInZone } from '../../../lib/zoned-time';
import { CalendarIcon } from '../../../components/more-icons';
import { JoinLink } from './join-link';

const zone = browserTimeZone();

function AddToCalendar({ interview }: { interview: InterviewOut }) {
  const [fetchFile, { isLoading }] = useFetchProtectedFileMutation();
  const download = async () => {
    try {
      saveBlobUrl(await fetchFile(`/interview-schedules/${interview.id}/invite.ics`).unwrap(), `interview-${interview.id}.ics`);
    } catch (error) {
      notify({ color: 'red', message: `The invite could not be downloaded. ${describeError(error)}` });
    }
  };
  return (
    <Button
      size="compact-sm"
      variant="default"
      leftSection={<CalendarIcon size={14} />}
      onClick={() => void download()}
      loading={isLoading}
    >
      Add to calendar
    </Button>
  );
}

function PickTime({ interview }: { interview: InterviewOut }) {
  const [picked, setPicked] = useState<string | null>(null);
  const [choose, { isLoading, error }] = useChooseInterviewTimeMutation();
  const submit = async () => {
    if (!picked) return;
    try {
      await choose({ id: interview.id, scheduled_time: picked }).unwrap();
      notify({ color: 'teal', message: 'Time picked. The invite is on its way.' });
    } catch {
      // shown below
    }
  };
  return (
    <Stack gap="xs">
      <Radio.Group value={picked} onChange={setPicked} label="Pick a time that suits you" size="sm">
        <Stack gap={6} mt={6}>
          {interview.offered_times.map((t) => (
            <Radio key={t} value={t} label={formatInZone(t, zone, { withZone: true })} />
          ))}
        </Stack>
      </Radio.Group>
      {error && (
        <Text size="sm" c="red" role="alert">
          {describeError(error)}
        </Text>
      )}
      <Group>
        <Button size="compact-sm" onClick={() => void submit()} disabled={!picked} loading={isLoading}>
          Pick this time
        </Button>
      </Group>
    </Stack>
  );
}

function ShowSwitch({ feedback }: { feedback: FeedbackOut }) {
  const [update, { isLoading }] = useUpdateFeedbackMutation();
  return (
    <Switch
      size="sm"
      label="Show on my profile"
      checked={feedback.is_approved}
      disabled={isLoading}
      onChange={(e) => {
        const value = e.currentTarget.checked;
        update({ id: feedback.id, is_approved: value })
          .unwrap()
          .then(() =>
            notify({
              color: 'teal',
              message: value ? 'Shown on your profile to employers you apply to.' : 'Hidden from your profile.',
            }),
          )
          .catch((err: unknown) => notify({ color: 'red', message: describeError(err) }));
      }}
    />
  );
}

/** One piece of feedback the job seeker received, with the choice to show it. */
export function FeedbackItem({ feedback }: { feedback: FeedbackOut }) {
  return (
    <Card withBorder padding="xs">
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Group gap="xs">
          <Badge variant="light">{interviewStageLabels[feedback.stage]}</Badge>
          <Badge variant="light" color="indigo">
            {feedback.score}/10
          </Badge>
          {feedback.recommendation && <Badge variant="outline">{recommendationLabels[feedback.recommendation]}</Badge>}
        </Group>
        <ShowSwitch feedback={feedback} />
      </Group>
      <Text size="sm" mt={6} style={{ whiteSpace: 'pre-line' }}>
        {feedback.feedback}
      </Text>
      {(feedback.strengths || feedback.concerns) && (
        <Text size="xs" c="dimmed" mt={4}>
          {feedback.strengths && `Strengths: ${feedback.strengths}. `}
          {feedback.concerns && `To work on: ${feedback.concerns}.`}
        </Text>
      )}
      <Text size="xs" c="dimmed" mt={4}>
        {feedback.company.name} · {formatInZone(feedback.provided_at, zone, { dateOnly: true })}
      </Text>
    </Card>
  );
}

/** One interview as the job seeker sees it: when (in their zone), how, with whom, and what to do. */
export function SeekerInterviewCard({ interview, feedback = [] }: { interview: InterviewOut; feedback?: FeedbackOut[] }) {
  const [confirm, { isLoading }] = useConfirmInterviewMutation();
  const standing = interview.status === 'scheduled' || interview.status === 'rescheduled';
  const upcoming = standing && interview.end_time !== null && Date.parse(interview.end_time) > Date.now();
  return (
    <Card withBorder padding="sm" component="li">
      <Stack gap={4}>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text fw={600}>
            {interview.scheduled_time
              ? `${formatInZone(interview.scheduled_time, zone)} – ${formatInZone(interview.end_time!, zone, { timeOnly: true, withZone: true })}`
              : `${interview.company.name} offers ${interview.offered_times.length} times`}
          </Text>
          <Group gap={4}>
            <Badge variant="light" color={interview.status === 'cancelled' ? 'gray' : interview.status === 'offered' ? 'orange' : 'indigo'}>
              {interviewStatusLabels[interview.status]}
            </Badge>
            {interview.seeker_confirmed_at && upcoming && (
              <Badge variant="light" color="teal">
                Confirmed
              </Badge>
            )}
          </Group>
        </Group>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {interview.job.title} at {interview.company.name} · {interviewModeLabels[interview.mode]}
          {interview.mode === 'in_person' && interview.location ? ` · ${interview.location}` : ''}
          <JoinLink interview={interview} />
        </Text>
        <Text size="xs" c="dimmed">
          With {interview.interviewer.full_name} · {interview.duration_minutes} minutes
          {interview.notes ? ` · ${interview.notes}` : ''}
        </Text>
        {interview.status === 'offered' && <PickTime interview={interview} />}
        {upcoming && (
          <Group gap="xs" mt={4}>
            <AddToCalendar interview={interview} />
            {!interview.seeker_confirmed_at && (
              <Button
                size="compact-sm"
                onClick={() =>
                  void confirm(interview.id)
                    .unwrap()
                    .catch((e: unknown) => notify({ color: 'red', message: describeError(e) }))
                }
                loading={isLoading}
              >
                Confirm attendance
              </Button>
            )}
          </Group>
        )}
        {feedback.length > 0 && (
          <Stack gap="xs" mt="xs">
            <Text size="sm" fw={600}>
              Feedback
            </Text>
            {feedback.map((f) => (
              <FeedbackItem key={f.id} feedback={f} />
            ))}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}

/**
 * The job seeker's interviews (all, or one application's), newest plans first, with the feedback
 * given on each. One list request and one feedback request for the whole page (shared by every card).
 */
export function SeekerInterviews({ applicationId, when, empty }: { applicationId?: number; when?: 'upcoming'; empty?: string }) {
  const { data } = useGetInterviewsQuery(when ? { when } : {});
  const { data: feedback } = useGetFeedbacksQuery({});
  const items = (data?.results ?? []).filter((i) => applicationId === undefined || i.application === applicationId);
  if (!data) return null;
  if (items.length === 0) {
    return empty ? (
      <Text size="sm" c="dimmed">
        {empty}
      </Text>
    ) : null;
  }
  return (
    <Stack gap="xs" component="ul" mt="sm" mb={0} p={0} style={{ listStyle: 'none' }} aria-label="Interviews">
      {items.map((i) => (
        <SeekerInterviewCard key={i.id} interview={i} feedback={(feedback?.results ?? []).filter((f) => f.interview === i.id)} />
      ))}
    </Stack>
  );
}
