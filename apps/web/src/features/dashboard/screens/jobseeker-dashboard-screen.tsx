import { SimpleGrid } from '@mantine/core';
import { AccountActions } from '../../../components/account-actions';
import { AccountSummary } from '../../../components/account-summary';
import { Page } from '../../../components/page';
import { PageHeader } from '../../../components/page-header';
import { firstNameOf, greetingFor } from '../../../lib/greeting';
import { useSession } from '../../../lib/session/use-session';
import { usePageTitle } from '../../../components/use-page-title';

export function JobseekerDashboardScreen() {
  usePageTitle('Dashboard');
  const session = useSession();
  const firstName = firstNameOf(session.full_name ?? session.user?.full_name);
  return (
    <Page>
      <PageHeader title={firstName ? `${greetingFor()}, ${firstName}` : greetingFor()} description="Your job seeker home on Hireloop." />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        <AccountSummary />
        <AccountActions />
      </SimpleGrid>
    </Page>
  );
}
