import type { FastifyBaseLogger } from 'fastify';
import { findResponseTime } from '../../db/answers';
import type { CompanyListQuery, CompanyOut, companyInput, companyPatch } from '@jobportal/shared';
import type { Db } from '../../db/client';
import type { CompanyRow } from '../../db/schema';
import { AppError, notFound } from '../../lib/app-error';
import type { Viewer } from '../../lib/access';
import type { PagedRows } from '../../lib/pagination';
import { utcToday } from '../../lib/dates';
import { inline, type Mailer } from '../../lib/mail';
import { authorize, can, type CompanyFacts } from '../../policies/policy';
import { presentCompany } from './companies.presenter';
import * as repo from './companies.repository';
import type { CompanyRecord, CompanyValues } from './companies.repository';
import { findUserById } from '../users';
import type { CheckedFile, FilesService } from '../files';
import { recordAudit } from '../audit';
import type { EventBus } from '../../lib/events';
import { insertNotificationForAdmins, insertNotifications } from '../notifications';
import { findMembers } from '../teams';

export interface CompaniesDeps {
  db: Db;
  /** Where public company pages are read (a replica, docs/decisions/021-read-replicas.md); `db` by default. */
  reads?: Db;
  mailer: Mailer;
  files: FilesService;
  productName: string;
  publicUrl: string | undefined;
  log: FastifyBaseLogger;
  /** Told when notification rows were written, so they are pushed live at once (realtime/). */
  events?: EventBus;
}

type ParsedInput = ReturnType<typeof companyInput.parse>;
type ParsedPatch = ReturnType<typeof companyPatch.parse>;

/** What the access policy reads of a company. */
export const companyFacts = (company: Pick<CompanyRow, 'id' | 'isApproved'>): CompanyFacts => ({
  id: company.id,
  isApproved: company.isApproved,
});

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
  if (input.default_currency !== undefined) values.defaultCurrency = input.default_currency;
  return values;
}

