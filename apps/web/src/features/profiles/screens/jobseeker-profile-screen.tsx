import '../../../components/extra-styles';
import '../../../components/application-styles';
import { Anchor, Stack, Text } from '@mantine/core';
import { LoadFailed } from '../../../components/load-failed';
import { Page } from '../../../components/page';
import { PageHeader } from '../../../components/page-header';
import { usePageTitle } from '../../../components/use-page-title';
import { useGetOwnProfileQuery } from '../api/profiles-api';
import { Completeness, ProfileSkeleton } from '../components/profile-parts';
import { ProfileForm } from '../components/profile-form';

/** `#/jobseekerprofile` (job seeker): the whole profile, one save. */
export function JobseekerProfileScreen() {
  usePageTitle('Your profile');
  const { data: profile, error, isLoading, refetch } = useGetOwnProfileQuery();
  return (
    <Page size="md">
      <PageHeader title="Your profile" description="What employers see when you apply." />
      {isLoading ? (
        <ProfileSkeleton />
      ) : !profile ? (
        <LoadFailed title="Your profile could not be loaded" error={error} onRetry={() => void refetch()} />
      ) : (
        <Stack gap="lg">
          <Completeness profile={profile} />
          <ProfileForm profile={profile} />
          <Text size="xs" c="dimmed" ta="center">
            Employers you apply to can see your profile.{' '}
            <Anchor href="#/jobseekerapplications" size="xs" underline="always">
              Your applications
            </Anchor>
          </Text>
        </Stack>
      )}
    </Page>
  );
}
