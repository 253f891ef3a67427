import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { renderWithProviders } from '../../../test/render';
import { sessionFor } from '../../../test/sessions';
import { TaxonomyPanel } from './taxonomy-panel';

describe('TaxonomyPanel', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('says plainly why a skill in use cannot be deleted', async () => {
    mockFetch((request) => {
      if (request.method === 'DELETE') {
        return jsonResponse(409, { detail: 'Skill in use: 3 jobs use it. Remove it from those jobs first.', code: 'conflict' });
      }
      return jsonResponse(200, [{ id: 1, name: 'Python', job_count: 3 }]);
    });
    renderWithProviders(<TaxonomyPanel kind="skill" title="Skills" noun="skill" />, sessionFor('admin'));
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Delete Python' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete the skill “Python”?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete skill' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Skill in use: 3 jobs use it. Remove it from those jobs first.');
  });

  it('renames in place and puts a taken name next to the box', async () => {
    const { requests } = mockFetch((request) =>
      request.method === 'PUT'
        ? jsonResponse(409, {
            detail: 'A skill named "SQL" already exists.',
            code: 'conflict',
            fields: { name: ['A skill with this name already exists.'] },
          })
        : jsonResponse(200, [{ id: 1, name: 'Python', job_count: 0 }]),
    );
    renderWithProviders(<TaxonomyPanel kind="skill" title="Skills" noun="skill" />, sessionFor('admin'));
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Rename Python' }));
    const box = screen.getByRole('textbox', { name: 'New name for Python' });
    await user.clear(box);
    await user.type(box, 'SQL{Enter}');
    await waitFor(() => expect(box).toHaveAccessibleDescription('A skill with this name already exists.'));
    expect(requests.find((request) => request.method === 'PUT')).toMatchObject({ url: '/api/job-skills/1/', body: { name: 'SQL' } });
  });
});
