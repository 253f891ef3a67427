import { useState, type ReactNode } from 'react';
import { Button, Checkbox, Group, NativeSelect, Radio, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import type { FacetValue, JobFacets } from '@jobportal/shared';
import { commonCurrencies, isEmploymentType, isExperienceLevel, isPostedWithin } from '@jobportal/shared/vocabulary';
import { currencySign } from '../../../lib/money';
import { changeSearch, payCurrency, type SearchState } from '../search-state';
import classes from './filter-panel.module.css';
import { countOf } from '../../../lib/plural';

function FilterGroup({ title, children, id }: { title: string; children: ReactNode; id: string }) {
  return (
    <fieldset className={classes.group} aria-labelledby={id}>
      <Text component="legend" id={id} fw={600} size="sm" className={classes.legend}>
        {title}
      </Text>
      {children}
    </fieldset>
  );
}

function OptionLabel({ label, count }: { label: string; count: number }) {
  return (
    <span className={classes.option}>
      <span>{label}</span>
      <span className={classes.count} aria-label={countOf(count, 'job')}>
        {count.toLocaleString()}
      </span>
    </span>
  );
}

/** Checkboxes with a count each; long lists show the first few and a "Show all". */
function FacetCheckboxes({
  values,
  picked,
  onChange,
  shown = 6,
}: {
  values: FacetValue[];
  picked: string[];
  onChange: (next: string[]) => void;
  shown?: number;
}) {
  const [isExpanded, setExpanded] = useState(false);
  // Picked values always show, even past the fold.
  const visible = isExpanded ? values : values.filter((value, index) => index < shown || picked.includes(value.value));
  if (values.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        None in these results.
      </Text>
    );
  }
  return (
    <Stack gap={8}>
      {visible.map((value) => {
        const isPicked = picked.includes(value.value);
        return (
          <Checkbox
            key={value.value}
            classNames={{ body: classes.checkboxBody, labelWrapper: classes.labelWrapper }}
            label={<OptionLabel label={value.label} count={value.count} />}
            checked={isPicked}
            disabled={!isPicked && value.count === 0}
            onChange={() => onChange(isPicked ? picked.filter((p) => p !== value.value) : [...picked, value.value])}
          />
        );
      })}
      {values.length > shown && (
        <Button
          variant="subtle"
          size="compact-sm"
          w="fit-content"
          px={4}
          onClick={() => setExpanded(!isExpanded)}
          aria-expanded={isExpanded}
        >
          {isExpanded ? 'Show fewer' : `Show all ${values.length}`}
        </Button>
      )}
    </Stack>
  );
}

function FacetRadios({
  name,
  values,
  picked,
  anyLabel,
  onChange,
}: {
  name: string;
  values: FacetValue[];
  picked: string | null;
  anyLabel: string;
  onChange: (next: string | null) => void;
}) {
  return (
    <Radio.Group name={name} value={picked ?? ''} onChange={(value) => onChange(value === '' ? null : value)}>
      <Stack gap={8}>
        <Radio value="" label={anyLabel} classNames={{ body: classes.checkboxBody, labelWrapper: classes.labelWrapper }} />
        {values.map((value) => (
          <Radio
            key={value.value}
            value={value.value}
            label={<OptionLabel label={value.label} count={value.count} />}
            disabled={picked !== value.value && value.count === 0}
            classNames={{ body: classes.checkboxBody, labelWrapper: classes.labelWrapper }}
          />
        ))}
      </Stack>
    </Radio.Group>
  );
}

const amountFormat = new Intl.NumberFormat('en');
const maxAmount = 10_000_000;

