import { Avatar } from '@mantine/core';
import type { ChatRoomOut, Role } from '@jobportal/shared';
import { CompanyLogo } from '../../../components/company-logo';
import { initialsOf } from '../../../components/initials';
import { useGetProtectedImageQuery } from '../../../lib/api/protected-image-api';

function PersonPhoto({ name, photo, size }: { name: string; photo: string | null; size: number }) {
  const { data } = useGetProtectedImageQuery(photo ?? '', { skip: !photo });
  return (
    <Avatar src={data ?? null} alt="" size={size} radius="xl" color="teal" variant="light">
      {initialsOf(name)}
    </Avatar>
  );
}

/** The other party's face: the job seeker's photo for the company, the company's logo for the job seeker. */
export function PartyAvatar({ room, role, size = 44 }: { room: ChatRoomOut; role: Role | null; size?: number }) {
  if (role === 'employer') return <PersonPhoto name={room.jobseeker.full_name} photo={room.jobseeker.photo} size={size} />;
  return <CompanyLogo name={room.employer.company.name} logo={room.employer.company.logo} isPublic={false} size={size} />;
}
