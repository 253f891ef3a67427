import { Alert, Button, Card, List, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { Link } from 'react-router';
import { AccountSummary } from '../../../components/account-summary';
import { BuildingIcon, CheckIcon } from '../../../components/icons';
import { Page } from '../../../components/page';
import { PageHeader } from '../../../components/page-header';
import { useSession } from '../../../lib/session/use-session';
import { usePageTitle } from '../../../components/use-page-title';

// What the company record holds (decisions.md, Entities: Company).
const companyFacts = [
  'Company name and logo',
  'Website, industry and company size',
  'Year founded and headquarters location',
  'Tech stack',
  'A short description of what you do',
];

export function EmployerCompanyManagementScreen() {
  usePageTitle('Company details');
  const { companyDetailsSubmitted } = useSession();
  return (
    <Page>
      <PageHeader title="Company details" description="Job seekers read these before they apply to your jobs." />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Stack gap="lg">
          {companyDetailsSubmitted ? (
            <Alert color="teal" variant="light" title="Your company details are on file">
              You can use the employer dashboard. Jobs become public once an administrator has approved your company.
              <Button component={Link} to="/dashboard/employer" variant="light" mt="md" display="block" w="fit-content">
                Go to the dashboard
              </Button>
            </Alert>
          ) : (
            <Alert color="orange" variant="light" title="Company details are needed before you post jobs">
              Your account has no company details yet. Until it does, the employer dashboard, job management and chat stay closed.
            </Alert>
          )}
          <Card>
            <Stack gap="md">
              <Stack gap={6}>
                <ThemeIcon variant="light" size="lg" radius="md">
                  <BuildingIcon />
                </ThemeIcon>
                <Title order={2} fz="lg">
                  What the company details include
                </Title>
              </Stack>
              <List
                spacing="xs"
                size="sm"
                icon={
                  <ThemeIcon size={20} radius="xl" color="teal" variant="light">
                    <CheckIcon size={12} />
                  </ThemeIcon>
                }
              >
                {companyFacts.map((fact) => (
                  <List.Item key={fact}>{fact}</List.Item>
                ))}
              </List>
              <Text size="sm" c="dimmed">
                An administrator reviews every new company. Its jobs are public once it is approved.
              </Text>
            </Stack>
          </Card>
        </Stack>
        <AccountSummary />
      </SimpleGrid>
    </Page>
  );
}
