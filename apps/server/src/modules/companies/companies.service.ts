import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { CompanyListQuery, CompanyOut, Paginated, companyInput, companyPatch } from '@jobportal/shared';
import type { Db } from '../../db/client';
import type { CompanyRow } from '../../db/schema';
import { AppError, forbidden, notFound } from '../../lib/app-error';
import type { Viewer } from '../../lib/access';
import { utcToday } from '../../lib/dates';
import type { Mailer } from '../../lib/mail';
import type { Storage } from '../../lib/storage';
import { imageTypeOfKey, imageTypes, type ImageType } from '../../lib/uploads';
import { presentCompany } from './companies.presenter';
import * as repo from './companies.repository';
import type { CompanyRecord, CompanyValues } from './companies.repository';
import { findUserById } from '../users/users.repository';
import { createFileReleaser, removeStored } from '../files/files.service';
import { recordAudit } from '../audit/audit.repository';

export interface CompaniesDeps {
  db: Db;
  mailer: Mailer;
  storage: Storage;
  productName: string;
  publicUrl: string | undefined;
  log: FastifyBaseLogger;
}

type ParsedInput = ReturnType<typeof companyInput.parse>;
type ParsedPatch = ReturnType<typeof companyPatch.parse>;

const isAdmin = (viewer: Viewer | null) => viewer?.role === 'admin';
const isOwner = (viewer: Viewer | null, company: Pick<CompanyRow, 'ownerId'>) => viewer !== null && viewer.userId === company.ownerId;

/** Approved companies are public; the others only to their owner and admins (404 to the rest). */
export const canSeeCompany = (viewer: Viewer | null, company: Pick<CompanyRow, 'ownerId' | 'isApproved'>) =>
  company.isApproved || isAdmin(viewer) || isOwner(viewer, company);

function toValues(input: Partial<ParsedInput>): Partial<CompanyValues> {
  const values: Partial<CompanyValues> = {};
  if (input.name !== undefined) values.name = input.name;
  if (input.website_url !== undefined) values.websiteUrl = input.website_url;
  if (input.industry !== undefined) values.industry = input.industry;
  if (input.company_size !== undefined) values.companySize = input.company_size;
  if (input.founded_date !== undefined) values.foundedDate = input.founded_date;
  if (input.description !== undefined) values.description = input.description;
  if (input.headquarters_location !== undefined) values.headquartersLocation = input.headquarters_location;
  if (input.tech_stack !== undefined) values.techStack = [...new Set(input.tech_stack)];
  return values;
}

