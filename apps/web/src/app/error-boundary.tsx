import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { FallbackScreen } from './fallback-screen';

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
