import { useId, useState } from 'react';
import { Button, TextInput } from '@mantine/core';
import { MapPinIcon, SearchIcon } from '../../../components/more-icons';
import classes from './search-bar.module.css';

interface SearchBarProps {
  search: string;
  location: string;
  /** Places the current results come from, for suggestions. */
  locations: string[];
  onSubmit: (values: { search: string; location: string }) => void;
}

/** "What" and "where", as on every job site. Searches on Enter or the button, not on each key. */
export function SearchBar({ search, location, locations, onSubmit }: SearchBarProps) {
  const [what, setWhat] = useState(search);
  const [where, setWhere] = useState(location);
  const suggestionsId = useId();
  return (
    <form
      role="search"
      aria-label="Search jobs"
      className={classes.bar}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit({ search: what.trim(), location: where.trim() });
      }}
    >
      <TextInput
        className={classes.what}
        aria-label="Job title, skill or company"
        placeholder="Job title, skill or company"
        leftSection={<SearchIcon size={18} />}
        value={what}
        onChange={(event) => setWhat(event.currentTarget.value)}
        size="md"
        type="search"
        enterKeyHint="search"
        maxLength={200}
      />
      {/* The browser's own suggestion list (a datalist): the home page is the front door, and a
          Mantine Autocomplete brings its dropdown machinery (~20 KB gzipped) to every first visit. */}
      <TextInput
        className={classes.where}
        aria-label="Location"
        placeholder="City or country"
        leftSection={<MapPinIcon size={18} />}
        list={suggestionsId}
        autoComplete="off"
        value={where}
        onChange={(event) => setWhere(event.currentTarget.value)}
        size="md"
        maxLength={120}
      />
      <datalist id={suggestionsId}>
        {locations.map((place) => (
          <option key={place} value={place} />
        ))}
      </datalist>
      <Button type="submit" size="md" className={classes.submit}>
        Search
      </Button>
    </form>
  );
}
