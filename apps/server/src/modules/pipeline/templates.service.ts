import type { TemplateOut, templateInput, templatePatch } from '@jobportal/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../lib/app-error';
import type { Viewer } from '../../lib/access';
import { authorize } from '../../policies/policy';
import { presentTemplate } from './pipeline.presenter';
import * as repo from './pipeline.repository';

type TemplateInput = z.output<typeof templateInput>;
type TemplatePatch = z.output<typeof templatePatch>;

const nameTaken = () =>
  new AppError('conflict', 'The company has a template of that name already.', { fields: { name: ['Another template has this name.'] } });

/** A company's message templates (`{first_name}`, `{job_title}`): its whole team keeps them. */
export function createTemplatesService({ db }: { db: Db }) {
  async function companyFor(viewer: Viewer, companyId: number) {
    authorize(viewer, 'template.manage', await repo.findCompanyFacts(db, companyId));
  }
  return {
    async list(viewer: Viewer, companyId: number): Promise<{ results: TemplateOut[] }> {
      await companyFor(viewer, companyId);
      return { results: (await repo.findTemplates(db, companyId)).map(presentTemplate) };
    },
    async create(viewer: Viewer, companyId: number, input: TemplateInput): Promise<TemplateOut> {
      await companyFor(viewer, companyId);
      const row = await repo.insertTemplate(db, { companyId, ...input });
      if (!row) throw nameTaken();
      return presentTemplate(row);
    },
    async update(viewer: Viewer, companyId: number, id: number, input: TemplatePatch): Promise<TemplateOut> {
      await companyFor(viewer, companyId);
      const row = await repo.updateTemplate(db, companyId, id, input);
      if (row === 'taken') throw nameTaken();
      if (!row) throw notFound('That template');
      return presentTemplate(row);
    },
    async remove(viewer: Viewer, companyId: number, id: number): Promise<void> {
      await companyFor(viewer, companyId);
      if (!(await repo.deleteTemplate(db, companyId, id))) throw notFound('That template');
    },
  };
}
export type TemplatesService = ReturnType<typeof createTemplatesService>;