export function createCompaniesService(deps: CompaniesDeps) {
  const { db, files } = deps;
  const reads = deps.reads ?? db;

  // Who owns it is shown to those who see its team: its members and admins.
  const present = (viewer: Viewer | null, row: CompanyRecord) =>
    presentCompany(row, { withOwner: can(viewer, 'team.view', companyFacts(row)) });

  /** The company when the viewer may do the action on it: 404 when missing or hidden, 403 when visible but not theirs. */
  async function companyFor(viewer: Viewer | null, action: 'company.view' | 'company.edit' | 'company.delete', id: number, from: Db = db) {
    const row = await repo.findCompanyById(from, id, utcToday());
    authorize(viewer, action, row && companyFacts(row));
    return row!;
  }

  async function reload(viewer: Viewer, id: number): Promise<CompanyOut> {
    const row = await repo.findCompanyById(db, id, utcToday());
    if (!row) throw notFound('That company');
    return present(viewer, row);
  }

  /**
   * Changes the company's details (and logo). A change by its owner to what an administrator
   * approved (name, website, logo) sends an approved company back to review in the same
   * transaction, audited: a rebrand to a famous name must not keep the approval (decision 007).
   * Answers the logo it replaced.
   */
  async function saveDetails(viewer: Viewer, id: number, values: Partial<CompanyValues> & { logo?: string }): Promise<string | null> {
    const replaced = await db.transaction(async (tx) => {
      const face = await repo.lockApprovedFace(tx, id);
      if (!face) throw notFound('That company');
      const changed =
        (values.name !== undefined && values.name !== face.name) ||
        (values.websiteUrl !== undefined && values.websiteUrl !== face.websiteUrl) ||
        (values.logo !== undefined && values.logo !== face.logo);
      // Administrators' own edits are approved as they are made.
      const backToReview = face.isApproved && changed && !can(viewer, 'company.approve', undefined);
      if (Object.keys(values).length) await repo.updateCompany(tx, id, { ...values, ...(backToReview ? { isApproved: false } : {}) });
      if (backToReview) {
        await recordAudit(tx, {
          by: viewer,
          action: 'company.approval_changed',
          objectType: 'company',
          objectId: id,
          before: { is_approved: true, name: face.name, website_url: face.websiteUrl },
          after: {
            is_approved: false,
            name: values.name ?? face.name,
            // An erased website (null) is a change to record, not "unchanged".
            website_url: values.websiteUrl === undefined ? face.websiteUrl : values.websiteUrl,
            reason: 'changed_after_approval',
          },
        });
      }
      return values.logo !== undefined ? face.logo : null;
    });
    await deps.events?.emit('company.changed', { companyId: id });
    return replaced;
  }

  async function mailApproval(company: CompanyRecord) {
    const owner = await findUserById(db, company.ownerId);
    if (!owner) return;
    const link = deps.publicUrl ? `\n\nPost your first job: ${deps.publicUrl.replace(/\/$/, '')}/#/EmployerJobManagement\n` : '\n';
    await deps.mailer.send({
      to: owner.email,
      subject: `${inline(company.name)} is approved on ${deps.productName}`,
      text: `Hello ${inline(owner.fullName)},\n\nGood news: ${inline(company.name)} is now approved on ${deps.productName}. Its open jobs are public and job seekers can find them.${link}`,
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
        // Every member's bell, written with the change and pushed live by realtime/: their open
        // screens follow it (the web refreshes what the approval decides when the notice arrives).
        const company = await repo.findCompanyById(tx, id, utcToday());
        if (company) {
          await insertNotifications(
            tx,
            (await findMembers(tx, id)).map((member) =>
              change.now
                ? {
                    userId: member.userId,
                    type: 'company_approved',
                    message: `${company.name} is approved: its open jobs are public.`,
                    link: '/EmployerJobManagement',
                  }
                : {
                    userId: member.userId,
                    type: 'company_approval_withdrawn',
                    message: `${company.name} is no longer approved: its jobs are hidden from job seekers until it is approved again.`,
                    link: '/EmployerCompanyManagement',
                  },
            ),
          );
        }
      }
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
    if (result.was !== result.now) {
      await deps.events?.emit('notifications.created', {});
      await deps.events?.emit('company.changed', { companyId: id });
    }
    if (!result.was && result.now) {
      const company = await repo.findCompanyById(db, id, utcToday());
      if (company) {
        mailApproval(company).catch((error: unknown) => deps.log.error({ err: error, companyId: id }, 'approval e-mail not sent'));
      }
    }
    return result.now;
  }

  return {
    async list(viewer: Viewer | null, q: CompanyListQuery): Promise<PagedRows<CompanyOut>> {
      // An employer's list is the company they work for (none yet: an empty list).
      const scope: repo.CompanyScope =
        viewer?.role === 'admin'
          ? { kind: 'all' }
          : viewer?.role === 'employer'
            ? viewer.companyId === null
              ? { kind: 'none' }
              : { kind: 'one', companyId: viewer.companyId }
            : { kind: 'approved' };
      // Approved companies are public reads (a replica); an employer's or the admins' list the primary's.
      const { rows, total } = await repo.findCompanies(scope.kind === 'approved' ? reads : db, scope, q, utcToday());
      return { rows: rows.map((row) => present(viewer, row)), total };
    },

    /** One company, with its response time (its page says it). */
    get: async (viewer: Viewer | null, id: number): Promise<CompanyOut> => {
      const company = present(viewer, await companyFor(viewer, 'company.view', id, reads));
      const answers = await findResponseTime(reads, id);
      return { ...company, response_time: answers && { median_hours: answers.medianHours, answered: answers.answered } };
    },

    /** Submits the employer's company; the database makes them its owner member in the same statement. */
    async create(viewer: Viewer, input: ParsedInput): Promise<CompanyOut> {
      authorize(viewer, 'company.create', undefined);
      if (viewer.companyRole === 'recruiter') {
        throw new AppError('conflict', "You are a recruiter of a company already; you can't submit another one.");
      }
      const row =
        viewer.companyId === null
          ? await db.transaction(async (tx) => {
              const inserted = await repo.insertCompany(tx, viewer.userId, toValues(input) as CompanyValues);
              // Administrators' bells: a company waits for approval (written with it).
              if (inserted) {
                await insertNotificationForAdmins(tx, {
                  type: 'company_pending',
                  message: `${input.name ?? 'A company'} is waiting for approval.`,
                  link: '/companies',
                });
              }
              return inserted;
            })
          : undefined;
      if (!row) throw new AppError('conflict', 'You have already submitted your company. Edit it instead.');
      await deps.events?.emit('notifications.created', {});
      // The viewer became its owner in this request, after their membership was read.
      const created = await repo.findCompanyById(db, row.id, utcToday());
      return presentCompany(created!, { withOwner: true });
    },

    async replace(viewer: Viewer, id: number, input: ParsedInput): Promise<CompanyOut> {
      await companyFor(viewer, 'company.edit', id);
      await saveDetails(viewer, id, toValues(input));
      return reload(viewer, id);
    },

    async patch(viewer: Viewer, id: number, input: ParsedPatch): Promise<CompanyOut> {
      await companyFor(viewer, 'company.edit', id);
      const { is_approved: approval, ...fields } = input;
      if (approval !== undefined) authorize(viewer, 'company.approve', undefined);
      const values = toValues(fields);
      if (Object.keys(values).length) await saveDetails(viewer, id, values);
      if (approval !== undefined) await applyApproval(viewer, id, approval);
      return reload(viewer, id);
    },

    async toggleApproval(viewer: Viewer, id: number) {
      authorize(viewer, 'company.approve', undefined);
      return { id, is_approved: await applyApproval(viewer, id, 'toggle') };
    },

    /** Deletes a company: its owner, or an admin. */
    async remove(viewer: Viewer, id: number): Promise<void> {
      const company = await companyFor(viewer, 'company.delete', id);
      // Its jobs and their applications go with it, and the resumes sent only with them.
      const deleted = await files.withApplicationsOf({ companyId: id }, () =>
        db.transaction(async (tx) => {
          const row = await repo.deleteCompany(tx, id);
          if (row) {
            await recordAudit(tx, {
              by: viewer,
              action: 'company.deleted',
              objectType: 'company',
              objectId: id,
              before: { name: company.name, owner_id: company.ownerId },
            });
          }
          return row;
        }),
      );
      if (!deleted) throw notFound('That company');
      await deps.events?.emit('company.changed', { companyId: id });
      if (deleted.logo) await files.removeStored(deleted.logo);
    },

    /** Refuses unless this viewer may change the company (checked before an upload is read). */
    async assertWritable(viewer: Viewer, id: number): Promise<void> {
      await companyFor(viewer, 'company.edit', id);
    },

    async setLogo(viewer: Viewer, id: number, upload: CheckedFile): Promise<CompanyOut> {
      await companyFor(viewer, 'company.edit', id);
      const key = await files.storeLogo(id, upload);
      const previous = await saveDetails(viewer, id, { logo: key });
      if (previous && previous !== key) await files.removeStored(previous);
      return reload(viewer, id);
    },

    /** The logo's bytes for a viewer who may see the company; `isPublic` tells whether caches may keep it. */
    async getLogo(viewer: Viewer | null, id: number): Promise<{ data: Buffer; contentType: string; isPublic: boolean }> {
      const company = await companyFor(viewer, 'company.view', id);
      const logo = company.logo ? await files.readLogo(company.logo) : undefined;
      if (!logo) throw notFound('That logo');
      return { ...logo, isPublic: company.isApproved };
    },
  };
}
export type CompaniesService = ReturnType<typeof createCompaniesService>;
