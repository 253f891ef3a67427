import { Avatar } from '@mantine/core';
import type { ApplicantOut } from '@jobportal/shared';
import { initialsOf } from '../../../components/initials';
import { useGetProtectedImageQuery } from '../../../lib/api/protected-image-api';

/** An applicant's photo (fetched with the session, as profile files are), else their initials; decorative: the name is beside it. */
export function ApplicantPhoto({ applicant, size = 48 }: { applicant: ApplicantOut['applicant']; size?: number }) {
  const { data: url } = useGetProtectedImageQuery(applicant.photo ?? '', { skip: !applicant.photo });
  return (
    <Avatar src={url ?? null} size={size} radius="xl" color="indigo" alt="" aria-hidden>
      {initialsOf(applicant.full_name)}
    </Avatar>
  );
}
