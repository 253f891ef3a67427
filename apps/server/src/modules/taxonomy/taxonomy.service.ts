import type { TaxonomyInput, TaxonomyItem, TaxonomyQuery } from '@jobportal/shared';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../lib/app-error';
import type { Viewer } from '../../lib/access';
import { isUniqueViolation } from '../../lib/db-errors';
import { recordAudit } from '../audit';
import { presentTaxonomyItem } from './taxonomy.presenter';
import * as repo from './taxonomy.repository';
import type { TaxonomyKind } from './taxonomy.repository';

const nouns = { category: ['category', 'categories'], skill: ['skill', 'skills'] } as const;

/** Job categories and skills: the same rules for both lists; every change is in the audit log. */
/** `reads`: where the public lists are read (a replica, docs/decisions/021-read-replicas.md). */
export function createTaxonomyService(db: Db, kind: TaxonomyKind, reads: Db = db) {
  const [noun] = nouns[kind];
  const Noun = noun[0]!.toUpperCase() + noun.slice(1);
  const nameTaken = (name: string) =>
    new AppError('conflict', `A ${noun} named "${name}" already exists.`, {
      fields: { name: [`A ${noun} with this name already exists.`] },
    });

  async function getItem(id: number, from: Db = db): Promise<TaxonomyItem> {
    const row = await repo.findTaxonomyItem(from, kind, id);
    if (!row) throw notFound(`That ${noun}`);
    return presentTaxonomyItem(row);
  }

  return {
    list: async (q: TaxonomyQuery) => (await repo.findTaxonomy(reads, kind, q)).map(presentTaxonomyItem),
    getItem: (id: number) => getItem(id, reads),

    async create(viewer: Viewer, input: TaxonomyInput): Promise<TaxonomyItem> {
      const row = await db.transaction(async (tx) => {
        const inserted = await repo.insertTaxonomyItem(tx, kind, input.name);
        if (inserted) {
          await recordAudit(tx, {
            by: viewer,
            action: `${kind}.created`,
            objectType: kind,
            objectId: inserted.id,
            after: { name: input.name },
          });
        }
        return inserted;
      });
      if (!row) throw nameTaken(input.name);
      return getItem(row.id);
    },

    async rename(viewer: Viewer, id: number, input: TaxonomyInput): Promise<TaxonomyItem> {
      let found: boolean;
      try {
        found = await db.transaction(async (tx) => {
          const before = await repo.lockTaxonomyName(tx, kind, id);
          if (before === undefined) return false;
          await repo.renameTaxonomyItem(tx, kind, id, input.name);
          if (before !== input.name) {
            await recordAudit(tx, {
              by: viewer,
              action: `${kind}.renamed`,
              objectType: kind,
              objectId: id,
              before: { name: before },
              after: { name: input.name },
            });
          }
          return true;
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw nameTaken(input.name);
        throw error;
      }
      if (!found) throw notFound(`That ${noun}`);
      return getItem(id);
    },

    async remove(viewer: Viewer, id: number): Promise<void> {
      const result = await db.transaction(async (tx) => {
        const outcome = await repo.deleteUnusedTaxonomyItem(tx, kind, id);
        if (outcome.outcome === 'deleted') {
          await recordAudit(tx, { by: viewer, action: `${kind}.deleted`, objectType: kind, objectId: id, before: { name: outcome.name } });
        }
        return outcome;
      });
      if (result.outcome === 'missing') throw notFound(`That ${noun}`);
      if (result.outcome === 'in_use') {
        const jobs = result.jobCount === 1 ? '1 job uses' : `${result.jobCount} jobs use`;
        throw new AppError('conflict', `${Noun} in use: ${jobs} it. Remove it from those jobs first.`);
      }
    },
  };
}
export type TaxonomyService = ReturnType<typeof createTaxonomyService>;
