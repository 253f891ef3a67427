import type { ReactNode } from 'react';
import { Button, EmptyState as MantineEmptyState } from '@mantine/core';
import { Link } from 'react-router';

/**
 * Where the face stands: `list` inside a list's card (the default), `compact` in a small panel,
 * `section` a data area of its own on a screen, `page` the whole screen (a job or profile that is not there).
 */
const spacing = {
  list: { py: 'xl', px: 'md' },
  compact: { py: 'lg', px: 'md' },
  section: { py: 40 },
  page: { py: 64 },
} as const;

interface EmptyStateProps {
  icon?: ReactNode;
  title: ReactNode;
  description: ReactNode;
  place?: keyof typeof spacing;
  size?: 'sm' | 'md';
  /** The way back from filters that match nothing: a "Clear filters" button (`clearLabel`). */
  onClear?: () => void;
  clearLabel?: string;
  /** The next step as a link ("Find jobs" → `#/`). */
  link?: { to: string; label: string; variant?: 'filled' | 'default'; icon?: ReactNode };
  /** Any other next step; nothing when false. */
  children?: ReactNode;
}

/** The empty face of a data area, and the not-found face of a screen: a sentence and the next step. */
export function EmptyState({
  icon,
  title,
  description,
  place = 'list',
  size,
  onClear,
  clearLabel = 'Clear filters',
  link,
  children,
}: EmptyStateProps) {
  return (
    <MantineEmptyState
      {...spacing[place]}
      size={size}
      icon={icon}
      withIndicatorBackground={icon !== undefined}
      title={title}
      description={description}
    >
      {onClear || link || children ? (
        <MantineEmptyState.Actions>
          {onClear && (
            <Button variant="default" onClick={onClear}>
              {clearLabel}
            </Button>
          )}
          {link && (
            <Button component={Link} to={link.to} variant={link.variant} leftSection={link.icon}>
              {link.label}
            </Button>
          )}
          {children}
        </MantineEmptyState.Actions>
      ) : null}
    </MantineEmptyState>
  );
}
