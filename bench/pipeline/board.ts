// The hiring board's first load, as the web app makes it: one call answering every status column's
// count and first page (GET /api/jobs/{id}/applicants/board/?page_size=20). A column's further pages
// are the applicants list by status (GET /api/jobs/{id}/applicants/?status=…&page=…&page_size=20),
// measured here for one column's first page alone, what each of the eight calls cost before.
import http from 'node:http';
import { applicationStatuses } from '../../packages/shared/src/vocabulary';
import { stats, type Stats } from '../common';

/** The board's page size per column (apps/web features/applications: pageSize). */
const boardPageSize = 20;

export interface BoardFigures {
  /** One board load: the board call, until its answer has arrived. */
  board: Stats;
  /** A column's first page from the list, one request at a time: what one column costs alone. */
  alone: Stats;
  errors: number;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });

function timedGet(url: string, token: string): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent, headers: { authorization: `Bearer ${token}` } }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - started }));
    });
    req.on('error', reject);
  });
}

/**
 * Measures the board of job `jobId` as its employer (bearer `token`) opens it: `samples` board loads
 * after `warmup` unmeasured ones, one at a time; then `samples` single columns' first pages, one at a time.
 */
export async function measureBoard(
  baseUrl: string,
  jobId: number,
  token: string,
  { samples = 200, warmup = 20 }: { samples?: number; warmup?: number } = {},
): Promise<BoardFigures> {
  const boardUrl = `${baseUrl}/api/jobs/${jobId}/applicants/board/?page_size=${boardPageSize}`;
  const columnUrls = applicationStatuses.map(
    (s) => `${baseUrl}/api/jobs/${jobId}/applicants/?status=${s}&page=1&page_size=${boardPageSize}`,
  );
  const boards: number[] = [];
  const alone: number[] = [];
  let errors = 0;
  for (let i = 0; i < warmup + samples; i++) {
    const answer = await timedGet(boardUrl, token);
    if (answer.status !== 200) errors++;
    if (i >= warmup) boards.push(answer.ms);
  }
  for (let i = 0; i < samples; i++) {
    const answer = await timedGet(columnUrls[i % columnUrls.length]!, token);
    alone.push(answer.ms);
    if (answer.status !== 200) errors++;
  }
  return { board: stats(boards), alone: stats(alone), errors };
}
