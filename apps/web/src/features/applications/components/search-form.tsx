import { useState, type FormEvent } from 'react';
import { Button, Group, TextInput } from '@mantine/core';
import { SearchIcon } from '../../../components/more-icons';
import type { ListParamChanges } from '../../../lib/list-params';

/**
 * The typed words of an application list's search, sent on submit (`?search=`), and the way back
 * to the whole list (no status, no words).
 */
export function useSearchForm(search: string, update: (changes: ListParamChanges) => void) {
  const [typed, setTyped] = useState(search);
  return {
    typed,
    setTyped,
    submit: (event: FormEvent) => {
      event.preventDefault();
      update({ search: typed.trim() || null });
    },
    showAll: () => {
      setTyped('');
      update({ status: null, search: null });
    },
  };
}

/** The search box of an application list, with its button. */
export function SearchForm({ form, label, placeholder }: { form: ReturnType<typeof useSearchForm>; label: string; placeholder: string }) {
  return (
    <form onSubmit={form.submit} role="search">
      <Group gap="xs" wrap="nowrap">
        <TextInput
          aria-label={label}
          placeholder={placeholder}
          leftSection={<SearchIcon size={16} />}
          value={form.typed}
          onChange={(e) => form.setTyped(e.currentTarget.value)}
          style={{ flex: 1 }}
        />
        <Button type="submit" variant="default">
          Search
        </Button>
      </Group>
    </form>
  );
}
