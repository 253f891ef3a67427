import { Alert, Text } from '@mantine/core';
import type { CompanyOut } from '@jobportal/shared';
import { AlertIcon } from '../../../components/icons';
import { CheckIcon } from '../../../components/more-icons';

export const approvalExplanation =
  'An administrator reviews every new company, usually within a day. Until then you can post and edit jobs, but job seekers cannot see them. We e-mail you once it is approved.';

/** Where the employer's company stands, and what that means for its jobs. */
export function ApprovalAlert({ company }: { company: CompanyOut | null }) {
  if (!company) {
    return (
      <Alert color="orange" variant="light" icon={<AlertIcon />} title="Company details are needed before you post jobs">
        <Text size="sm">Submit them once and edit them any time. Job management, the dashboard and chat open as soon as they are in.</Text>
      </Alert>
    );
  }
  if (!company.is_approved) {
    return (
      <Alert color="orange" variant="light" icon={<AlertIcon />} title="Awaiting approval: your jobs are not public yet">
        <Text size="sm">{approvalExplanation}</Text>
      </Alert>
    );
  }
  return (
    <Alert color="teal" variant="light" icon={<CheckIcon />} title="Approved: your open jobs are public">
      <Text size="sm">Job seekers find your open jobs in search and see these details next to each of them.</Text>
    </Alert>
  );
}
