import { Component, lazy, Suspense, type ErrorInfo, type ReactNode } from 'react';
import { Button, Stack, Text, Title } from '@mantine/core';
import { useLocation } from 'react-router';
import { LoadingScreen } from './loading-screen';

type FallbackProps = { onRetry?: () => void };

/**
 * What shows when even the fallback screen's code cannot be loaded (the connection is gone, or a
 * new version replaced the files): the same words in short, and a reload.
 */
function PlainFallbackScreen({ onRetry }: FallbackProps) {
  return (
    <Stack align="center" gap="md" px="md" py="xl" ta="center">
      <Text size="sm" c="dimmed" fw={500}>
        Unexpected Application Error!
      </Text>
      <Title order={1}>{onRetry ? 'Something went wrong' : 'This page does not exist'}</Title>
      <Text>The page could not be loaded. Check your connection, then reload the page.</Text>
      <Button size="md" onClick={() => window.location.reload()}>
        Reload the page
      </Button>
    </Stack>
  );
}

// The fallback screen loads when it is first needed: most visits never show it.
const LoadedFallbackScreen = lazy(() =>
  import('./fallback-screen').then(
    (module) => ({ default: module.FallbackScreen }),
    () => ({ default: PlainFallbackScreen }),
  ),
);

/** The fallback screen (see fallback-screen.tsx), loaded on first use. */
export function FallbackScreen(props: FallbackProps) {
  return (
    <Suspense fallback={<LoadingScreen />}>
      <LoadedFallbackScreen {...props} />
    </Suspense>
  );
}

interface BoundaryProps {
  /** A new value clears a caught error and renders the children again. */
  resetKey: string;
  children: ReactNode;
}

interface BoundaryState {
  hasFailed: boolean;
  resetKey: string;
}

class FallbackBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { hasFailed: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(): Partial<BoundaryState> {
    return { hasFailed: true };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.resetKey === state.resetKey ? null : { hasFailed: false, resetKey: props.resetKey };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('Screen failed:', error, info.componentStack);
  }

  /** Renders the children again (a passing failure, such as a dropped connection, may be over). */
  retry = () => this.setState({ hasFailed: false });

  override render() {
    return this.state.hasFailed ? <FallbackScreen onRetry={this.retry} /> : this.props.children;
  }
}

/**
 * Shows the fallback screen in place of its children when they throw while rendering (a screen
 * that fails, or whose code cannot be loaded). Going to another address tries again.
 */
export function ErrorBoundary({ children }: { children: ReactNode }) {
  const { key } = useLocation();
  return <FallbackBoundary resetKey={key}>{children}</FallbackBoundary>;
}
