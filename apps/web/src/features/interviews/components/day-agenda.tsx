import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { InterviewOut } from '@jobportal/shared';
import { formatInZone, utcToZoned, zonedTimeToUtc } from '../../../lib/zoned-time';
import { useGetInterviewsQuery } from '../api/interviews-api';
import { howAndWhere } from './interview-formats';
import classes from '../screens/interviews.module.css';
import { countOf } from '../../../lib/plural';

export const times = Array.from({ length: (21 - 7) * 4 }, (_, i) => {
  const minutes = 7 * 60 + i * 15;
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
});

export const durations = [15, 30, 45, 60, 90, 120, 180].map((m) => ({
  value: String(m),
  label: m < 60 ? `${m} minutes` : countOf(m / 60, 'hour').replace('1.5 hours', '1½ hours'),
}));

export function overlaps(a: { start: number; end: number }, i: InterviewOut) {
  if (!i.scheduled_time || !i.end_time) return false;
  return a.start < Date.parse(i.end_time) && Date.parse(i.scheduled_time) < a.end;
}

/** "14:00", or "Wed, 3 Jun 2031, 02:00" when the instant falls on another day in `theirZone` than in `ourZone`. */
function theirTime(instant: Date | string, ourZone: string, theirZone: string): string {
  const sameDay = utcToZoned(instant, ourZone).date === utcToZoned(instant, theirZone).date;
  return formatInZone(instant, theirZone, sameDay ? { timeOnly: true } : {});
}

/** The job seeker's time of a slot beside the employer's: their zone when known, or that it is not known yet. */
export function TheirTime({
  instant,
  ourZone,
  theirZone,
}: {
  instant: Date | string;
  ourZone: string;
  theirZone: string | null | undefined;
}) {
  // Opened without the applicants list's hand-over (a typed address): say nothing rather than guess.
  if (theirZone === undefined) return null;
  return (
    <Text size="sm" c="dimmed" component="span">
      {theirZone === null
        ? "Their time: the job seeker's time zone is not known yet."
        : `Their time: ${theirTime(instant, ourZone, theirZone)} in ${theirZone}`}
    </Text>
  );
}

/** The chosen interviewer's other interviews on the chosen day, with any that overlap the chosen time marked. */
export function DayAgenda({
  day,
  timeZone,
  slot,
  interviewer,
}: {
  day: string | null;
  timeZone: string;
  slot: { start: number; end: number } | null;
  interviewer: { id: number; name: string; isMe: boolean };
}) {
  const { data, isLoading } = useGetInterviewsQuery({ when: 'upcoming', interviewer: interviewer.id });
  const whose = interviewer.isMe ? 'Your' : `${interviewer.name}'s`;
  const onDay = (data?.results ?? []).filter(
    (i) => i.scheduled_time && i.status !== 'cancelled' && day && utcToZoned(i.scheduled_time, timeZone).date === day,
  );
  return (
    <Card withBorder>
      <Title order={2} fz="md" mb="xs">
        {day
          ? `${whose} interviews on ${formatInZone(zonedTimeToUtc(day, '12:00', timeZone), timeZone, { dateOnly: true })}`
          : `${whose} interviews that day`}
      </Title>
      {isLoading ? (
        <Text size="sm" c="dimmed">
          Loading…
        </Text>
      ) : !day ? (
        <Text size="sm" c="dimmed">
          Choose a day to see what you have on it.
        </Text>
      ) : onDay.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nothing else that day.
        </Text>
      ) : (
        <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {onDay.map((i) => {
            const clash = slot !== null && overlaps(slot, i);
            return (
              <li key={i.id} className={`${classes.day} ${clash ? classes.clash : ''}`}>
                <Group gap="xs" justify="space-between" wrap="nowrap">
                  <Text size="sm" fw={600}>
                    {formatInZone(i.scheduled_time!, timeZone, { timeOnly: true })}–
                    {formatInZone(i.end_time!, timeZone, { timeOnly: true })}
                  </Text>
                  {clash && (
                    <Badge color="red" variant="light">
                      Overlaps
                    </Badge>
                  )}
                </Group>
                <Text size="xs" c="dimmed" className={classes.wrap}>
                  {i.jobseeker.full_name} · {i.job.title} · {howAndWhere(i, { withLink: false })}
                </Text>
              </li>
            );
          })}
        </Stack>
      )}
    </Card>
  );
}
