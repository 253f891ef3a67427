import { Anchor, Avatar, Badge, Group, SimpleGrid, Skeleton, Stack, Text, Title, Card } from '@mantine/core';
import { EmptyState } from '../../../components/empty-state';
import { useNavigate, useParams } from 'react-router';
import type { JobseekerProfileOut } from '@jobportal/shared';
import { interviewStageLabels } from '@jobportal/shared/vocabulary';
import { FileDownloadButton } from '../../../components/file-download-button';
import { initialsOf } from '../../../components/initials';
import { LoadFailed } from '../../../components/load-failed';
import { ArrowLeftIcon, GlobeIcon, LinkIcon, MailIcon, UserIcon } from '../../../components/more-icons';
import { Page } from '../../../components/page';
import { usePageTitle } from '../../../components/use-page-title';
import { isApiError } from '../../../lib/api/api-error';
import { useGetProtectedImageQuery } from '../../../lib/api/protected-image-api';
import { formatDate } from '../../../lib/format';
import { formatPay } from '../../../lib/money';
import { useGetJobseekerProfileQuery } from '../api/profiles-api';
import { EducationSummary, ExperienceSummary, SectionCard, skillLine } from '../components/profile-sections';

function NotYours() {
  return (
    <Page size="md">
      <EmptyState
        place="page"
        icon={<UserIcon size={28} />}
        title="You can only see the profiles of people who applied to your jobs"
        description="This person has not applied to any of your jobs, or the profile no longer exists."
        link={{ to: '/EmployerJobManagement', label: 'Your jobs' }}
      />
    </Page>
  );
}

