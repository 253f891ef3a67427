import type { TaxonomyItem } from '@jobportal/shared';
import type { TaxonomyRecord } from './taxonomy.repository';

export const presentTaxonomyItem = (row: TaxonomyRecord): TaxonomyItem => ({ id: row.id, name: row.name, job_count: row.jobCount });
