import '../../../components/extra-styles';
import { useEffect, useState } from 'react';
import { Button, Card, Grid, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { notify } from '../../../lib/notify';
import type { CompanyOut } from '@jobportal/shared';
import { Link, useNavigate } from 'react-router';
import { LoadFailed } from '../../../components/load-failed';
import { Page } from '../../../components/page';
import { PageHeader } from '../../../components/page-header';
import { usePageTitle } from '../../../components/use-page-title';
import { describeError } from '../../../lib/api/api-error';
import { companiesApi, useGetOwnCompanyQuery } from '../api/companies-api';
import { companyDetailsSubmittedChanged } from '../../../lib/session/session-slice';
import { useSession } from '../../../lib/session/use-session';
import { useApiDispatch } from '../../../lib/api/api-slice';
import { useAppDispatch } from '../../../lib/store';
import { useCreateCompanyMutation, useReplaceCompanyMutation, useUploadCompanyLogoMutation } from '../api/companies-api';
import { ApprovalAlert } from '../components/approval-alert';
import { FormerTeamAlert } from '../components/former-team-alert';
import { CompanyForm } from '../components/company-form';
import { companyFormValuesOf, emptyCompanyForm, toCompanyInput, type CompanyFormValues } from '../components/company-form-values';
import { checkFile } from '../../../lib/file-rules';
import { LogoPicker } from '../components/logo-picker';
import { HiringSettings } from '../components/hiring-settings';
import { CompanySummary } from '../components/company-summary';
import { useGetFormerTeamQuery, useGetTeamQuery } from '../../teams/api/teams-api';
import { countOf } from '../../../lib/plural';

function CompanyFormSkeleton() {
  return (
    <Card aria-busy="true" aria-label="Loading your company">
      <Stack gap="md">
        <Group gap="md">
          <Skeleton height={72} width={72} radius="md" />
          <Skeleton height={30} width={140} />
        </Group>
        {Array.from({ length: 3 }, (_, index) => (
          <Group key={index} grow>
            <Skeleton height={56} />
            <Skeleton height={56} />
          </Group>
        ))}
        <Skeleton height={110} />
        <Skeleton height={56} />
      </Stack>
    </Card>
  );
}

function NextSteps({ company }: { company: CompanyOut | null }) {
  return (
    <Card>
      <Stack gap="sm">
        <Title order={2} fz="md">
          {company ? 'Your company on Hireloop' : 'What happens next'}
        </Title>
        {company ? (
          <>
            <Text size="sm" c="dimmed">
              {countOf(company.open_jobs_count, 'open job')}
              {company.is_approved ? ', public in search.' : ', not public until the company is approved.'}
            </Text>
            <Button component={Link} to="/EmployerJobManagement" variant="light">
              Manage jobs
            </Button>
          </>
        ) : (
          <Stack gap={6}>
            <Text size="sm">1. Submit the details: job management opens at once.</Text>
            <Text size="sm">2. Post your jobs. They stay private for now.</Text>
            <Text size="sm">3. An administrator approves the company, usually within a day, and your open jobs go public.</Text>
          </Stack>
        )}
      </Stack>
    </Card>
  );
}

/** The logo picked on the form: uploaded at once for a saved company, kept until it is submitted for a new one. */
function useLogoPicking(company: CompanyOut | null | undefined) {
  const [uploadLogo, { isLoading: isUploading }] = useUploadCompanyLogoMutation();
  const [pendingLogo, setPendingLogo] = useState<File | null>(null);
  const [logoError, setLogoError] = useState<string | null>(null);

  const pickLogo = async (file: File) => {
    const problem = checkFile('logo', file);
    setLogoError(problem);
    if (problem) return;
    if (!company) {
      setPendingLogo(file);
      return;
    }
    try {
      const saved = await uploadLogo({ id: company.id, file }).unwrap();
      notify(
        company.is_approved && !saved.is_approved
          ? {
              title: 'Logo saved, and back in review',
              message: 'Your jobs are not public until an administrator approves the new logo.',
              color: 'orange',
            }
          : { message: 'Logo updated.', color: 'teal' },
      );
    } catch (uploadError) {
      setLogoError(describeError(uploadError));
    }
  };
  return { uploadLogo, isUploading, pendingLogo, logoError, pickLogo };
}

/** #/EmployerCompanyManagement: the employer submits its company once, then edits it. */
export function EmployerCompanyManagementScreen() {
  usePageTitle('Company details');
  const dispatch = useAppDispatch();
  const apiDispatch = useApiDispatch();
  const navigate = useNavigate();
  const session = useSession();
  const { data: company, error, isLoading, isError, refetch } = useGetOwnCompanyQuery();
  const [createCompany] = useCreateCompanyMutation();
  const [replaceCompany] = useReplaceCompanyMutation();
  const { uploadLogo, isUploading, pendingLogo, logoError, pickLogo } = useLogoPicking(company);
  const [typedName, setTypedName] = useState<string | null>(null);
  // Only the owner edits the details; a recruiter reads them (the team says which one the viewer is).
  const { data: team } = useGetTeamQuery(company?.id ?? 0, { skip: !company });
  const isReadOnly = Boolean(company && team && !team.can_manage);
  // No company: perhaps its owner removed them from a team, which this screen then says.
  const hasNoCompany = !isLoading && !isError && !company;
  const { data: former, isError: isFormerUnknown } = useGetFormerTeamQuery(undefined, { skip: !hasNoCompany });
  // Which alert fits waits for that answer (no flash of "details are needed" before "removed").
  const isFormerPending = hasNoCompany && !former && !isFormerUnknown;

  // The session follows the company: submitted on another device, say, or removed from a team.
  useEffect(() => {
    if (company && !session.companyDetailsSubmitted) dispatch(companyDetailsSubmittedChanged(true));
    if (hasNoCompany && session.companyDetailsSubmitted) dispatch(companyDetailsSubmittedChanged(false));
  }, [company, hasNoCompany, session.companyDetailsSubmitted, dispatch]);

  const submitNew = async (values: CompanyFormValues) => {
    const created = await createCompany(toCompanyInput(values)).unwrap();
    // The screen's company at once, before the session says so: the session follows the company
    // (the effect above), and a screen still without it would take "submitted" back before the
    // refetch arrived, so the guard would send the employer back here from job management.
    await apiDispatch(companiesApi.util.upsertQueryData('getOwnCompany', undefined, created));
    // At once, so the guarded employer screens open.
    dispatch(companyDetailsSubmittedChanged(true));
    let logoProblem: string | null = null;
    if (pendingLogo) {
      try {
        await uploadLogo({ id: created.id, file: pendingLogo }).unwrap();
      } catch (uploadError) {
        logoProblem = describeError(uploadError);
      }
    }
    notify({
      title: `${created.name} is submitted`,
      message: logoProblem
        ? `The logo was not saved: ${logoProblem} Add it again under Company.`
        : 'Post your first job now. It goes public once an administrator approves the company.',
      color: logoProblem ? 'orange' : 'teal',
    });
    await navigate('/EmployerJobManagement');
  };

  const submitChanges = async (values: CompanyFormValues) => {
    if (!company) return;
    const saved = await replaceCompany({ id: company.id, body: toCompanyInput(values) }).unwrap();
    if (company.is_approved && !saved.is_approved) {
      notify({
        title: 'Saved, and back in review',
        message:
          'A new name or website goes to an administrator again. Your jobs are not public until it is approved, usually within a day.',
        color: 'orange',
        autoClose: 10_000,
      });
    } else {
      notify({ message: 'Company details saved.', color: 'teal' });
    }
  };

  const name = typedName ?? company?.name ?? '';

  return (
    <Page>
      <PageHeader title="Company details" description="Job seekers read these next to every job you post." />
      {isLoading ? (
        <CompanyFormSkeleton />
      ) : isError ? (
        <LoadFailed title="Your company could not be loaded" error={error} onRetry={() => void refetch()} />
      ) : (
        <Stack gap="lg">
          {isFormerPending ? null : !company && former?.company ? (
            <FormerTeamAlert company={former.company} />
          ) : (
            <ApprovalAlert company={company ?? null} />
          )}
          <Grid gap="lg">
            <Grid.Col span={{ base: 12, md: 8 }}>
              <Card>
                {company?.is_approved && !isReadOnly && (
                  <Text size="sm" c="dimmed" mb="md">
                    Changing the name, website or logo sends the company back to an administrator for review; until it is approved again,
                    your jobs are not public. Other details change at once.
                  </Text>
                )}
                {isReadOnly && company ? (
                  <CompanySummary company={company} />
                ) : (
                  <CompanyForm
                    key={company?.id ?? 'new'}
                    initialValues={company ? companyFormValuesOf(company) : emptyCompanyForm}
                    submitLabel={company ? 'Save changes' : 'Submit company'}
                    onSubmit={company ? submitChanges : submitNew}
                    onNameChange={setTypedName}
                    logo={
                      <LogoPicker
                        companyName={name}
                        logo={company?.logo ?? null}
                        isPublic={company?.is_approved ?? false}
                        pendingFile={pendingLogo}
                        onPick={(file) => void pickLogo(file)}
                        isUploading={isUploading}
                        error={logoError}
                      />
                    }
                  />
                )}
              </Card>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 4 }}>
              <NextSteps company={company ?? null} />
            </Grid.Col>
          </Grid>
          {company && <HiringSettings companyId={company.id} />}
        </Stack>
      )}
    </Page>
  );
}
