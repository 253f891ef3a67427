import '@mantine/core/styles/Rating.css';
import '../../../components/extra-styles';
import { useState, type FormEvent } from 'react';
import {
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  NumberInput,
  Rating,
  SegmentedControl,
  Select,
  Skeleton,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { EmptyState } from '../../../components/empty-state';
import { notify } from '../../../lib/notify';
import type { FeedbackCriterion, FeedbackOut, InterviewStage, Recommendation } from '@jobportal/shared';
import {
  feedbackCriteria,
  feedbackCriterionLabels,
  interviewLimits,
  interviewStageLabels,
  interviewStages,
  recommendationLabels,
  recommendations,
} from '@jobportal/shared/vocabulary';
import { Link, useNavigate, useParams } from 'react-router';
import { FormAlert } from '../../../components/form-alert';
import { LoadFailed } from '../../../components/load-failed';
import { ArrowLeftIcon } from '../../../components/more-icons';
import { Page } from '../../../components/page';
import { PageHeader } from '../../../components/page-header';
import { usePageTitle } from '../../../components/use-page-title';
import { describeError, fieldError, isApiError } from '../../../lib/api/api-error';
import { useSession } from '../../../lib/session/use-session';
import { browserTimeZone } from '../../../lib/zoned-time';
import { useCreateFeedbackMutation, useGetFeedbacksQuery, useGetInterviewQuery, useUpdateFeedbackMutation } from '../api/interviews-api';
import { howAndWhere, timeRange } from '../components/interview-formats';

function Scorecard({ interviewId, mine }: { interviewId: number; mine: FeedbackOut | undefined }) {
  const navigate = useNavigate();
  const [stage, setStage] = useState<InterviewStage | null>(mine?.stage ?? null);
  const [score, setScore] = useState<number | string>(mine?.score ?? '');
  const [ratings, setRatings] = useState<Partial<Record<FeedbackCriterion, number>>>(mine?.ratings ?? {});
  const [strengths, setStrengths] = useState(mine?.strengths ?? '');
  const [concerns, setConcerns] = useState(mine?.concerns ?? '');
  const [recommendation, setRecommendation] = useState<Recommendation | null>(mine?.recommendation ?? null);
  const [text, setText] = useState(mine?.feedback ?? '');
  const [create, createState] = useCreateFeedbackMutation();
  const [update, updateState] = useUpdateFeedbackMutation();
  const error = createState.error ?? updateState.error;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!stage || typeof score !== 'number') return;
    const content = { stage, score, ratings, strengths, concerns, recommendation, feedback: text };
    try {
      if (mine) await update({ id: mine.id, ...content }).unwrap();
      else await create({ interview: interviewId, ...content }).unwrap();
      notify({ color: 'teal', message: mine ? 'Feedback saved.' : 'Feedback given. The job seeker can read it.' });
      void navigate('/EmployerInterviews');
    } catch {
      // shown below
    }
  };
  const fieldsWithErrors = ['stage', 'score', 'feedback', 'strengths', 'concerns'];
  const general = error && !fieldsWithErrors.some((f) => fieldError(error, f)) ? describeError(error) : null;
  return (
    <Card withBorder component="form" onSubmit={(e: FormEvent) => void submit(e)} noValidate>
      <Stack gap="md">
        <Title order={2} fz="lg">
          {mine ? 'Your scorecard' : 'Scorecard'}
        </Title>
        <Group grow align="flex-start" wrap="wrap">
          <Select
            label="Stage"
            required
            data={interviewStages.map((s) => ({ value: s, label: interviewStageLabels[s] }))}
            value={stage}
            onChange={(v) => setStage(interviewStages.find((s) => s === v) ?? null)}
            error={fieldError(error, 'stage')}
            miw={200}
          />
          <NumberInput
            label="Score (0–10)"
            required
            min={0}
            max={interviewLimits.scoreMax}
            value={score}
            onChange={setScore}
            error={fieldError(error, 'score')}
            miw={140}
          />
        </Group>
        <Stack gap={6}>
          <Text size="sm" fw={600}>
            Ratings
          </Text>
          {feedbackCriteria.map((c) => (
            <Group key={c} justify="space-between" maw={360}>
              <Text size="sm">{feedbackCriterionLabels[c]}</Text>
              <Rating
                value={ratings[c] ?? 0}
                onChange={(v) => setRatings({ ...ratings, [c]: v })}
                aria-label={feedbackCriterionLabels[c]}
              />
            </Group>
          ))}
        </Stack>
        <Textarea
          label="Strengths"
          autosize
          minRows={2}
          maxLength={interviewLimits.strengthsMax}
          value={strengths}
          onChange={(e) => setStrengths(e.currentTarget.value)}
          error={fieldError(error, 'strengths')}
        />
        <Textarea
          label="Concerns"
          autosize
          minRows={2}
          maxLength={interviewLimits.concernsMax}
          value={concerns}
          onChange={(e) => setConcerns(e.currentTarget.value)}
          error={fieldError(error, 'concerns')}
        />
        <Stack gap={4}>
          <Text size="sm" fw={600} id="recommendation-label">
            Recommendation
          </Text>
          <SegmentedControl
            aria-labelledby="recommendation-label"
            value={recommendation ?? ''}
            onChange={(v) => setRecommendation(recommendations.find((r) => r === v) ?? null)}
            data={recommendations.map((r) => ({ value: r, label: recommendationLabels[r] }))}
            fullWidth
          />
        </Stack>
        <Textarea
          label="Feedback"
          description="The job seeker reads this, and may choose to show it on their profile."
          required
          autosize
          minRows={4}
          maxLength={interviewLimits.feedbackMax}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          error={fieldError(error, 'feedback')}
        />
        <FormAlert>{general}</FormAlert>
        <Group>
          <Button
            type="submit"
            loading={createState.isLoading || updateState.isLoading}
            disabled={!stage || typeof score !== 'number' || !text.trim()}
          >
            {mine ? 'Save feedback' : 'Give feedback'}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

function TeamFeedback({ items }: { items: FeedbackOut[] }) {
  if (items.length === 0) return null;
  return (
    <Stack gap="sm">
      <Title order={2} fz="lg">
        From your team
      </Title>
      {items.map((f) => (
        <Card key={f.id} withBorder padding="sm">
          <Group gap="xs">
            <Text fw={600}>{f.author.full_name}</Text>
            <Badge variant="light">{interviewStageLabels[f.stage]}</Badge>
            <Badge variant="light" color="indigo">
              {f.score}/10
            </Badge>
            {f.recommendation && <Badge variant="outline">{recommendationLabels[f.recommendation]}</Badge>}
          </Group>
          <Text size="sm" mt={4} style={{ whiteSpace: 'pre-line' }}>
            {f.feedback}
          </Text>
        </Card>
      ))}
    </Stack>
  );
}

/** `#/interview-feedback/{interviewId}` (employer): the scorecard of one interview, and the team's. */
export function InterviewFeedbackScreen() {
  const raw = useParams().interviewId;
  const id = raw && /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : 0;
  const session = useSession();
  const me = session.user?.id ?? session.userid;
  const interview = useGetInterviewQuery(id, { skip: id === 0 });
  const feedbacks = useGetFeedbacksQuery({ interview: id }, { skip: id === 0 });
  usePageTitle(interview.data ? `Feedback: ${interview.data.jobseeker.full_name}` : 'Interview feedback');
  const notFound = id === 0 || (isApiError(interview.error) && interview.error.status === 404);
  const mine = feedbacks.data?.results.find((f) => f.author.id === me);
  const others = feedbacks.data?.results.filter((f) => f.author.id !== me) ?? [];
  const i = interview.data;

  return (
    <Page size="md">
      <Anchor component={Link} to="/EmployerInterviews" size="sm" mb="sm" display="inline-block">
        <ArrowLeftIcon size={14} /> All interviews
      </Anchor>
      {notFound ? (
        <EmptyState
          place="section"
          title="This interview is not one of yours"
          description="Only your company's interviews get feedback here."
          link={{ to: '/EmployerInterviews', label: 'Interviews' }}
        />
      ) : interview.isLoading || feedbacks.isLoading ? (
        <Stack gap="md" aria-busy="true" aria-label="Loading">
          <Skeleton height={60} />
          <Skeleton height={320} />
        </Stack>
      ) : !i ? (
        <LoadFailed title="The interview could not be loaded" error={interview.error} onRetry={() => void interview.refetch()} />
      ) : (
        <Stack gap="lg">
          <PageHeader
            title={`Feedback on ${i.jobseeker.full_name}`}
            description={`${i.job.title} · ${timeRange(i, browserTimeZone())} · ${howAndWhere(i)} · interviewer ${i.interviewer.full_name}`}
          />
          {i.status === 'offered' || i.status === 'cancelled' ? (
            <Text c="dimmed">
              {i.status === 'offered' ? 'No time has been picked for this interview yet.' : 'This interview was cancelled.'}
            </Text>
          ) : (
            <Scorecard key={mine?.id ?? 'new'} interviewId={i.id} mine={mine} />
          )}
          <TeamFeedback items={others} />
        </Stack>
      )}
    </Page>
  );
}