/** "90,000", "90000" or "90 000" → 90000; nothing typed → null; anything else → NaN. */
export function parseAmount(text: string): number | null {
  const digits = text.replace(/[\s,.\u00a0']/g, '');
  if (digits === '') return null;
  return /^\d+$/.test(digits) ? Math.min(Number(digits), maxAmount) : Number.NaN;
}

const showAmount = (value: number | null) => (value === null ? '' : amountFormat.format(value));

/**
 * From–to pay; applied when the box is left or Enter is pressed, not on every key. Plain text
 * boxes that keep what is typed and show thousands separators once left (a number input with
 * formatting as you type costs the home page ~9 KB gzipped).
 */
function SalaryRange({ state, onChange }: { state: SearchState; onChange: (next: SearchState) => void }) {
  const [from, setFrom] = useState(showAmount(state.salaryMin));
  const [to, setTo] = useState(showAmount(state.salaryMax));
  // When the address changes the range (back button, a removed chip), the boxes follow; not by
  // remounting them, which would take the focus from the box being typed in.
  const [shown, setShown] = useState({ min: state.salaryMin, max: state.salaryMax });
  if (shown.min !== state.salaryMin || shown.max !== state.salaryMax) {
    setShown({ min: state.salaryMin, max: state.salaryMax });
    if (parseAmount(from) !== state.salaryMin) setFrom(showAmount(state.salaryMin));
    if (parseAmount(to) !== state.salaryMax) setTo(showAmount(state.salaryMax));
  }
  const min = parseAmount(from);
  const max = parseAmount(to);
  const isUnreadable = Number.isNaN(min) || Number.isNaN(max);
  const isBroken = !isUnreadable && min !== null && max !== null && min > max;
  const apply = () => {
    if (isUnreadable || isBroken) return;
    setFrom(showAmount(min));
    setTo(showAmount(max));
    if (min === state.salaryMin && max === state.salaryMax) return;
    onChange(changeSearch(state, { salaryMin: min, salaryMax: max }));
  };
  const currency = payCurrency(state);
  const sign = currencySign(currency);
  const currencies = commonCurrencies.includes(currency as (typeof commonCurrencies)[number])
    ? commonCurrencies
    : [currency, ...commonCurrencies];
  const props = {
    leftSection: (
      <Text size="xs" c="dimmed" aria-hidden>
        {sign}
      </Text>
    ),
    leftSectionWidth: Math.max(28, sign.length * 9 + 12),
    inputMode: 'numeric' as const,
    autoComplete: 'off',
    maxLength: 14,
    size: 'sm' as const,
    onBlur: apply,
    onKeyDown: (event: React.KeyboardEvent) => {
      if (event.key === 'Enter') apply();
    },
  };
  const message = isUnreadable
    ? 'Amounts are whole numbers, like 60,000.'
    : isBroken
      ? 'The “from” amount is above the “to” amount.'
      : `Yearly pay in ${currency}. Jobs without pay, or paying in another currency, are left out.`;
  return (
    <Stack gap={6}>
      <NativeSelect
        aria-label="Pay currency"
        size="sm"
        value={currency}
        data={currencies.map((code) => ({ value: code, label: currencySign(code) === code ? code : `${code} (${currencySign(code)})` }))}
        onChange={(event) => onChange(changeSearch(state, { currency: event.currentTarget.value }))}
      />
      <Group gap="xs" grow wrap="nowrap">
        <TextInput
          aria-label="Pay from (a year)"
          placeholder="From"
          value={from}
          onChange={(event) => setFrom(event.currentTarget.value)}
          error={Number.isNaN(min)}
          {...props}
        />
        <TextInput
          aria-label="Pay up to (a year)"
          placeholder="To"
          value={to}
          onChange={(event) => setTo(event.currentTarget.value)}
          error={isBroken || Number.isNaN(max)}
          {...props}
        />
      </Group>
      <Text size="xs" c={isUnreadable || isBroken ? 'red' : 'dimmed'} role={isUnreadable || isBroken ? 'alert' : undefined}>
        {message}
      </Text>
    </Stack>
  );
}

interface FilterPanelProps {
  state: SearchState;
  facets: JobFacets | undefined;
  onChange: (next: SearchState) => void;
}

/** Every filter with the number of jobs each value would show (from the answer's facets). */
export function FilterPanel({ state, facets, onChange }: FilterPanelProps) {
  if (!facets) return <FilterPanelSkeleton />;
  const set = (change: Partial<SearchState>) => onChange(changeSearch(state, change));
  return (
    <Stack gap="lg">
      <FilterGroup title="Remote" id="filter-remote">
        <FacetRadios
          name="is_remote"
          anyLabel="Any"
          values={facets.is_remote}
          picked={state.remote === null ? null : String(state.remote)}
          onChange={(value) => set({ remote: value === null ? null : value === 'true' })}
        />
      </FilterGroup>
      <FilterGroup title="Date posted" id="filter-posted">
        <FacetRadios
          name="posted_within"
          anyLabel="Any time"
          values={facets.posted_within}
          picked={state.postedWithin}
          onChange={(value) => set({ postedWithin: isPostedWithin(value) ? value : null })}
        />
      </FilterGroup>
      <FilterGroup title="Employment type" id="filter-type">
        <FacetCheckboxes
          values={facets.employment_type}
          picked={state.employmentTypes}
          onChange={(next) => set({ employmentTypes: next.filter(isEmploymentType) })}
        />
      </FilterGroup>
      <FilterGroup title="Experience level" id="filter-level">
        <FacetCheckboxes
          values={facets.experience_level}
          picked={state.experienceLevels}
          onChange={(next) => set({ experienceLevels: next.filter(isExperienceLevel) })}
        />
      </FilterGroup>
      <FilterGroup title="Pay" id="filter-pay">
        <SalaryRange state={state} onChange={onChange} />
      </FilterGroup>
      <FilterGroup title="Category" id="filter-category">
        <FacetCheckboxes
          values={facets.category}
          picked={state.categories.map(String)}
          onChange={(next) => set({ categories: next.map(Number) })}
        />
      </FilterGroup>
      <FilterGroup title="Skills" id="filter-skills">
        <FacetCheckboxes
          values={facets.skills}
          picked={state.skills.map(String)}
          onChange={(next) => set({ skills: next.map(Number) })}
          shown={8}
        />
      </FilterGroup>
    </Stack>
  );
}

export function FilterPanelSkeleton() {
  return (
    <Stack gap="lg" aria-busy="true" aria-label="Loading filters">
      {Array.from({ length: 4 }, (_, group) => (
        <Stack key={group} gap={10}>
          <Skeleton height={12} width="50%" />
          {Array.from({ length: 4 }, (_, row) => (
            <Group key={row} justify="space-between">
              <Skeleton height={10} width="60%" />
              <Skeleton height={10} width={20} />
            </Group>
          ))}
        </Stack>
      ))}
    </Stack>
  );
}
