import {
  NativeSelect,
  NumberInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { JobOut } from '@jobportal/shared';
import { commonCurrencies, currencyCodes, employmentTypes, experienceLevels } from '@jobportal/shared/vocabulary';
import type { ReactNode } from 'react';
import { todayIso } from '../../../lib/job-format';
import { currencyOptions } from '../../../lib/money';
import { salaryOrderRule, type JobFormValues } from './job-form-values';
import { TaxonomyMultiSelect } from './taxonomy-multi-select';
import classes from './job-form.module.css';

// Made once: the reader's names of ~160 currencies.
const currencyData = currencyOptions(currencyCodes, commonCurrencies);

/** What the form shows as it changes (the rest of the values live in the inputs until submitted). */
export interface LiveValues {
  salaryRule: string | null;
  status: JobFormValues['status'];
  categories: number[];
  skills: number[];
}

type JobFormApi = UseFormReturnType<JobFormValues>;

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="sm" component="section">
      <Title order={3} fz="sm" tt="uppercase" c="dimmed" fw={600} style={{ letterSpacing: '0.04em' }}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}

const moneyProps = {
  min: 0,
  max: 10_000_000,
  step: 1000,
  thousandSeparator: true,
  allowDecimal: false,
  allowNegative: false,
  hideControls: true,
  inputMode: 'numeric' as const,
};

/** Title, type, level, place, function, remote. */
export function BasicsSection({ form }: { form: JobFormApi }) {
  return (
    <Section title="The basics">
      <TextInput
        label="Job title"
        withAsterisk
        data-autofocus
        placeholder="e.g. Senior Backend Engineer"
        key={form.key('title')}
        {...form.getInputProps('title')}
      />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        <Select
          label="Employment type"
          withAsterisk
          data={employmentTypes}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
          key={form.key('employment_type')}
          {...form.getInputProps('employment_type')}
        />
        <Select
          label="Experience level"
          withAsterisk
          data={experienceLevels}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
          key={form.key('experience_level')}
          {...form.getInputProps('experience_level')}
        />
        <TextInput
          label="Location"
          withAsterisk
          placeholder='A city, or "Remote"'
          key={form.key('location')}
          {...form.getInputProps('location')}
        />
        <TextInput
          label="Job function"
          placeholder="e.g. Engineering, Sales"
          key={form.key('job_function')}
          {...form.getInputProps('job_function')}
        />
      </SimpleGrid>
      <Switch
        label="Remote work possible"
        description="Shown as a Remote badge; job seekers can filter for it."
        key={form.key('is_remote')}
        {...form.getInputProps('is_remote', { type: 'checkbox' })}
      />
    </Section>
  );
}

/** Pay (checked as the amounts are typed), currency, deadline and status. */
export function PayAndDeadlineSection({ form, live }: { form: JobFormApi; live: LiveValues }) {
  // Shown as the amounts are typed, not only on submit.
  const salaryRuleBroken = live.salaryRule;
  return (
    <Section title="Pay and deadline">
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        <NumberInput
          label="Salary from (a year)"
          placeholder="e.g. 60,000"
          {...moneyProps}
          key={form.key('salary_min')}
          {...form.getInputProps('salary_min')}
          error={form.errors.salary_min ?? salaryRuleBroken}
          description={salaryRuleBroken ? undefined : 'Not above the maximum.'}
        />
        <NumberInput
          label="Salary to (a year)"
          placeholder="e.g. 80,000"
          {...moneyProps}
          key={form.key('salary_max')}
          {...form.getInputProps('salary_max')}
          description="Jobs with pay get more applicants."
        />
        <NativeSelect
          label="Currency"
          description="What the salary is paid in. New jobs start with your company's currency."
          data={currencyData}
          key={form.key('currency')}
          {...form.getInputProps('currency')}
        />
        <TextInput
          label="Application deadline"
          type="date"
          min={live.status === 'open' ? todayIso() : undefined}
          description="Optional. The job stops being public after this day."
          key={form.key('application_deadline')}
          {...form.getInputProps('application_deadline')}
        />
        <Stack gap={4}>
          <Text component="span" size="sm" fw={500} id="job-status-label">
            Status
          </Text>
          <SegmentedControl
            aria-labelledby="job-status-label"
            data={[
              { value: 'open', label: 'Open' },
              { value: 'closed', label: 'Closed' },
            ]}
            value={live.status}
            onChange={(status) => form.setFieldValue('status', status === 'closed' ? 'closed' : 'open')}
          />
          <Text size="xs" c="dimmed">
            Closed jobs are kept but take no applications.
          </Text>
        </Stack>
      </SimpleGrid>
      <Switch
        label="Close unanswered applications after 30 days"
        description="Applicants you have not answered (no move, message or interview) in 30 days get a polite message and are closed. Turn off if you review every application personally; the job page then says so."
        key={form.key('auto_close')}
        {...form.getInputProps('auto_close', { type: 'checkbox' })}
      />
      {salaryRuleBroken && (
        <Text size="xs" c="dimmed" className={classes.visuallyHidden} aria-live="polite">
          {salaryOrderRule}
        </Text>
      )}
    </Section>
  );
}

/** The job's texts. */
export function AboutSection({ form }: { form: JobFormApi }) {
  return (
    <Section title="About the job">
      <Textarea
        label="Description"
        withAsterisk
        description="At least 30 characters. Paragraphs and line breaks are kept."
        autosize
        minRows={5}
        maxRows={16}
        key={form.key('description')}
        {...form.getInputProps('description')}
      />
      <Textarea
        label="Responsibilities"
        autosize
        minRows={3}
        maxRows={12}
        key={form.key('responsibilities')}
        {...form.getInputProps('responsibilities')}
      />
      <Textarea
        label="Qualifications"
        autosize
        minRows={3}
        maxRows={12}
        key={form.key('qualifications')}
        {...form.getInputProps('qualifications')}
      />
      <Textarea
        label="Nice to have"
        autosize
        minRows={2}
        maxRows={10}
        key={form.key('nice_to_have')}
        {...form.getInputProps('nice_to_have')}
      />
    </Section>
  );
}

/** Categories and skills, picked from the admin's lists. */
export function TaxonomySection({ form, live, job }: { form: JobFormApi; live: LiveValues; job: JobOut | undefined }) {
  return (
    <Section title="Categories and skills">
      <TaxonomyMultiSelect
        kind="category"
        label="Categories"
        description="Up to 5. Job seekers filter by them."
        placeholder="Type to find a category"
        maxValues={5}
        known={job?.categories ?? []}
        value={live.categories}
        onChange={(ids) => form.setFieldValue('categories', ids)}
        error={form.errors.categories}
      />
      <TaxonomyMultiSelect
        kind="skill"
        label="Skills required"
        description="Up to 30."
        placeholder="Type to find a skill"
        maxValues={30}
        known={job?.skills_required ?? []}
        value={live.skills}
        onChange={(ids) => form.setFieldValue('skills_required', ids)}
        error={form.errors.skills_required}
      />
    </Section>
  );
}
