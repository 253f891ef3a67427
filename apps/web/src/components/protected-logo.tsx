import { Avatar, type AvatarProps } from '@mantine/core';
import { useGetProtectedImageQuery } from '../lib/api/protected-image-api';
import { initialsOf } from './initials';

/** A logo only its owner and admins may see, fetched with their token (loaded with RTK Query, off the public screens' first load). */
export default function ProtectedLogo({ name, logo, ...props }: Omit<AvatarProps, 'src' | 'children'> & { name: string; logo: string }) {
  const { data } = useGetProtectedImageQuery(logo);
  return (
    <Avatar src={data ?? null} alt="" {...props}>
      {initialsOf(name)}
    </Avatar>
  );
}
