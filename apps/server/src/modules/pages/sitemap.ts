import type { Db } from '../../db/client';
import { utcToday } from '../../lib/dates';
import { escapeXml } from './html';
import * as repo from './sitemap.repository';
import type { IdRange, SitemapRow } from './sitemap.repository';

/** The sitemaps protocol's limit of addresses in one file (sitemaps.org). */
export const sitemapLimit = 50_000;

export interface SitemapOptions {
  /** Addresses per file before /sitemap.xml becomes an index of child sitemaps (sitemaps.org: 50,000). */
  pageSize?: number;
  /** Rows read from the database at a time. */
  batchSize?: number;
}

export type SitemapKind = 'jobs' | 'companies';

const xmlHead = '<?xml version="1.0" encoding="UTF-8"?>\n';
const ns = 'http://www.sitemaps.org/schemas/sitemap/0.9';

const urlEntry = (loc: string, lastmod: Date) => `<url><loc>${escapeXml(loc)}</loc><lastmod>${lastmod.toISOString()}</lastmod></url>\n`;

/**
 * The sitemap of open jobs and approved companies, written as it is read: keyset batches of ids,
 * never the whole list in memory. One file up to `pageSize` addresses; past that an index of child
 * sitemaps (/sitemaps/jobs-{n}.xml, /sitemaps/companies-{n}.xml), each an id block of `pageSize`,
 * so it cannot hold more than the limit.
 */
export function createSitemaps(db: Db, origin: string, options: SitemapOptions = {}) {
  const pageSize = Math.min(options.pageSize ?? sitemapLimit, sitemapLimit);
  const batchSize = options.batchSize ?? 5000;

  async function* rowsIn(kind: SitemapKind, range: IdRange, today: string): AsyncGenerator<SitemapRow> {
    let after = range.after;
    for (;;) {
      const rows =
        kind === 'jobs'
          ? await repo.findPublicJobsAfter(db, { after, upTo: range.upTo }, batchSize, today)
          : await repo.findApprovedCompaniesAfter(db, { after, upTo: range.upTo }, batchSize);
      yield* rows;
      if (rows.length < batchSize) return;
      after = rows[rows.length - 1]!.id;
    }
  }

  const pathOf = (kind: SitemapKind, id: number) => `${origin}/${kind}/${id}`;

  return {
    pageSize,

    /** /sitemap.xml: every address in one urlset, or the index of child sitemaps past `pageSize`. */
    async *main(): AsyncGenerator<string> {
      const today = utcToday();
      const total = await repo.countSitemapAddresses(db, today);
      if (total + 1 <= pageSize) {
        yield `${xmlHead}<urlset xmlns="${ns}">\n`;
        // The home page (the search) is always there, so the set is never empty (the schema wants one url).
        yield `<url><loc>${escapeXml(`${origin}/`)}</loc></url>\n`;
        const all = { after: 0, upTo: 2_147_483_647 };
        for (const kind of ['jobs', 'companies'] as const) {
          let chunk = '';
          for await (const row of rowsIn(kind, all, today)) {
            chunk += urlEntry(pathOf(kind, row.id), row.updatedAt);
            if (chunk.length > 64 * 1024) {
              yield chunk;
              chunk = '';
            }
          }
          if (chunk) yield chunk;
        }
        yield '</urlset>\n';
        return;
      }
      yield `${xmlHead}<sitemapindex xmlns="${ns}">\n`;
      for (const kind of ['jobs', 'companies'] as const) {
        const blocks = kind === 'jobs' ? await repo.findJobBlocks(db, pageSize, today) : await repo.findCompanyBlocks(db, pageSize);
        yield blocks
          .map(
            (b) =>
              `<sitemap><loc>${escapeXml(`${origin}/sitemaps/${kind}-${b.block}.xml`)}</loc><lastmod>${b.lastmod.toISOString()}</lastmod></sitemap>\n`,
          )
          .join('');
      }
      yield '</sitemapindex>\n';
    },

    /** A child sitemap: the addresses of one id block; undefined when the block holds none (a 404). */
    async child(kind: SitemapKind, block: number): Promise<AsyncGenerator<string> | undefined> {
      const today = utcToday();
      const range = { after: (block - 1) * pageSize, upTo: block * pageSize };
      const rows = rowsIn(kind, range, today);
      const first = await rows.next();
      if (first.done) return undefined;
      return (async function* () {
        yield `${xmlHead}<urlset xmlns="${ns}">\n`;
        let chunk = urlEntry(pathOf(kind, first.value.id), first.value.updatedAt);
        for await (const row of rows) {
          chunk += urlEntry(pathOf(kind, row.id), row.updatedAt);
          if (chunk.length > 64 * 1024) {
            yield chunk;
            chunk = '';
          }
        }
        yield `${chunk}</urlset>\n`;
      })();
    },
  };
}
export type Sitemaps = ReturnType<typeof createSitemaps>;
