import { memo, useCallback, useRef, type ReactNode } from 'react';
import { Button, Group, NativeSelect, Select, SimpleGrid, Stack, TagsInput, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { companyInput } from '@jobportal/shared';
import { commonCurrencies, companySizes, currencyCodes } from '@jobportal/shared/vocabulary';
import { FormAlert } from '../../../components/form-alert';
import { useServerErrors } from '../../../lib/forms/use-server-errors';
import { foldFieldPaths, zodValidate } from '../../../lib/forms/zod-validate';
import { todayIso } from '../../../lib/job-format';
import { currencyOptions } from '../../../lib/money';
import { toCompanyInput, type CompanyFormValues } from './company-form-values';

// Made once: the reader's names of ~160 currencies.
const currencyData = currencyOptions(currencyCodes, commonCurrencies);
const sizeOptions = companySizes.map((size) => ({ value: size, label: `${size} people` }));

/**
 * The currency picker apart from the form: the form is controlled and re-renders on every
 * keystroke, and ~160 options each time made typing in the other fields slow.
 */
const CurrencyPicker = memo(function CurrencyPicker({
  value,
  error,
  onPick,
}: {
  value: string;
  error: ReactNode;
  onPick: (currency: string) => void;
}) {
  return (
    <NativeSelect
      label="Pay currency"
      description="What your jobs pay in; each job can name another."
      data={currencyData}
      value={value}
      error={error}
      onChange={(event) => onPick(event.currentTarget.value)}
    />
  );
});

interface CompanyFormProps {
  initialValues: CompanyFormValues;
  submitLabel: string;
  /** Saves the values; a rejection with the server's field errors puts them next to the fields. */
  onSubmit: (values: CompanyFormValues) => Promise<void>;
  /** The logo picker, placed at the top of the form. */
  logo?: ReactNode;
  /** Lets the parent follow the name as it is typed (for the logo's initials). */
  onNameChange?: (name: string) => void;
}

/** The company details an employer writes: the shared companyInput schema checks them here and on the server. */
export function CompanyForm({ initialValues, submitLabel, onSubmit, logo, onNameChange }: CompanyFormProps) {
  const form = useForm<CompanyFormValues>({
    mode: 'controlled',
    initialValues,
    validate: zodValidate(companyInput, toCompanyInput),
    onValuesChange: (values, previous) => {
      if (values.name !== previous.name) onNameChange?.(values.name);
    },
  });
  const { formError, showError, clearError } = useServerErrors(form);
  const latestForm = useRef(form);
  latestForm.current = form;
  const pickCurrency = useCallback((currency: string) => latestForm.current.setFieldValue('default_currency', currency), []);

  const submit = form.onSubmit(async (values) => {
    clearError();
    try {
      await onSubmit(values);
      form.resetDirty(values);
    } catch (error) {
      showError(foldFieldPaths(error));
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {logo}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
          <TextInput label="Company name" withAsterisk autoComplete="organization" {...form.getInputProps('name')} />
          <TextInput
            label="Website"
            type="url"
            inputMode="url"
            placeholder="https://example.com"
            autoComplete="url"
            {...form.getInputProps('website_url')}
          />
          <TextInput label="Industry" placeholder="e.g. Software, Healthcare" {...form.getInputProps('industry')} />
          <Select
            label="Company size"
            placeholder="Pick a size"
            data={sizeOptions}
            clearable
            allowDeselect
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps('company_size')}
          />
          <TextInput label="Founded" type="date" max={todayIso()} {...form.getInputProps('founded_date')} />
          <TextInput
            label="Headquarters"
            placeholder="City, country"
            autoComplete="address-level2"
            {...form.getInputProps('headquarters_location')}
          />
          <CurrencyPicker value={form.values.default_currency} error={form.errors.default_currency} onPick={pickCurrency} />
        </SimpleGrid>
        <Textarea
          label="About the company"
          description="What you do and what it is like to work with you. Job seekers read this next to every job."
          autosize
          minRows={4}
          maxRows={14}
          {...form.getInputProps('description')}
        />
        <TagsInput
          label="Tech stack"
          description="Press Enter or type a comma after each one. Up to 30."
          placeholder="e.g. TypeScript, PostgreSQL"
          splitChars={[',']}
          maxTags={30}
          clearable
          {...form.getInputProps('tech_stack')}
        />
        <FormAlert>{formError}</FormAlert>
        <Group justify="flex-end">
          <Button type="submit" loading={form.submitting}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
