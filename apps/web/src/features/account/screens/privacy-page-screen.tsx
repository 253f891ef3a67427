import { Anchor, List, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { retention } from '@jobportal/shared/vocabulary';
import { Page } from '../../../components/page';
import { PageHeader } from '../../../components/page-header';
import { usePageTitle } from '../../../components/use-page-title';

const rows: Array<[string, string, string]> = [
  [
    'A copy of your data (the zip)',
    `${retention.exportHours} hours after it is ready`,
    'A copy of everything is the most sensitive file we hold.',
  ],
  [
    'What a deleted job seeker leaves: applications, interviews, feedback, conversations (shown as "Former member")',
    `${retention.deletedAccountDays} days after the deletion, then all of it`,
    'Companies may need their hiring record to finish a process or answer a claim.',
  ],
  [
    'Applications with no change',
    `${retention.applicationMonths} months, then deleted with their interviews, feedback and resume`,
    'The usual limit for candidate records.',
  ],
  ['Sign-in history (ended sessions)', `${retention.endedSessionDays} days after they ended`, 'Enough to look into a suspicious sign-in.'],
  ['The audit log', 'Always', 'An append-only record of who changed what; a deletion is logged without your e-mail or name.'],
];

/** What the portal keeps, for how long, and what people can do about it (docs/decisions/017-privacy.md). */
export function PrivacyPageScreen() {
  usePageTitle('Privacy');
  return (
    <Page size="md">
      <PageHeader title="Privacy" description="What Hireloop keeps about you, for how long, and how to get it or remove it." />
      <Stack gap="lg">
        <Stack gap="xs">
          <Title order={2} fz="lg">
            Your rights, self-service
          </Title>
          <List spacing="xs">
            <List.Item>
              <Text span fw={500}>
                Download your data:
              </Text>{' '}
              one zip with everything we hold about you (profile, applications, messages, interviews, the feedback shown about you,
              notifications, sign-ins, your files) and a README. It is ready in a few seconds to minutes; we notify you and e-mail you, and
              only you can download it, for {retention.exportHours} hours.
            </List.Item>
            <List.Item>
              <Text span fw={500}>
                Delete your account:
              </Text>{' '}
              your profile, files, saved jobs, job wishes and notifications go at once and you are signed out everywhere. Messages stay with
              the other side, from &quot;Former member&quot;; interview records and feedback stay with the company, without your name. Your
              e-mail address is free to sign up again.
            </List.Item>
          </List>
          <Text size="sm">
            Both are under{' '}
            <Anchor component={Link} to="/account/privacy">
              Privacy and data
            </Anchor>{' '}
            in your account menu once you are signed in.
          </Text>
        </Stack>
        <Stack gap="xs">
          <Title order={2} fz="lg">
            How long we keep data
          </Title>
          <Table.ScrollContainer minWidth={560}>
            <Table verticalSpacing="sm" striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>What</Table.Th>
                  <Table.Th>Kept</Table.Th>
                  <Table.Th>Why</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map(([what, kept, why]) => (
                  <Table.Tr key={what}>
                    <Table.Td>{what}</Table.Td>
                    <Table.Td>{kept}</Table.Td>
                    <Table.Td>{why}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Text size="sm" c="dimmed">
            A daily job applies these limits.
          </Text>
        </Stack>
      </Stack>
    </Page>
  );
}
