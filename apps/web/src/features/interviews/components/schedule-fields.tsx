import { Button, CloseButton, Group, SegmentedControl, Stack, Text, Textarea, TextInput } from '@mantine/core';
import type { InterviewMode } from '@jobportal/shared';
import { interviewLimits, interviewModeLabels, interviewModes } from '@jobportal/shared/vocabulary';
import { describeError, fieldError, isApiError } from '../../../lib/api/api-error';
import { formatInZone } from '../../../lib/zoned-time';
import { useGetOwnCompanyQuery } from '../../companies/api/companies-api';
import { useGetTeamQuery } from '../../teams/api/teams-api';
import { TheirTime } from './day-agenda';

/** Who can interview: any member of the company (owner and recruiters), "me" first when alone. */
export function useInterviewerChoices(me: number) {
  // The interviewer: any member of the company (owner and recruiters), the caller unless they choose another.
  const { data: company } = useGetOwnCompanyQuery();
  const { data: team } = useGetTeamQuery(company?.id ?? 0, { skip: !company });
  const members = team?.members ?? [];
  const interviewerChoices = members.length
    ? members.map((m) => ({ value: String(m.id), label: m.id === me ? `${m.full_name} (me)` : m.full_name }))
    : [{ value: String(me), label: 'Me' }];

  return { members, interviewerChoices };
}

/** The scheduling error in parts: a clash with another interview, a time refused, anything else not shown by a field. */
export function errorsOf(error: unknown) {
  const clash = isApiError(error) && error.code === 'interview_clash';
  const timeError = fieldError(error, 'scheduled_time') ?? fieldError(error, 'offered_times');
  const generalError =
    error &&
    !clash &&
    !timeError &&
    !['location', 'meeting_link', 'notes', 'time_zone', 'duration_minutes', 'interviewer'].some((f) => fieldError(error, f))
      ? describeError(error)
      : null;
  return { clash, timeError, generalError };
}

/** The times offered so far (2-6), each with a remove button, and "Add this time". */
export function OfferedTimes({
  offered,
  onChange,
  onAdd,
  canAdd,
  timeZone,
  theirZone,
}: {
  offered: string[];
  onChange: (offered: string[]) => void;
  onAdd: () => void;
  canAdd: boolean;
  timeZone: string;
  theirZone: string | null | undefined;
}) {
  return (
    <Stack gap="xs">
      <Group gap="xs">
        <Button variant="default" onClick={onAdd} disabled={!canAdd || offered.length >= interviewLimits.offeredMax}>
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
                <TheirTime instant={iso} ourZone={timeZone} theirZone={theirZone} />
              </Stack>
              <CloseButton
                size="sm"
                aria-label={`Remove ${formatInZone(iso, timeZone)}`}
                onClick={() => onChange(offered.filter((o) => o !== iso))}
              />
            </Group>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

/** How the interview happens: video (a link), in person (an address) or by phone, and notes. */
export function InterviewPlaceFields({
  mode,
  onMode,
  link,
  onLink,
  location,
  onLocation,
  notes,
  onNotes,
  error,
}: {
  mode: InterviewMode;
  onMode: (mode: InterviewMode) => void;
  link: string;
  onLink: (link: string) => void;
  location: string;
  onLocation: (location: string) => void;
  notes: string;
  onNotes: (notes: string) => void;
  error: unknown;
}) {
  return (
    <>
      <SegmentedControl
        value={mode}
        onChange={(v) => onMode(interviewModes.find((m) => m === v) ?? 'video')}
        data={interviewModes.map((m) => ({ value: m, label: interviewModeLabels[m] }))}
        aria-label="How"
      />
      {mode === 'video' && (
        <TextInput
          label="Call link"
          placeholder="https://meet.example.com/…"
          value={link}
          onChange={(e) => onLink(e.currentTarget.value)}
          error={fieldError(error, 'meeting_link')}
        />
      )}
      {mode === 'in_person' && (
        <TextInput
          label="Address"
          required
          placeholder="Street, city, floor or room"
          value={location}
          onChange={(e) => onLocation(e.currentTarget.value)}
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
        onChange={(e) => onNotes(e.currentTarget.value)}
        error={fieldError(error, 'notes')}
      />
    </>
  );
}
