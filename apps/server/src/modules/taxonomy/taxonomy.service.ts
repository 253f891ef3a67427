import type { TaxonomyInput, TaxonomyItem, TaxonomyQuery } from '@jobportal/shared';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../lib/app-error';
import { isUniqueViolation } from '../../lib/db-errors';
import { presentTaxonomyItem } from './taxonomy.presenter';
import * as repo from './taxonomy.repository';
import type { TaxonomyKind } from './taxonomy.repository';

const nouns = { category: ['category', 'categories'], skill: ['skill', 'skills'] } as const;

/** Job categories and skills: the same rules for both lists. */
export function createTaxonomyService(db: Db, kind: TaxonomyKind) {
  const [noun] = nouns[kind];
  const Noun = noun[0]!.toUpperCase() + noun.slice(1);
  const nameTaken = (name: string) =>
    new AppError('conflict', `A ${noun} named "${name}" already exists.`, {
      fields: { name: [`A ${noun} with this name already exists.`] },
    });

  async function getItem(id: number): Promise<TaxonomyItem> {
    const row = await repo.findTaxonomyItem(db, kind, id);
    if (!row) throw notFound(`That ${noun}`);
    return presentTaxonomyItem(row);
  }

  return {
    list: async (q: TaxonomyQuery) => (await repo.findTaxonomy(db, kind, q)).map(presentTaxonomyItem),
    getItem,

    async create(input: TaxonomyInput): Promise<TaxonomyItem> {
      const row = await repo.insertTaxonomyItem(db, kind, input.name);
      if (!row) throw nameTaken(input.name);
      return getItem(row.id);
    },

    async rename(id: number, input: TaxonomyInput): Promise<TaxonomyItem> {
      let found: boolean;
      try {
        found = await repo.renameTaxonomyItem(db, kind, id, input.name);
      } catch (error) {
        if (isUniqueViolation(error)) throw nameTaken(input.name);
        throw error;
      }
      if (!found) throw notFound(`That ${noun}`);
      return getItem(id);
    },

    async remove(id: number): Promise<void> {
      const result = await repo.deleteUnusedTaxonomyItem(db, kind, id);
      if (result.outcome === 'missing') throw notFound(`That ${noun}`);
      if (result.outcome === 'in_use') {
        const jobs = result.jobCount === 1 ? '1 job uses' : `${result.jobCount} jobs use`;
        throw new AppError('conflict', `${Noun} in use: ${jobs} it. Remove it from those jobs first.`);
      }
    },
  };
}
export type TaxonomyService = ReturnType<typeof createTaxonomyService>;