function ApplicantProfile({ profile }: { profile: JobseekerProfileOut }) {
  const { data: photoUrl } = useGetProtectedImageQuery(profile.profile_photo?.url ?? '', { skip: !profile.profile_photo });
  const prefs = profile.job_preferences;
  const pay = formatPay(prefs.salary_min, null, null);
  return (
    <Stack gap="lg">
      <Card>
        <Group gap="md" wrap="nowrap" align="flex-start">
          <Avatar src={photoUrl ?? null} size={72} radius="xl" color="indigo" alt={photoUrl ? `Photo of ${profile.full_name}` : ''}>
            {initialsOf(profile.full_name)}
          </Avatar>
          <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
            <Title order={1} fz={{ base: 22, sm: 28 }}>
              {profile.full_name}
            </Title>
            {profile.current_job_title && <Text fw={500}>{profile.current_job_title}</Text>}
            <Group gap="md" mt={4}>
              <Anchor href={`mailto:${profile.email}`} size="sm">
                <MailIcon size={14} /> {profile.email}
              </Anchor>
              {profile.phone_number && <Text size="sm">{profile.phone_number}</Text>}
              {profile.linkedin_url && (
                <Anchor href={profile.linkedin_url} target="_blank" rel="noopener noreferrer nofollow" size="sm">
                  <LinkIcon size={14} /> LinkedIn
                </Anchor>
              )}
              {profile.portfolio_url && (
                <Anchor href={profile.portfolio_url} target="_blank" rel="noopener noreferrer nofollow" size="sm">
                  <GlobeIcon size={14} /> Portfolio
                </Anchor>
              )}
            </Group>
            <Group mt="xs">
              {profile.resume ? (
                <FileDownloadButton file={profile.resume} size="sm" />
              ) : (
                <Text size="sm" c="dimmed">
                  No resume on the profile.
                </Text>
              )}
            </Group>
          </Stack>
        </Group>
      </Card>

      <SectionCard title="Looking for">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
          <Text size="sm">
            <b>Titles:</b> {prefs.desired_titles.join(', ') || '—'}
          </Text>
          <Text size="sm">
            <b>Places:</b> {prefs.locations.join(', ') || '—'}
            {prefs.is_remote_ok ? ' · remote OK' : ''}
          </Text>
          <Text size="sm">
            <b>Types:</b> {prefs.employment_types.join(', ') || '—'}
          </Text>
          <Text size="sm">
            <b>Level:</b> {prefs.experience_level ?? '—'}
            {pay ? ` · ${pay}` : ''}
          </Text>
        </SimpleGrid>
      </SectionCard>

      {profile.bio && (
        <SectionCard title="About">
          <Text style={{ whiteSpace: 'pre-line' }}>{profile.bio}</Text>
        </SectionCard>
      )}

      <SectionCard title="Verified interview feedback">
        {profile.shown_feedback.length === 0 ? (
          <Text size="sm" c="dimmed">
            {profile.full_name} has not chosen to show any interview feedback.
          </Text>
        ) : (
          <Stack gap="md" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
            {profile.shown_feedback.map((item) => (
              <Stack component="li" gap={4} key={`${item.company.name}-${item.provided_at}`}>
                <Group gap="xs">
                  <Text fw={600}>{item.company.name}</Text>
                  <Badge variant="light">{interviewStageLabels[item.stage]}</Badge>
                  <Badge variant="light" color="indigo">
                    {item.score}/10
                  </Badge>
                  <Text size="xs" c="dimmed">
                    {formatDate(item.provided_at)}
                  </Text>
                </Group>
                <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
                  {item.feedback}
                </Text>
              </Stack>
            ))}
          </Stack>
        )}
      </SectionCard>

      <SectionCard title="Work experience">
        {profile.work_experience.length === 0 ? (
          <Text size="sm" c="dimmed">
            None listed.
          </Text>
        ) : (
          <Stack gap="md">
            {profile.work_experience.map((item) => (
              <ExperienceSummary key={item.id} item={item} />
            ))}
          </Stack>
        )}
      </SectionCard>

      <SectionCard title="Education">
        {profile.educations.length === 0 ? (
          <Text size="sm" c="dimmed">
            None listed.
          </Text>
        ) : (
          <Stack gap="md">
            {profile.educations.map((item) => (
              <EducationSummary key={item.id} item={item} />
            ))}
          </Stack>
        )}
      </SectionCard>

      <SectionCard title="Skills">
        {profile.skills.length === 0 ? (
          <Text size="sm" c="dimmed">
            None listed.
          </Text>
        ) : (
          <Group gap={6}>
            {profile.skills.map((skill) => (
              <Badge key={skill.id} variant="light" size="lg" tt="none" fw={500} title={skillLine(skill)}>
                {skill.skill_name} · {skill.proficiency_level}
              </Badge>
            ))}
          </Group>
        )}
      </SectionCard>
    </Stack>
  );
}

/** `#/jobseekerprofile/{id}` (employer): an applicant's profile, read only. */
export function ApplicantProfileScreen() {
  const raw = useParams().id;
  const id = raw && /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : null;
  const navigate = useNavigate();
  const { data: profile, error, isLoading, isError, refetch } = useGetJobseekerProfileQuery(id ?? 0, { skip: id === null });
  const isHidden = id === null || (isError && isApiError(error) && error.status === 404);
  usePageTitle(isHidden ? 'Profile not available' : profile ? profile.full_name : 'Applicant');
  if (isHidden) return <NotYours />;
  return (
    <Page size="md">
      <Anchor component="button" type="button" size="sm" mb="md" onClick={() => void navigate(-1)}>
        <ArrowLeftIcon size={14} /> Back
      </Anchor>
      {isLoading ? (
        <Stack gap="lg" aria-busy="true" aria-label="Loading the profile">
          <Skeleton height={140} radius="md" />
          <Skeleton height={100} radius="md" />
          <Skeleton height={220} radius="md" />
        </Stack>
      ) : !profile ? (
        <LoadFailed title="The profile could not be loaded" error={error} onRetry={() => void refetch()} />
      ) : (
        <ApplicantProfile profile={profile} />
      )}
    </Page>
  );
}
