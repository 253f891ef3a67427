import type { ReactNode } from 'react';
import { Button, Drawer, Text } from '@mantine/core';
import classes from './filter-drawer.module.css';

interface FilterDrawerProps {
  opened: boolean;
  onClose: () => void;
  isPhone: boolean;
  /** The chips and the filter panel. */
  children: ReactNode;
  showLabel: string;
  isFetching: boolean;
}

/**
 * The filters of narrow screens, in a drawer. Loaded the first time it opens: wide screens show the
 * panel beside the results and never need it (the drawer and its focus and scroll locking are
 * ~6 KB gzipped).
 */
export default function FilterDrawer({ opened, onClose, isPhone, children, showLabel, isFetching }: FilterDrawerProps) {
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size={isPhone ? '100%' : 'sm'}
      title={<Text fw={650}>Filters</Text>}
      closeButtonProps={{ 'aria-label': 'Close filters' }}
    >
      {children}
      <div className={classes.footer}>
        <Button fullWidth onClick={onClose} loading={isFetching}>
          {showLabel}
        </Button>
      </div>
    </Drawer>
  );
}
