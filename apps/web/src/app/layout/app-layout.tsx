import { lazy, Suspense, useEffect, useState } from 'react';
import { Box, Burger, Button, Container, Divider, Group, Stack } from '@mantine/core';
import { Link, Outlet, useLocation } from 'react-router';
import { Brand } from '../../components/brand';
import { ColorSchemeButton, ColorSchemeToggle } from '../../components/color-scheme-toggle';
import { LogoutIcon } from '../../components/icons';
import { roleHome } from '../../lib/session/session';
import { useSession } from '../../lib/session/use-session';
import { useSignOut } from '../../lib/session/use-sign-out';
import { LoadingScreen } from '../loading-screen';
import classes from './app-layout.module.css';
import { navItemsFor, type NavItem } from './navigation';

// The account menu (and its popover machinery, ~25 KB) is only for signed-in people: keep it
// out of the first load of the public and sign-in screens.
const UserMenu = lazy(() => import('./user-menu'));
const NotificationBell = lazy(() => import('../../features/notifications/components/notification-bell'));
// The live connection (socket.io-client, ~15 KB) likewise loads once signed in.
const LiveUpdates = lazy(() => import('./live-updates'));
const TimeZoneSync = lazy(() => import('./time-zone-sync'));

function isCurrent(pathname: string, to: string): boolean {
  return to === '/' ? pathname === '/' : pathname === to || pathname.startsWith(`${to}/`);
}

function NavButton({ item, pathname, block, compact }: { item: NavItem; pathname: string; block?: boolean; compact?: boolean }) {
  const isActive = isCurrent(pathname, item.to);
  return (
    <Button
      component={Link}
      to={item.to}
      variant={isActive ? 'light' : 'subtle'}
      color={isActive ? undefined : 'gray'}
      aria-current={isActive ? 'page' : undefined}
      justify={block ? 'flex-start' : undefined}
      fullWidth={block}
      size={block ? 'md' : 'sm'}
      px={compact ? 10 : undefined}
    >
      {item.label}
    </Button>
  );
}

function PhoneSignOut() {
  const { signOut, isSigningOut } = useSignOut();
  return (
    <Button
      variant="default"
      justify="flex-start"
      fullWidth
      leftSection={<LogoutIcon />}
      loading={isSigningOut}
      onClick={() => void signOut()}
    >
      Sign out
    </Button>
  );
}

/**
 * The one layout: a header with the product name, the role's navigation and the account menu;
 * under 768 px the navigation folds into a menu behind the burger. (A small CSS layout rather
 * than Mantine's AppShell, which costs ~9 KB gzipped on every first load.)
 */
export function AppLayout() {
  // The phone menu belongs to the page it was opened on: navigating closes it.
  const [menuOpenedOn, setMenuOpenedOn] = useState<string | null>(null);
  const session = useSession();
  const { pathname } = useLocation();
  const isMenuOpen = menuOpenedOn === pathname;
  const toggleMenu = () => setMenuOpenedOn(isMenuOpen ? null : pathname);
  const isSignedIn = session.role !== null;
  const items = navItemsFor(session);
  // Up to four places fit the header from the sm breakpoint; the admin's six need lg.
  const navFrom = items.length > 4 ? 'lg' : 'sm';
  // Visitors have "Sign in" and "Sign up" in the header at every width: the menu does not repeat them.
  const phoneItems: NavItem[] = items;

  // Escape closes the phone menu.
  useEffect(() => {
    if (!isMenuOpen) return undefined;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setMenuOpenedOn(null);
    };
    window.addEventListener('keydown', onKey);
    // The page behind the open menu should not scroll.
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    return () => {
      window.removeEventListener('keydown', onKey);
      document.body.style.overflow = overflow;
    };
  }, [isMenuOpen]);

  return (
    <div className={classes.shell}>
      <a
        href="#main"
        className={classes.skipLink}
        onClick={(event) => {
          event.preventDefault();
          document.getElementById('main')?.focus();
        }}
      >
        Skip to content
      </a>
      <header className={classes.header}>
        <Container size="lg" h="100%" px={{ base: 'sm', sm: 'md' }}>
          <Group h="100%" justify="space-between" wrap="nowrap" gap="xs">
            <Group gap="sm" wrap="nowrap">
              <Burger
                opened={isMenuOpen}
                onClick={toggleMenu}
                hiddenFrom={navFrom}
                size="sm"
                aria-label={isMenuOpen ? 'Close navigation' : 'Open navigation'}
                aria-expanded={isMenuOpen}
                aria-controls="phone-navigation"
              />
              <Brand to={isSignedIn ? roleHome(session) : '/'} />
              {isSignedIn && (
                <Group component="nav" aria-label="Main" gap={2} ml={navFrom === 'lg' ? 'xs' : 'md'} visibleFrom={navFrom} wrap="nowrap">
                  {items.map((item) => (
                    <NavButton key={item.to} item={item} pathname={pathname} compact={navFrom === 'lg'} />
                  ))}
                </Group>
              )}
            </Group>
            <Group gap="xs" wrap="nowrap">
              <Box visibleFrom="sm">
                <ColorSchemeToggle />
              </Box>
              {isSignedIn ? (
                <Suspense fallback={<Box w={84} h={42} />}>
                  <LiveUpdates />
                  <TimeZoneSync />
                  <NotificationBell />
                  <UserMenu />
                </Suspense>
              ) : (
                <>
                  <Button component={Link} to="/login" variant="subtle" size="sm" px="xs">
                    Sign in
                  </Button>
                  <Button component={Link} to="/signup" size="sm" px={{ base: 'xs', xs: 'md' }}>
                    Sign up
                  </Button>
                </>
              )}
            </Group>
          </Group>
        </Container>
      </header>

      {isMenuOpen && (
        <nav id="phone-navigation" aria-label="Main" className={classes.phoneNav} data-wide-nav={navFrom === 'lg' || undefined}>
          <Stack gap={4}>
            {phoneItems.map((item) => (
              <NavButton key={item.to} item={item} pathname={pathname} block />
            ))}
          </Stack>
          <Divider my="md" />
          <Stack gap="xs">
            <ColorSchemeButton />
            {isSignedIn && <PhoneSignOut />}
          </Stack>
        </nav>
      )}

      <main id="main" tabIndex={-1} className={classes.main}>
        <Suspense fallback={<LoadingScreen />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}
