import { Anchor, Badge, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { CompanyOut } from '@jobportal/shared';
import { useParams } from 'react-router';
import { CompanyLogo } from '../../../components/company-logo';
import { EmptyState } from '../../../components/empty-state';
import { LoadFailed } from '../../../components/load-failed';
import { BuildingIcon, GlobeIcon, SearchIcon } from '../../../components/more-icons';
import { Page } from '../../../components/page';
import { usePageTitle } from '../../../components/use-page-title';
import { isApiError } from '../../../lib/api/api-error';
import { useFeatureParts } from '../../../lib/feature-parts';
import { jobAlertNameMax, responseTimeLabel } from '@jobportal/shared/vocabulary';
import { useGetCompanyQuery } from '../api/companies-api';

function parseId(raw: string | undefined): number | null {
  if (!raw || !/^[1-9]\d{0,9}$/.test(raw)) return null;
  const id = Number(raw);
  return id <= 2_147_483_647 ? id : null;
}

/** Industry, headquarters, size and founding year: those the company gave. */
export function companyFactsOf(company: CompanyOut): string[] {
  return [
    company.industry,
    company.headquarters_location,
    company.company_size ? `${company.company_size} people` : null,
    company.founded_date ? `Founded ${company.founded_date.slice(0, 4)}` : null,
  ].filter((fact): fact is string => Boolean(fact));
}

function CompanyCard({ company }: { company: CompanyOut }) {
  const facts = companyFactsOf(company);
  return (
    <Card>
      <Stack gap="md">
        <Group gap="md" wrap="nowrap" align="flex-start">
          <CompanyLogo name={company.name} logo={company.logo} size={72} />
          <Stack gap={4} style={{ minWidth: 0 }}>
            <Title order={1} fz={{ base: 22, sm: 28 }} style={{ overflowWrap: 'anywhere' }}>
              {company.name}
            </Title>
            {facts.length > 0 && <Text c="dimmed">{facts.join(' · ')}</Text>}
            {company.response_time && <Text size="sm">{responseTimeLabel(company.response_time.median_hours)}</Text>}
            {company.website_url && (
              <Anchor href={company.website_url} target="_blank" rel="noopener noreferrer nofollow" size="sm">
                <GlobeIcon size={16} /> {company.website_url.replace(/^https?:\/\//, '').replace(/\/$/, '')}
              </Anchor>
            )}
          </Stack>
        </Group>
        {company.description.trim() && (
          <Stack gap="xs">
            <Title order={2} fz="lg">
              About {company.name}
            </Title>
            <Text style={{ whiteSpace: 'pre-line' }}>{company.description.trim()}</Text>
          </Stack>
        )}
        {company.tech_stack.length > 0 && (
          <Group gap={6} component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Technologies">
            {company.tech_stack.map((tech) => (
              <li key={tech}>
                <Badge variant="light" tt="none" fw={500}>
                  {tech}
                </Badge>
              </li>
            ))}
          </Group>
        )}
      </Stack>
    </Card>
  );
}

function NoSuchCompany() {
  return (
    <Page size="md">
      <EmptyState
        place="page"
        icon={<BuildingIcon size={28} />}
        title="This company has no page here"
        description="It may have been removed, or the address is mistyped."
        link={{ to: '/', label: 'Search jobs', icon: <SearchIcon size={16} /> }}
      />
    </Page>
  );
}

/** `#/company/{companyId}` (anyone; also served at /companies/{id}): an approved company and its open jobs. */
export function CompanyScreen() {
  const companyId = parseId(useParams().companyId);
  const { CompanyJobs, AlertMeButton } = useFeatureParts();
  const { data: company, error, isLoading, isError, refetch } = useGetCompanyQuery(companyId ?? 0, { skip: companyId === null });
  const isGone = companyId === null || (isError && isApiError(error) && error.status === 404);
  usePageTitle(isGone ? 'Company not found' : (company?.name ?? 'Company'));
  if (isGone) return <NoSuchCompany />;
  return (
    <Page>
      {isLoading ? (
        <Card aria-busy="true" aria-label="Loading the company">
          <Group gap="md" wrap="nowrap">
            <Skeleton height={72} width={72} radius="md" />
            <Stack gap={10} style={{ flex: 1 }}>
              <Skeleton height={24} width="50%" />
              <Skeleton height={14} width="35%" />
            </Stack>
          </Group>
        </Card>
      ) : isError || !company ? (
        <LoadFailed title="The company could not be loaded" error={error} onRetry={() => void refetch()} />
      ) : (
        <Stack gap="xl">
          <CompanyCard company={company} />
          {/* New jobs at this company, as they are posted (job seekers and visitors; nothing for others). */}
          <Group justify="flex-end">
            <AlertMeButton criteria={{ company: String(company.id) }} name={`Jobs at ${company.name}`.slice(0, jobAlertNameMax)} />
          </Group>
          <CompanyJobs companyId={company.id} companyName={company.name} />
        </Stack>
      )}
    </Page>
  );
}