export function createCompaniesService(deps: CompaniesDeps) {
  const { db, storage } = deps;
  const files = createFileReleaser(deps);

  const present = (viewer: Viewer | null, row: CompanyRecord) =>
    presentCompany(row, { withOwner: isAdmin(viewer) || isOwner(viewer, row) });

  /** The company as this viewer may see it, or 404. */
  async function visibleCompany(viewer: Viewer | null, id: number): Promise<CompanyRecord> {
    const row = await repo.findCompanyById(db, id, utcToday());
    if (!row || !canSeeCompany(viewer, row)) throw notFound('That company');
    return row;
  }

  /** The company this viewer may change (its owner, or an admin), or 404. */
  async function writableCompany(viewer: Viewer, id: number): Promise<CompanyRecord> {
    const row = await repo.findCompanyById(db, id, utcToday());
    if (!row || !(isAdmin(viewer) || isOwner(viewer, row))) throw notFound('That company');
    return row;
  }

  async function reload(viewer: Viewer, id: number): Promise<CompanyOut> {
    const row = await repo.findCompanyById(db, id, utcToday());
    if (!row) throw notFound('That company');
    return present(viewer, row);
  }

  async function mailApproval(company: CompanyRecord) {
    const owner = await findUserById(db, company.ownerId);
    if (!owner) return;
    const link = deps.publicUrl ? `\n\nPost your first job: ${deps.publicUrl.replace(/\/$/, '')}/#/EmployerJobManagement\n` : '\n';
    await deps.mailer.send({
      to: owner.email,
      subject: `${company.name} is approved on ${deps.productName}`,
      text: `Hello ${owner.fullName},\n\nGood news: ${company.name} is now approved on ${deps.productName}. Its open jobs are public and job seekers can find them.${link}`,
    });
  }

  /**
   * Sets approval, and records a change in the audit log in the same transaction; a change from not
   * approved to approved e-mails the owner (a failed e-mail is logged, never fails this).
   */
  async function applyApproval(viewer: Viewer, id: number, next: boolean | 'toggle'): Promise<boolean> {
    const result = await db.transaction(async (tx) => {
      const change = await repo.setCompanyApproval(tx, id, next);
      if (change && change.was !== change.now) {
        await recordAudit(tx, {
          by: viewer,
          action: 'company.approval_changed',
          objectType: 'company',
          objectId: id,
          before: { is_approved: change.was },
          after: { is_approved: change.now },
        });
      }
      return change;
    });
    if (!result) throw notFound('That company');
    if (!result.was && result.now) {
      const company = await repo.findCompanyById(db, id, utcToday());
      if (company) {
        mailApproval(company).catch((error: unknown) => deps.log.error({ err: error, companyId: id }, 'approval e-mail not sent'));
      }
    }
    return result.now;
  }

  return {
    async list(viewer: Viewer | null, q: CompanyListQuery, page: (rows: CompanyOut[], total: number) => Paginated<CompanyOut>) {
      const scope: repo.CompanyScope =
        viewer?.role === 'admin'
          ? { kind: 'all' }
          : viewer?.role === 'employer'
            ? { kind: 'owner', ownerId: viewer.userId }
            : { kind: 'approved' };
      const { rows, total } = await repo.findCompanies(db, scope, q, utcToday());
      return page(
        rows.map((row) => present(viewer, row)),
        total,
      );
    },

    get: async (viewer: Viewer | null, id: number) => present(viewer, await visibleCompany(viewer, id)),

    async create(viewer: Viewer, input: ParsedInput): Promise<CompanyOut> {
      const row = await repo.insertCompany(db, viewer.userId, toValues(input) as CompanyValues);
      if (!row) throw new AppError('conflict', 'You have already submitted your company. Edit it instead.');
      return reload(viewer, row.id);
    },

    async replace(viewer: Viewer, id: number, input: ParsedInput): Promise<CompanyOut> {
      await writableCompany(viewer, id);
      await repo.updateCompany(db, id, toValues(input));
      return reload(viewer, id);
    },

    async patch(viewer: Viewer, id: number, input: ParsedPatch): Promise<CompanyOut> {
      await writableCompany(viewer, id);
      const { is_approved: approval, ...fields } = input;
      if (approval !== undefined && !isAdmin(viewer)) throw forbidden('Only administrators approve companies.');
      const values = toValues(fields);
      if (Object.keys(values).length) await repo.updateCompany(db, id, values);
      if (approval !== undefined) await applyApproval(viewer, id, approval);
      return reload(viewer, id);
    },

    async toggleApproval(viewer: Viewer, id: number) {
      return { id, is_approved: await applyApproval(viewer, id, 'toggle') };
    },

    async remove(id: number): Promise<void> {
      // Its jobs and their applications go with it, and the resumes sent only with them.
      const deleted = await files.withApplicationsOf({ companyId: id }, () => repo.deleteCompany(db, id));
      if (!deleted) throw notFound('That company');
      if (deleted.logo) await removeStored(storage, deps.log, deleted.logo);
    },

    /** 404 unless this viewer may change the company (checked before an upload is read). */
    async assertWritable(viewer: Viewer, id: number): Promise<void> {
      await writableCompany(viewer, id);
    },

    async setLogo(viewer: Viewer, id: number, upload: { data: Buffer; type: ImageType }): Promise<CompanyOut> {
      await writableCompany(viewer, id);
      const key = `logos/company-${id}-${randomBytes(6).toString('hex')}.${imageTypes[upload.type]}`;
      await storage.put(key, upload.data);
      const previous = await repo.setCompanyLogo(db, id, key);
      if (previous && previous !== key) await removeStored(storage, deps.log, previous);
      return reload(viewer, id);
    },

    /** The logo's bytes for a viewer who may see the company; `isPublic` tells whether caches may keep it. */
    async getLogo(viewer: Viewer | null, id: number): Promise<{ data: Buffer; type: ImageType; isPublic: boolean }> {
      const company = await visibleCompany(viewer, id);
      const type = company.logo ? imageTypeOfKey(company.logo) : undefined;
      const data = company.logo && type ? await storage.get(company.logo) : undefined;
      if (!data || !type) throw notFound('That logo');
      return { data, type, isPublic: company.isApproved };
    },
  };
}
export type CompaniesService = ReturnType<typeof createCompaniesService>;
