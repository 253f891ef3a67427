import { Alert, Button, Group, Text } from '@mantine/core';
import type { Role } from '@jobportal/shared';
import { Link, matchPath, useLocation } from 'react-router';
import { routeTable } from '../../../app/routes';
import { roleHome, type Session } from '../../../lib/session/session';
import { useSignOut } from '../../../lib/session/use-sign-out';

const kinds: Record<Role, { one: string; many: string }> = {
  jobseeker: { one: 'a job seeker', many: 'job seekers' },
  employer: { one: 'an employer', many: 'employers' },
  admin: { one: 'an administrator', many: 'administrators' },
};

/** The roles that may open an in-app address; undefined for a public or unknown one. */
export function rolesFor(address: string): readonly Role[] | undefined {
  const pathname = address.split(/[?#]/)[0] ?? address;
  const route = routeTable.find((entry) => matchPath(entry.path, pathname));
  return route && route.access !== 'public' ? route.access.roles : undefined;
}

/**
 * On a sign-in or sign-up screen for someone already signed in: says so and, when the guard sent
 * them here from a page for another kind of account (`wanted`), which kind it is for. Offers their
 * own home and signing out to switch account (back on this screen, still heading for `wanted`).
 */
export function AlreadySignedIn({ session, wanted }: { session: Session; wanted?: string }) {
  const { pathname, state } = useLocation();
  const { signOut, isSigningOut } = useSignOut();
  if (!session.role) return null;
  const allowed = wanted ? rolesFor(wanted) : undefined;
  const refused = allowed && !allowed.includes(session.role) ? allowed : undefined;
  const who = session.full_name ?? session.user?.email;
  return (
    <Alert
      variant="light"
      color="blue"
      mb="md"
      title={refused ? `That page is for ${refused.map((r) => kinds[r].many).join(' and ')}` : 'You are already signed in'}
      role={refused ? 'alert' : undefined}
    >
      <Text size="sm" mb="sm">
        You are signed in as {kinds[session.role].one}
        {who ? ` (${who})` : ''}.{refused ? ' To open it, sign out and sign in with such an account.' : ''}
      </Text>
      <Group gap="xs">
        <Button component={Link} to={roleHome(session)} size="xs">
          Go to your dashboard
        </Button>
        <Button size="xs" variant="default" loading={isSigningOut} onClick={() => void signOut({ to: pathname, state })}>
          Sign out to switch account
        </Button>
      </Group>
    </Alert>
  );
}
