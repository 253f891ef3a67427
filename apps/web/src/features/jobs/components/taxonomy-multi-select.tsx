import { useMemo, useRef, useState } from 'react';
import { MultiSelect } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useListTaxonomyQuery, type TaxonomyKind } from '../../taxonomy/api/taxonomy-api';

interface TaxonomyMultiSelectProps {
  kind: TaxonomyKind;
  label: string;
  description?: string;
  placeholder?: string;
  value: number[];
  onChange: (value: number[]) => void;
  error?: React.ReactNode;
  maxValues: number;
  /** Names of the ids already picked (from the job being edited), before any search answers. */
  known: { id: number; name: string }[];
}

/** Picks categories or skills from the admin-kept lists, asking the server as the name is typed. */
export function TaxonomyMultiSelect({
  kind,
  label,
  description,
  placeholder,
  value,
  onChange,
  error,
  maxValues,
  known,
}: TaxonomyMultiSelectProps) {
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), 250);
  const { data: found = [], isFetching, isError } = useListTaxonomyQuery({ kind, search: debouncedSearch || undefined, limit: 30 });

  // Every name seen so far, so picked items keep their labels when a new search no longer lists them.
  const names = useRef(new Map<number, string>());
  for (const item of known) names.current.set(item.id, item.name);
  for (const item of found) names.current.set(item.id, item.name);

  const data = useMemo(() => {
    const ids = new Set([...value, ...found.map((item) => item.id)]);
    return [...ids]
      .filter((id) => names.current.has(id))
      .map((id) => ({ value: id, label: names.current.get(id) ?? String(id) }))
      .sort((a, b) => a.label.localeCompare(b.label));
  }, [value, found]);

  return (
    <MultiSelect<number>
      label={label}
      description={description}
      placeholder={value.length >= maxValues ? undefined : placeholder}
      data={data}
      value={value}
      onChange={onChange}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      maxValues={maxValues}
      hidePickedOptions
      clearable
      error={error}
      nothingFoundMessage={
        isError
          ? 'The list could not be loaded. Try again.'
          : isFetching
            ? 'Searching…'
            : 'Nothing by that name. An administrator adds new ones.'
      }
      comboboxProps={{ withinPortal: true }}
    />
  );
}
