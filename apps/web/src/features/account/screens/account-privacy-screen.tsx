import { useEffect, useRef, useState } from 'react';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  List,
  PasswordInput,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { Link, useLocation, useNavigate } from 'react-router';
import type { DataExportOut } from '@jobportal/shared';
import { dataExportStatusLabels, retention } from '@jobportal/shared/vocabulary';
import { DownloadIcon, TrashIcon } from '../../../components/more-icons';
import { Page } from '../../../components/page';
import { PageHeader } from '../../../components/page-header';
import { usePageTitle } from '../../../components/use-page-title';
import { describeError, fieldError } from '../../../lib/api/api-error';
import { saveBlobUrl, useFetchProtectedFileMutation } from '../../../lib/api/file-download';
import { notify } from '../../../lib/notify';
import { signedOut } from '../../../lib/session/session-slice';
import { useSession } from '../../../lib/session/use-session';
import { useAppDispatch } from '../../../lib/store';
import { useGetOwnCompanyQuery } from '../../companies/api/companies-api';
import { useGetTeamQuery } from '../../teams/api/teams-api';
import {
  useDeleteAccountMutation,
  useGetDataExportsQuery,
  useRequestDataExportMutation,
  useSendDeletionCodeMutation,
} from '../api/account-api';

const statusColors: Record<DataExportOut['status'], string> = {
  pending: 'blue',
  building: 'blue',
  ready: 'green',
  failed: 'red',
  expired: 'gray',
};
const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(bytes < 1024 * 1024 ? 2 : 1)} MB`;

function DownloadMyData() {
  const [isMaking, setMaking] = useState(false);
  const { data, isLoading } = useGetDataExportsQuery(undefined, { pollingInterval: isMaking ? 2000 : 0 });
  const [requestExport, { isLoading: isRequesting }] = useRequestDataExportMutation();
  const [fetchFile, { isLoading: isDownloading }] = useFetchProtectedFileMutation();
  const exports = data?.results ?? [];
  const inProgress = exports.some((e) => e.status === 'pending' || e.status === 'building');
  useEffect(() => setMaking(inProgress), [inProgress]);

  const start = async () => {
    try {
      await requestExport().unwrap();
      notify({ message: 'We are making your copy. We will tell you when it is ready.' });
    } catch (error) {
      notify({ color: 'red', message: describeError(error) });
    }
  };
  const download = async (item: DataExportOut) => {
    try {
      saveBlobUrl(await fetchFile(item.download_url!).unwrap(), `hireloop-data-${item.ready_at!.slice(0, 10)}.zip`);
    } catch (error) {
      notify({ color: 'red', message: `The zip could not be downloaded. ${describeError(error)}` });
    }
  };

  return (
    <Card withBorder radius="md" p="lg">
      <Stack gap="sm">
        <Title order={2} fz="lg">
          Download my data
        </Title>
        <Text size="sm">
          One zip with everything Hireloop holds about you: your account and profile, applications with their history, saved jobs, job
          wishes, messages, interviews, the feedback shown about you, notifications, sign-ins and your files, with a README that explains
          each file. Only you can download it, for {retention.exportHours} hours.
        </Text>
        <Group>
          <Button leftSection={<DownloadIcon size={16} />} onClick={() => void start()} loading={isRequesting} disabled={inProgress}>
            {inProgress ? 'Making your copy…' : 'Make a copy of my data'}
          </Button>
        </Group>
        {!isLoading && exports.length > 0 && (
          <Stack gap="xs" aria-label="Your copies">
            {exports.map((item) => {
              const [label, color] = [dataExportStatusLabels[item.status], statusColors[item.status]];
              return (
                <Group key={item.id} justify="space-between" wrap="wrap" gap="xs">
                  <Group gap="xs">
                    <Badge color={color} variant="light">
                      {label}
                    </Badge>
                    <Text size="sm">Asked {when(item.created_at)}</Text>
                    {item.status === 'ready' && item.expires_at && (
                      <Text size="sm" c="dimmed">
                        {item.size_bytes !== null && `${megabytes(item.size_bytes)} · `}until {when(item.expires_at)}
                      </Text>
                    )}
                  </Group>
                  {item.download_url && (
                    <Button size="xs" variant="default" onClick={() => void download(item)} loading={isDownloading}>
                      Download zip
                    </Button>
                  )}
                </Group>
              );
            })}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}

/** An owner's recruiters, to name the new owner (only asked when the server says the company has a team). */
function NewOwnerPicker({ value, onChange, error }: { value: string | null; onChange: (v: string | null) => void; error?: string }) {
  const { data: company } = useGetOwnCompanyQuery();
  const { data: team } = useGetTeamQuery(company?.id ?? 0, { skip: !company });
  const recruiters = (team?.members ?? []).filter((m) => m.role === 'recruiter');
  return (
    <Select
      label="New owner of your company"
      description="One of your recruiters takes over the company, its jobs and its team."
      data={recruiters.map((m) => ({ value: String(m.id), label: `${m.full_name} (${m.email})` }))}
      value={value}
      onChange={onChange}
      error={error}
    />
  );
}

function DeleteAccount() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const session = useSession();
  const location = useLocation();
  const card = useRef<HTMLDivElement>(null);
  const [useCode, setUseCode] = useState(false);
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [deleteCompany, setDeleteCompany] = useState(false);
  const [newOwner, setNewOwner] = useState<string | null>(null);
  const [sendCode, { isLoading: isSending, data: codeSent }] = useSendDeletionCodeMutation();
  const [deleteAccount, { isLoading: isDeleting, error }] = useDeleteAccountMutation();
  const needsOwner = fieldError(error, 'new_owner_id') !== undefined || newOwner !== null;
  const needsCompanyChoice = fieldError(error, 'delete_company') !== undefined || deleteCompany;

  useEffect(() => {
    if ((location.state as { section?: string } | null)?.section === 'delete') card.current?.scrollIntoView({ block: 'start' });
  }, [location.state]);

  const submit = async () => {
    try {
      await deleteAccount({
        ...(useCode ? { otp: code } : { password }),
        ...(deleteCompany ? { delete_company: true } : {}),
        ...(newOwner ? { new_owner_id: Number(newOwner) } : {}),
      }).unwrap();
      dispatch(signedOut());
      notify({ message: 'Your account is deleted. Thank you for using Hireloop.', color: 'gray' });
      await navigate('/');
    } catch {
      // Shown beside the fields below.
    }
  };
  const general = error && !fieldError(error, 'password') && !fieldError(error, 'otp') ? describeError(error) : undefined;

  return (
    <Card withBorder radius="md" p="lg" ref={card} id="delete-account">
      <Stack gap="sm">
        <Title order={2} fz="lg" c="red.8">
          Delete my account
        </Title>
        <Text size="sm" fw={500}>
          What goes, at once:
        </Text>
        <List size="sm" spacing={4}>
          <List.Item>your profile, photo and resumes, and every file you uploaded;</List.Item>
          <List.Item>your saved jobs, job wishes and notifications;</List.Item>
          <List.Item>your sign-ins: you are signed out on every device.</List.Item>
        </List>
        <Text size="sm" fw={500}>
          What stays, and why:
        </Text>
        <List size="sm" spacing={4}>
          <List.Item>messages stay with the other side of each conversation, shown as from &quot;Former member&quot;;</List.Item>
          <List.Item>interview records and feedback stay with the company, which may need them, without your name;</List.Item>
          <List.Item>the audit log keeps that an account was deleted, without your e-mail or name.</List.Item>
        </List>
        <Text size="sm" c="dimmed">
          See{' '}
          <Anchor component={Link} to="/privacy">
            how long we keep data
          </Anchor>
          . You can sign up again with the same e-mail later, as a new member. Download your data first if you want a copy.
        </Text>
        {session.role === 'employer' && (
          <Text size="sm" c="dimmed">
            If you own a company: with recruiters, you name one of them the new owner; alone, the company is deleted with your account, its
            jobs closed and its applicants told.
          </Text>
        )}
        {useCode ? (
          <TextInput
            label="Code from the e-mail"
            inputMode="numeric"
            autoComplete="one-time-code"
            value={code}
            onChange={(e) => setCode(e.currentTarget.value)}
            error={fieldError(error, 'otp')}
            description={codeSent ? codeSent.detail : undefined}
          />
        ) : (
          <PasswordInput
            label="Your password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            error={fieldError(error, 'password')}
          />
        )}
        <Group gap="xs">
          {useCode ? (
            <Anchor component="button" type="button" size="sm" onClick={() => setUseCode(false)}>
              Use my password instead
            </Anchor>
          ) : (
            <Anchor
              component="button"
              type="button"
              size="sm"
              onClick={() => {
                setUseCode(true);
                void sendCode()
                  .unwrap()
                  .catch((e: unknown) => notify({ color: 'red', message: describeError(e) }));
              }}
            >
              {isSending ? 'Sending a code…' : 'E-mail me a code instead'}
            </Anchor>
          )}
        </Group>
        {needsOwner && <NewOwnerPicker value={newOwner} onChange={setNewOwner} error={fieldError(error, 'new_owner_id')} />}
        {needsCompanyChoice && (
          <Checkbox
            label="Delete my company with my account (its jobs close and its applicants are told)"
            checked={deleteCompany}
            onChange={(e) => setDeleteCompany(e.currentTarget.checked)}
          />
        )}
        {general && (
          <Alert color="red" variant="light">
            {general}
          </Alert>
        )}
        <Group>
          <Button
            color="red"
            leftSection={<TrashIcon size={16} />}
            onClick={() => void submit()}
            loading={isDeleting}
            disabled={useCode ? code.trim().length === 0 : password.length === 0}
          >
            Delete my account
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** Privacy and data: a copy of everything, and deleting the account (docs/decisions/017-privacy.md). */
export function AccountPrivacyScreen() {
  usePageTitle('Privacy and data');
  return (
    <Page size="md">
      <PageHeader title="Privacy and data" description="Get a copy of your data, or delete your account." />
      <Stack gap="lg">
        <DownloadMyData />
        <DeleteAccount />
      </Stack>
    </Page>
  );
}
