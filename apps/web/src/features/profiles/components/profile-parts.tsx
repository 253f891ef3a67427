import { useEffect, useState } from 'react';
import { Avatar, Card, Group, List, Progress, Skeleton, Stack, Text } from '@mantine/core';
import type { ProfileOut } from '@jobportal/shared';
import { initialsOf } from '../../../components/initials';
import { useGetProtectedImageQuery } from '../../../lib/api/protected-image-api';
import { formatDate } from '../../../lib/format';

export function Completeness({ profile }: { profile: ProfileOut }) {
  const { percent, missing } = profile.completeness;
  return (
    <Card>
      <Stack gap="xs">
        <Group justify="space-between">
          <Text fw={600}>Profile {percent}% complete</Text>
          <Text size="sm" c="dimmed">
            Updated {formatDate(profile.updated_at)}
          </Text>
        </Group>
        <Progress
          value={percent}
          color={percent >= 80 ? 'teal' : percent >= 50 ? 'blue' : 'orange'}
          aria-label={`Profile ${percent}% complete`}
        />
        {missing.length > 0 ? (
          <>
            <Text size="sm" c="dimmed">
              Next steps:
            </Text>
            <List size="sm" spacing={2}>
              {missing.map((sentence) => (
                <List.Item key={sentence}>{sentence}</List.Item>
              ))}
            </List>
          </>
        ) : (
          <Text size="sm" c="dimmed">
            Your profile is complete. Employers see everything they need.
          </Text>
        )}
      </Stack>
    </Card>
  );
}

export function PhotoAvatar({ profile, pending, name }: { profile: ProfileOut; pending: File | null; name: string }) {
  const [previewUrl, setPreviewUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!pending) {
      setPreviewUrl(null);
      return undefined;
    }
    const url = URL.createObjectURL(pending);
    setPreviewUrl(url);
    return () => URL.revokeObjectURL(url);
  }, [pending]);
  const { data: storedUrl } = useGetProtectedImageQuery(profile.profile_photo?.url ?? '', {
    skip: !profile.profile_photo || Boolean(pending),
  });
  return (
    <Avatar src={previewUrl ?? storedUrl ?? null} size={80} radius="xl" color="indigo" alt={previewUrl || storedUrl ? 'Profile photo' : ''}>
      {initialsOf(name)}
    </Avatar>
  );
}

export function ProfileSkeleton() {
  return (
    <Stack gap="lg" aria-busy="true" aria-label="Loading your profile">
      <Skeleton height={110} radius="md" />
      <Skeleton height={160} radius="md" />
      <Skeleton height={320} radius="md" />
    </Stack>
  );
}
