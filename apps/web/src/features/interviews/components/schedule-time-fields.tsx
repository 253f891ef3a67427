import type { ComboboxData } from '@mantine/core';
import { Card, Group, Select, Stack, Text } from '@mantine/core';
import { DatePicker } from '@mantine/dates';
import { fieldError } from '../../../lib/api/api-error';
import { browserTimeZone, formatInZone } from '../../../lib/zoned-time';
import classes from '../screens/interviews.module.css';
import { times, durations, TheirTime } from '../components/day-agenda';

/** The interview's day, on a month calendar from today on. */
export function InterviewDayPicker({ day, onDay, minDate }: { day: string | null; onDay: (day: string | null) => void; minDate: string }) {
  return (
    <Card withBorder className={classes.calendar}>
      <DatePicker
        value={day}
        onChange={onDay}
        minDate={minDate}
        aria-label="Interview day"
        previousLabel="Previous month"
        nextLabel="Next month"
        classNames={{ day: classes.calendarDay }}
      />
    </Card>
  );
}

/** Start, duration and the time zone the times are in. */
export function StartFields({
  time,
  onTime,
  duration,
  onDuration,
  timeZone,
  onTimeZone,
  zones,
  error,
}: {
  time: string | null;
  onTime: (time: string | null) => void;
  duration: string;
  onDuration: (duration: string) => void;
  timeZone: string;
  onTimeZone: (zone: string) => void;
  zones: ComboboxData;
  error: unknown;
}) {
  return (
    <>
      <Group grow align="flex-start" wrap="wrap">
        <Select label="Start" data={times} value={time} onChange={onTime} allowDeselect={false} searchable miw={120} />
        <Select label="Duration" data={durations} value={duration} onChange={(v) => v && onDuration(v)} allowDeselect={false} miw={140} />
      </Group>
      <Select
        label="Time zone"
        description={`Times are in this zone. The job seeker sees them in their own: their calendar converts the invite. Yours: ${browserTimeZone()}.`}
        data={zones}
        value={timeZone}
        onChange={(v) => v && onTimeZone(v)}
        searchable
        allowDeselect={false}
        error={fieldError(error, 'time_zone')}
      />
    </>
  );
}

/** The chosen start in words, in UTC too and in the job seeker's zone; or that it has passed. */
export function StartSummary({
  start,
  inPast,
  timeZone,
  theirZone,
}: {
  start: Date;
  inPast: boolean;
  timeZone: string;
  theirZone: string | null | undefined;
}) {
  return (
    <Stack gap={2}>
      <Text size="sm" c={inPast ? 'red' : undefined}>
        {inPast
          ? 'That time has passed. Choose a later one.'
          : `${formatInZone(start, timeZone, { withZone: true })} · ${formatInZone(start, 'UTC', { timeOnly: true })} UTC`}
      </Text>
      {!inPast && <TheirTime instant={start} ourZone={timeZone} theirZone={theirZone} />}
    </Stack>
  );
}
