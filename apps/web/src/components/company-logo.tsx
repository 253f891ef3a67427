import { lazy, Suspense } from 'react';
import { Avatar, type AvatarProps } from '@mantine/core';
import { useSession } from '../lib/session/use-session';
import { initialsOf } from './initials';

// Through the API client, so with RTK Query: loaded only where such a logo shows.
const ProtectedLogo = lazy(() => import('./protected-logo'));

interface CompanyLogoProps extends Omit<AvatarProps, 'src' | 'children'> {
  name: string;
  /** The logo address the API gave, or null: the initials show instead. */
  logo: string | null;
  /** Approved companies' logos are public; the others need the signed-in owner's or an admin's token. */
  isPublic?: boolean;
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
  if (logo && !isPublic && isSignedIn) {
    return (
      <Suspense
        fallback={
          <Avatar alt="" {...shared}>
            {initialsOf(name)}
          </Avatar>
        }
      >
        <ProtectedLogo name={name} logo={logo} {...shared} />
      </Suspense>
    );
  }
  return (
    <Avatar src={logo} alt="" {...shared}>
      {initialsOf(name)}
    </Avatar>
  );
}
