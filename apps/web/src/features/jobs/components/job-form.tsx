// size: not split yet (issue 48): JobForm is 231 lines and the file 311; its sections (basics, pay, skills, description) are the next to move out.
import {
  Button,
  Group,
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
import { useForm } from '@mantine/form';
import { jobInput, type JobOut } from '@jobportal/shared';
import { useState, type ReactNode } from 'react';
import { FormAlert } from '../../../components/form-alert';
import { useServerErrors } from '../../../lib/forms/use-server-errors';
import { foldFieldPaths, zodValidate } from '../../../lib/forms/zod-validate';
import { todayIso } from '../../../lib/job-format';
import { commonCurrencies, currencyCodes, employmentTypes, experienceLevels } from '@jobportal/shared/vocabulary';
import { currencyOptions } from '../../../lib/money';
import { salaryOrderError, salaryOrderRule, toJobInput, type JobFormValues } from './job-form-values';
import { TaxonomyMultiSelect } from './taxonomy-multi-select';
import classes from './job-form.module.css';

const checkWithSchema = zodValidate(jobInput, toJobInput);
// Made once: the reader's names of ~160 currencies.
const currencyData = currencyOptions(currencyCodes, commonCurrencies);

function validate(values: JobFormValues) {
  const errors = checkWithSchema(values);
  if (!values.employment_type) errors.employment_type = 'Pick the employment type.';
  if (!values.experience_level) errors.experience_level = 'Pick the experience level.';
  return errors;
}

/** What the form shows as it changes (the rest of the values live in the inputs until submitted). */
interface LiveValues {
  salaryRule: string | null;
  status: JobFormValues['status'];
  categories: number[];
  skills: number[];
}

const liveValuesOf = (values: JobFormValues): LiveValues => ({
  salaryRule: salaryOrderError(values),
  status: values.status,
  categories: values.categories,
  skills: values.skills_required,
});

const sameIds = (a: number[], b: number[]) => a.length === b.length && a.every((id, i) => id === b[i]);
const sameLiveValues = (a: LiveValues, b: LiveValues) =>
  a.salaryRule === b.salaryRule && a.status === b.status && sameIds(a.categories, b.categories) && sameIds(a.skills, b.skills);

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

interface JobFormProps {
  initialValues: JobFormValues;
  /** The job being edited, for the names of its categories and skills. */
  job?: JobOut;
  submitLabel: string;
  /** Saves the values; a rejection with the server's field errors puts them next to the fields. */
  onSubmit: (values: JobFormValues) => Promise<void>;
  onCancel: () => void;
}

/** Every field of a job, checked with the shared jobInput schema as the server checks it. */
export function JobForm({ initialValues, job, submitLabel, onSubmit, onCancel }: JobFormProps) {
  // Uncontrolled: a keystroke re-renders its own input, not the whole form (Mantine's advice for
  // big forms). What the form shows as values change is kept apart and re-renders only when it changes.
  const [live, setLive] = useState(() => liveValuesOf(initialValues));
  const form = useForm<JobFormValues>({
    mode: 'uncontrolled',
    initialValues,
    validate,
    onValuesChange: (values) => {
      const next = liveValuesOf(values);
      setLive((current) => (sameLiveValues(current, next) ? current : next));
    },
  });
  const { formError, showError, clearError } = useServerErrors(form);
  // Shown as the amounts are typed, not only on submit.
  const salaryRuleBroken = live.salaryRule;

  const submit = form.onSubmit(
    async (submitted) => {
      clearError();
      try {
        await onSubmit(submitted);
      } catch (error) {
        showError(foldFieldPaths(error));
      }
    },
    () => clearError(),
  );

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

  return (
    <form onSubmit={submit} noValidate className={classes.form}>
      <Stack gap="xl" pb="md">
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
          {salaryRuleBroken && (
            <Text size="xs" c="dimmed" className={classes.visuallyHidden} aria-live="polite">
              {salaryOrderRule}
            </Text>
          )}
        </Section>

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
      </Stack>

      <div className={classes.footer}>
        <Stack gap="sm">
          <FormAlert>{formError}</FormAlert>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onCancel} disabled={form.submitting}>
              Cancel
            </Button>
            <Button type="submit" loading={form.submitting}>
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </div>
    </form>
  );
}
