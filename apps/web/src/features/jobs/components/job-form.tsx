import { Button, Group, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { jobInput, type JobOut } from '@jobportal/shared';
import { useState } from 'react';
import { FormAlert } from '../../../components/form-alert';
import { useServerErrors } from '../../../lib/forms/use-server-errors';
import { foldFieldPaths, zodValidate } from '../../../lib/forms/zod-validate';
import { salaryOrderError, toJobInput, type JobFormValues } from './job-form-values';
import { AboutSection, BasicsSection, PayAndDeadlineSection, TaxonomySection, type LiveValues } from './job-form-sections';
import classes from './job-form.module.css';

const checkWithSchema = zodValidate(jobInput, toJobInput);

function validate(values: JobFormValues) {
  const errors = checkWithSchema(values);
  if (!values.employment_type) errors.employment_type = 'Pick the employment type.';
  if (!values.experience_level) errors.experience_level = 'Pick the experience level.';
  return errors;
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

  return (
    <form onSubmit={submit} noValidate className={classes.form}>
      <Stack gap="xl" pb="md">
        <BasicsSection form={form} />
        <PayAndDeadlineSection form={form} live={live} />
        <AboutSection form={form} />
        <TaxonomySection form={form} live={live} job={job} />
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
