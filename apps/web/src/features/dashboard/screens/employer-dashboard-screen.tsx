import { Button, Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { Link } from 'react-router';
import { AccountActions } from '../../../components/account-actions';
import { AccountSummary } from '../../../components/account-summary';
import { BuildingIcon } from '../../../components/icons';
import { Page } from '../../../components/page';
import { PageHeader } from '../../../components/page-header';
import { firstNameOf, greetingFor } from '../../../lib/greeting';
import { useSession } from '../../../lib/session/use-session';
import { usePageTitle } from '../../../components/use-page-title';

export function EmployerDashboardScreen() {
  usePageTitle('Dashboard');
  const session = useSession();
  const firstName = firstNameOf(session.full_name ?? session.user?.full_name);
  return (
    <Page>
      <PageHeader title={firstName ? `${greetingFor()}, ${firstName}` : greetingFor()} description="Your employer home on Hireloop." />
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
        <AccountSummary />
        <Card>
          <Stack gap="md" h="100%">
            <Group gap="sm" wrap="nowrap">
              <ThemeIcon variant="light" size="lg" radius="md">
                <BuildingIcon />
              </ThemeIcon>
              <Title order={2} fz="lg">
                Your company
              </Title>
            </Group>
            <Text size="sm" c="dimmed" style={{ flex: 1 }}>
              Your company details are on file. Job seekers see them next to every job you post, once an administrator has approved the
              company.
            </Text>
            <Button component={Link} to="/EmployerCompanyManagement" variant="default">
              Company details
            </Button>
          </Stack>
        </Card>
        <AccountActions />
      </SimpleGrid>
    </Page>
  );
}
