import { Anchor, Badge, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { CompanyOut } from '@jobportal/shared';
import { CompanyLogo } from '../../../components/company-logo';
import { formatDate } from '../../../lib/format';

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <Text size="sm" fw={600}>
        {label}
      </Text>
      <Text size="sm">
        {children || (
          <Text span c="dimmed">
            Not given
          </Text>
        )}
      </Text>
    </div>
  );
}

/** The company details as a recruiter reads them: only the owner edits them. */
export function CompanySummary({ company }: { company: CompanyOut }) {
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        You are a recruiter of {company.name}. Only {company.owner?.full_name ?? 'the owner'} edits these details.
      </Text>
      <Group gap="md" wrap="nowrap">
        <CompanyLogo name={company.name} logo={company.logo} isPublic={company.is_approved} size={64} />
        <Title order={2} fz="h3">
          {company.name}
        </Title>
      </Group>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        <Fact label="Website">
          {company.website_url && (
            <Anchor href={company.website_url} target="_blank" rel="noreferrer">
              {company.website_url}
            </Anchor>
          )}
        </Fact>
        <Fact label="Industry">{company.industry}</Fact>
        <Fact label="Company size">{company.company_size && `${company.company_size} people`}</Fact>
        <Fact label="Founded">{company.founded_date && formatDate(company.founded_date)}</Fact>
        <Fact label="Headquarters">{company.headquarters_location}</Fact>
      </SimpleGrid>
      <Fact label="About the company">{company.description}</Fact>
      {company.tech_stack.length > 0 && (
        <div>
          <Text size="sm" fw={600} mb={4}>
            Tech stack
          </Text>
          <Group gap={6}>
            {company.tech_stack.map((tech) => (
              <Badge key={tech} variant="light" color="gray" tt="none">
                {tech}
              </Badge>
            ))}
          </Group>
        </div>
      )}
    </Stack>
  );
}
