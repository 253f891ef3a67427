import { useState, type CSSProperties } from 'react';
import { TextInput, type MantineStyleProp } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { SearchIcon } from './more-icons';

/**
 * The search box of a list whose search lives in the address: what is typed shows at once, and
 * the address (so the query) follows once typing pauses. `clear` empties it with the filters.
 */
export function useListSearch(search: string, apply: (text: string) => void) {
  const [value, setValue] = useState(search);
  const debounced = useDebouncedCallback((text: string) => apply(text.trim()), 300);
  return {
    value,
    onChange: (text: string) => {
      setValue(text);
      debounced(text);
    },
    clear: () => {
      debounced.cancel();
      setValue('');
    },
  };
}

export type ListSearch = ReturnType<typeof useListSearch>;

export function ListSearchBox({
  box,
  label,
  placeholder,
  flex = '1 1 220px',
  maw = 340,
}: {
  box: ListSearch;
  label: string;
  placeholder: string;
  flex?: CSSProperties['flex'];
  maw?: number;
}) {
  const style: MantineStyleProp = { flex };
  return (
    <TextInput
      aria-label={label}
      placeholder={placeholder}
      leftSection={<SearchIcon size={16} />}
      value={box.value}
      onChange={(event) => box.onChange(event.currentTarget.value)}
      style={style}
      maw={{ sm: maw }}
    />
  );
}
