import { Avatar, type AvatarProps } from '@mantine/core';
import { useGetProtectedImageQuery } from '../lib/api/protected-image-api';
import { useSession } from '../lib/session/use-session';
import { initialsOf } from './initials';

interface CompanyLogoProps extends Omit<AvatarProps, 'src' | 'children'> {
  name: string;
  /** The logo address the API gave, or null: the initials show instead. */
  logo: string | null;
  /** Approved companies' logos are public; the others need the signed-in owner's or an admin's token. */
  isPublic?: boolean;
}

function ProtectedLogo({ name, logo, ...props }: Omit<CompanyLogoProps, 'isPublic'> & { logo: string }) {
  const { data } = useGetProtectedImageQuery(logo);
  return (
    <Avatar src={data ?? null} alt="" {...props}>
      {initialsOf(name)}
    </Avatar>
  );
}

/** A company's logo, or its initials when it has none (or it cannot be shown). Decorative: the name is always written beside it. */
export function CompanyLogo({
  name,
  logo,
  isPublic = true,
  radius = 'md',
  color = 'indigo',
  variant = 'light',
  ...props
}: CompanyLogoProps) {
  const isSignedIn = useSession().role !== null;
  const shared = { radius, color, variant, ...props };
  if (logo && !isPublic && isSignedIn) return <ProtectedLogo name={name} logo={logo} {...shared} />;
  return (
    <Avatar src={logo} alt="" {...shared}>
      {initialsOf(name)}
    </Avatar>
  );
}
