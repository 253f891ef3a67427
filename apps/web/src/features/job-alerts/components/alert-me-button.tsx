import { lazy, Suspense, useState } from 'react';
import { Button } from '@mantine/core';
import type { AlertCriteria } from '@jobportal/shared';
import { useSession } from '../../../lib/session/use-session';

const AlertMeModal = lazy(() => import('./alert-me-modal'));

/**
 * "Alert me" on the job search or a company's page: save the search as an alert (a job seeker), or get it
 * by e-mail (a visitor). `name`: the alert's proposed name, else one made from the criteria.
 */
export function AlertMeButton({ criteria, name }: { criteria: AlertCriteria; name?: string }) {
  const session = useSession();
  const [opened, setOpened] = useState(false);
  const [hasOpened, setHasOpened] = useState(false);
  // Employers and administrators have no alerts.
  if (session.role !== null && session.role !== 'jobseeker') return null;
  return (
    <>
      <Button
        variant="light"
        size="xs"
        onClick={() => {
          setHasOpened(true);
          setOpened(true);
        }}
      >
        Alert me
      </Button>
      {hasOpened && (
        <Suspense fallback={null}>
          <AlertMeModal
            opened={opened}
            onClose={() => setOpened(false)}
            criteria={criteria}
            name={name}
            isVisitor={session.role === null}
          />
        </Suspense>
      )}
    </>
  );
}
