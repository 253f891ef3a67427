import { useState } from 'react';
import { ActionIcon, Button, Card, Group, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { EmptyState } from '../../../components/empty-state';
import { notify } from '../../../lib/notify';
import type { TaxonomyItem } from '@jobportal/shared';
import { ConfirmModal } from '../../../components/confirm-modal';
import { LoadFailed } from '../../../components/load-failed';
import { PencilIcon, PlusIcon, SearchIcon, TagIcon, TrashIcon } from '../../../components/more-icons';
import { describeError, fieldError } from '../../../lib/api/api-error';
import {
  useCreateTaxonomyItemMutation,
  useDeleteTaxonomyItemMutation,
  useListTaxonomyQuery,
  useRenameTaxonomyItemMutation,
  type TaxonomyKind,
} from '../api/taxonomy-api';
import classes from './taxonomy-panel.module.css';

// The shared taxonomyInput rule, without zod in this chunk.
function checkName(name: string): string | null {
  const trimmed = name.trim();
  if (trimmed.length < 2) return 'Use at least 2 characters.';
  if (trimmed.length > 60) return 'Use at most 60 characters.';
  return null;
}

/** The server's words for a failed name: the field's message, or the whole sentence. */
const nameError = (error: unknown) => fieldError(error, 'name') ?? describeError(error);

const jobsText = (count: number) => (count === 0 ? 'Not used' : count === 1 ? '1 job' : `${count} jobs`);

function AddForm({ kind, noun }: { kind: TaxonomyKind; noun: string }) {
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [create, { isLoading }] = useCreateTaxonomyItemMutation();
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const problem = checkName(name);
        setError(problem);
        if (problem) return;
        create({ kind, name: name.trim() })
          .unwrap()
          .then((item) => {
            setName('');
            notify({ message: `“${item.name}” added.`, color: 'teal' });
          })
          .catch((failure: unknown) => setError(nameError(failure)));
      }}
    >
      <Group gap="xs" align="flex-start" wrap="nowrap">
        <TextInput
          label={`New ${noun}`}
          placeholder={kind === 'skill' ? 'e.g. Kubernetes' : 'e.g. Customer Success'}
          value={name}
          onChange={(event) => {
            setName(event.currentTarget.value);
            setError(null);
          }}
          error={error}
          maxLength={60}
          style={{ flex: 1 }}
        />
        <Button type="submit" loading={isLoading} leftSection={<PlusIcon size={16} />} mt={24}>
          Add
        </Button>
      </Group>
    </form>
  );
}

function RenameRow({ kind, item, onDone }: { kind: TaxonomyKind; item: TaxonomyItem; onDone: () => void }) {
  const [name, setName] = useState(item.name);
  const [error, setError] = useState<string | null>(null);
  const [rename, { isLoading }] = useRenameTaxonomyItemMutation();
  const save = () => {
    const problem = checkName(name);
    setError(problem);
    if (problem) return;
    if (name.trim() === item.name) {
      onDone();
      return;
    }
    rename({ kind, id: item.id, name: name.trim() })
      .unwrap()
      .then((renamed) => {
        notify({ message: `Renamed to “${renamed.name}”.`, color: 'teal' });
        onDone();
      })
      .catch((failure: unknown) => setError(nameError(failure)));
  };
  return (
    <form
      noValidate
      className={classes.renameForm}
      onSubmit={(event) => {
        event.preventDefault();
        save();
      }}
    >
      <TextInput
        aria-label={`New name for ${item.name}`}
        value={name}
        onChange={(event) => {
          setName(event.currentTarget.value);
          setError(null);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Escape') onDone();
        }}
        error={error}
        size="xs"
        maxLength={60}
        // The person just asked to rename this row: the box takes the focus.
        autoFocus
        style={{ flex: 1 }}
      />
      <Button type="submit" size="xs" loading={isLoading}>
        Save
      </Button>
      <Button variant="default" size="xs" onClick={onDone} disabled={isLoading}>
        Cancel
      </Button>
    </form>
  );
}

interface TaxonomyPanelProps {
  kind: TaxonomyKind;
  title: string;
  /** "category" or "skill", in sentences. */
  noun: string;
}

