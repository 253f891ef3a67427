import { Alert, Anchor, List, Text } from '@mantine/core';
import type { FormerTeamOut } from '@jobportal/shared';
import { Link } from 'react-router';
import { AlertIcon } from '../../../components/icons';
import { formatDate } from '../../../lib/format';

/**
 * For an employer whose company's owner removed them from its hiring team: what happened and what
 * they can do next, where they land (the company screen), rather than a bare form.
 */
export function FormerTeamAlert({ company }: { company: NonNullable<FormerTeamOut['company']> }) {
  return (
    <Alert color="orange" variant="light" icon={<AlertIcon />} title={`You are no longer on the hiring team of ${company.name}`}>
      <Text size="sm">
        Its owner removed you on {formatDate(company.removed_at)}. Your account stays, and what you did for {company.name} stays with your
        name. What you can do next:
      </Text>
      <List size="sm" mt={6} spacing={4}>
        <List.Item>
          Ask its owner to invite you again, then enter the e-mailed code on{' '}
          <Anchor component={Link} to="/join-team" size="sm">
            Join a hiring team
          </Anchor>
          .
        </List.Item>
        <List.Item>Or hire for a company of your own: submit its details below.</List.Item>
      </List>
    </Alert>
  );
}
