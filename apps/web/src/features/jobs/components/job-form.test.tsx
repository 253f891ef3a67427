import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiError } from '../../../lib/api/api-error';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { renderWithProviders } from '../../../test/render';
import { sessionFor } from '../../../test/sessions';
import { JobForm } from './job-form';
import { inSearchWithin } from './job-form-drawer';
import { emptyJobForm, toJobInput, type JobFormValues } from './job-form-values';

const salaryRule = 'The minimum salary cannot be above the maximum.';

function renderForm(onSubmit: (values: JobFormValues) => Promise<void> = vi.fn(async () => undefined)) {
  renderWithProviders(
    <JobForm initialValues={emptyJobForm} submitLabel="Post job" onSubmit={onSubmit} onCancel={vi.fn()} />,
    sessionFor('employer'),
  );
  return { onSubmit };
}

async function fillRequired(user: ReturnType<typeof userEvent.setup>) {
  const paste = async (field: HTMLElement, text: string) => {
    await user.click(field);
    await user.paste(text);
  };
  await paste(screen.getByRole('textbox', { name: /Job title/ }), 'Platform Engineer');
  await paste(screen.getByRole('textbox', { name: /Location/ }), 'Berlin, Germany');
  await paste(screen.getByRole('textbox', { name: /Description/ }), 'Keep our platform fast, safe and boring for 40 engineers.');
}

describe('JobForm', () => {
  beforeEach(() => {
    // The category and skill pickers ask for their lists.
    mockFetch((request) =>
      request.url.startsWith('/api/job-skills/')
        ? jsonResponse(200, [{ id: 1, name: 'Python', job_count: 3 }])
        : request.url.startsWith('/api/job-categories/')
          ? jsonResponse(200, [{ id: 2, name: 'Engineering', job_count: 5 }])
          : jsonResponse(200, { googleClientId: null, productName: 'Hireloop' }),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows the salary rule next to the field as the amounts are typed', async () => {
    renderForm();
    const user = userEvent.setup({ delay: null });
    const from = screen.getByRole('textbox', { name: 'Salary from (a year)' });
    const to = screen.getByRole('textbox', { name: 'Salary to (a year)' });
    await user.type(from, '90000');
    await user.type(to, '60000');
    expect(from).toHaveAccessibleDescription(salaryRule);
    expect(from).toHaveAttribute('aria-invalid', 'true');
    // Thousands separators as typed.
    expect(from).toHaveValue('90,000');

    await user.clear(to);
    await user.type(to, '120000');
    expect(from).not.toHaveAccessibleDescription(salaryRule);
    expect(screen.queryByText(salaryRule)).toBeNull();
  });

  it('does not send a job that breaks the salary rule', async () => {
    const { onSubmit } = renderForm();
    const user = userEvent.setup({ delay: null });
    await fillRequired(user);
    await user.type(screen.getByRole('textbox', { name: 'Salary from (a year)' }), '90000');
    await user.type(screen.getByRole('textbox', { name: 'Salary to (a year)' }), '60000');
    await user.click(screen.getByRole('button', { name: 'Post job' }));
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('checks the shared rules before sending', async () => {
    const { onSubmit } = renderForm();
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByRole('textbox', { name: /Description/ }), 'Too short.');
    await user.click(screen.getByRole('button', { name: 'Post job' }));
    expect(await screen.findByText('Use at least 3 characters.')).toBeInTheDocument();
    expect(screen.getByText('Describe the job in at least 30 characters.')).toBeInTheDocument();
    expect(screen.getByText('Enter a location (a city, or "Remote").')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('puts the server’s field errors next to their fields and keeps the values', async () => {
    const refusal: ApiError = {
      status: 400,
      code: 'validation_error',
      detail: 'Please correct the highlighted fields.',
      fields: {
        application_deadline: ['The deadline is in the past. Pick a later date, or close the job.'],
        'skills_required.0': ['Unknown skill: 99. Pick from the list.'],
      },
      retryAfterSeconds: null,
    };
    const onSubmit = vi.fn(async (_values: JobFormValues) => {
      throw refusal;
    });
    renderForm(onSubmit);
    const user = userEvent.setup({ delay: null });
    await fillRequired(user);
    await user.type(screen.getByRole('textbox', { name: 'Salary from (a year)' }), '60000');
    await user.click(screen.getByRole('button', { name: 'Post job' }));

    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    const deadline = screen.getByLabelText(/Application deadline/);
    await waitFor(() => expect(deadline).toHaveAccessibleDescription(/The deadline is in the past/));
    expect(screen.getByText('Unknown skill: 99. Pick from the list.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Job title/ })).toHaveValue('Platform Engineer');

    const sent = toJobInput(onSubmit.mock.calls[0]![0]);
    expect(sent).toMatchObject({
      title: 'Platform Engineer',
      location: 'Berlin, Germany',
      salary_min: 60000,
      salary_max: null,
      employment_type: 'Full-time',
      experience_level: 'Mid level',
      status: 'open',
      application_deadline: null,
      job_function: null,
    });
  });

  it('a message not tied to a field shows above the buttons', async () => {
    const onSubmit = vi.fn(async () => {
      throw {
        status: 403,
        code: 'permission_denied',
        detail: 'Submit your company details before posting a job.',
        fields: {},
        retryAfterSeconds: null,
      };
    });
    renderForm(onSubmit);
    const user = userEvent.setup({ delay: null });
    await fillRequired(user);
    await user.click(screen.getByRole('button', { name: 'Post job' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Submit your company details before posting a job.');
  });
});

describe('the toast after posting', () => {
  it('says when a public job shows in job search', () => {
    expect(inSearchWithin(360)).toBe('It is public now and shows in job search within 6 minutes.');
    expect(inSearchWithin(45)).toBe('It is public now and shows in job search within a minute.');
    expect(inSearchWithin(0)).toBe('It is public now and in job search.');
    expect(inSearchWithin(undefined)).toBe('It is public now and in job search.');
  });
});