/** One admin-kept list (job categories or skills): add, rename in place, delete what no job uses. */
export function TaxonomyPanel({ kind, title, noun }: TaxonomyPanelProps) {
  const { data: items, error, isLoading, isError, refetch } = useListTaxonomyQuery({ kind });
  const [filter, setFilter] = useState('');
  const [renamingId, setRenamingId] = useState<number | null>(null);
  const [toDelete, setToDelete] = useState<TaxonomyItem | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const [remove, { isLoading: isDeleting }] = useDeleteTaxonomyItemMutation();
  const headingId = `${kind}-heading`;

  const shown = (items ?? []).filter((item) => item.name.toLowerCase().includes(filter.trim().toLowerCase()));

  const confirmDelete = () => {
    if (!toDelete) return;
    setDeleteError(null);
    remove({ kind, id: toDelete.id })
      .unwrap()
      .then(() => {
        notify({ message: `“${toDelete.name}” deleted.`, color: 'teal' });
        setToDelete(null);
      })
      // A 409 says how many jobs use it: shown as the server words it.
      .catch((failure: unknown) => setDeleteError(describeError(failure)));
  };

  return (
    <Card component="section" aria-labelledby={headingId} p={0}>
      <Stack gap="md" p="md">
        <Group justify="space-between" align="baseline">
          <Title order={2} fz="lg" id={headingId}>
            {title}
          </Title>
          {items && (
            <Text size="sm" c="dimmed">
              {items.length}
            </Text>
          )}
        </Group>
        <AddForm kind={kind} noun={noun} />
        {items && items.length > 8 && (
          <TextInput
            aria-label={`Filter ${title.toLowerCase()}`}
            placeholder={`Filter ${title.toLowerCase()}`}
            leftSection={<SearchIcon size={16} />}
            value={filter}
            onChange={(event) => setFilter(event.currentTarget.value)}
            size="sm"
          />
        )}
      </Stack>
      {isLoading ? (
        <Stack gap={0} aria-busy="true" aria-label={`Loading ${title.toLowerCase()}`}>
          {Array.from({ length: 6 }, (_, index) => (
            <Group key={index} justify="space-between" px="md" py="sm" className={classes.row}>
              <Skeleton height={12} width="45%" />
              <Skeleton height={10} width={50} />
            </Group>
          ))}
        </Stack>
      ) : isError ? (
        <LoadFailed m="md" title={`The ${title.toLowerCase()} could not be loaded`} error={error} onRetry={() => void refetch()} />
      ) : shown.length === 0 ? (
        <EmptyState
          place="compact"
          size="sm"
          icon={<TagIcon size={20} />}
          title={filter ? `No ${title.toLowerCase()} match` : `No ${title.toLowerCase()} yet`}
          description={filter ? 'Try another part of the name.' : `Add the first ${noun} above. Employers pick from this list.`}
        />
      ) : (
        <ul className={classes.list}>
          {shown.map((item) => (
            <li key={item.id} className={classes.row}>
              {renamingId === item.id ? (
                <RenameRow kind={kind} item={item} onDone={() => setRenamingId(null)} />
              ) : (
                <>
                  <div className={classes.name}>
                    <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                      {item.name}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {jobsText(item.job_count)}
                    </Text>
                  </div>
                  <Group gap={4} wrap="nowrap">
                    <ActionIcon variant="subtle" color="gray" aria-label={`Rename ${item.name}`} onClick={() => setRenamingId(item.id)}>
                      <PencilIcon size={16} />
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={`Delete ${item.name}`}
                      onClick={() => {
                        setDeleteError(null);
                        setToDelete(item);
                      }}
                    >
                      <TrashIcon size={16} />
                    </ActionIcon>
                  </Group>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      <ConfirmModal
        opened={toDelete !== null}
        title={toDelete ? `Delete the ${noun} “${toDelete.name}”?` : `Delete the ${noun}?`}
        confirmLabel={`Delete ${noun}`}
        onConfirm={confirmDelete}
        onClose={() => setToDelete(null)}
        isWorking={isDeleting}
        error={deleteError}
      >
        <Text size="sm">
          {toDelete && toDelete.job_count > 0
            ? `${jobsText(toDelete.job_count)} ${toDelete.job_count === 1 ? 'uses' : 'use'} it. A ${noun} in use cannot be deleted: rename it instead, or remove it from those jobs first.`
            : `Employers can no longer pick it. This cannot be undone.`}
        </Text>
      </ConfirmModal>
    </Card>
  );
}
