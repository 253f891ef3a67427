// The hiring board's first load, as the web app makes it: the first page of every status column
// (GET /api/jobs/{id}/applicants/?status=…&page=1&page_size=20), all columns at once.
import http from 'node:http';
import { applicationStatuses } from '../../packages/shared/src/vocabulary';
import { stats, type Stats } from '../common';

/** The board's page size per column (apps/web features/applications: pageSize). */
const boardPageSize = 20;

export interface BoardFigures {
  /** One board load: every column's first page requested together, until the last answers. */
  board: Stats;
  /** Each column request, within those loads. */
  column: Stats;
  /** A column's first page requested alone (one request at a time): what each request costs without the others. */
  alone: Stats;
  errors: number;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

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
 * after `warmup` unmeasured ones, one load at a time, each requesting all status columns at once.
 */
export async function measureBoard(
  baseUrl: string,
  jobId: number,
  token: string,
  { samples = 200, warmup = 20 }: { samples?: number; warmup?: number } = {},
): Promise<BoardFigures> {
  const urls = applicationStatuses.map((s) => `${baseUrl}/api/jobs/${jobId}/applicants/?status=${s}&page=1&page_size=${boardPageSize}`);
  const boards: number[] = [];
  const columns: number[] = [];
  let errors = 0;
  for (let i = 0; i < warmup + samples; i++) {
    const started = performance.now();
    const answers = await Promise.all(urls.map((url) => timedGet(url, token)));
    const took = performance.now() - started;
    if (i < warmup) continue;
    boards.push(took);
    for (const answer of answers) {
      columns.push(answer.ms);
      if (answer.status !== 200) errors++;
    }
  }
  const alone: number[] = [];
  for (let i = 0; i < samples; i++) {
    const answer = await timedGet(urls[i % urls.length]!, token);
    alone.push(answer.ms);
    if (answer.status !== 200) errors++;
  }
  return { board: stats(boards), column: stats(columns), alone: stats(alone), errors };
}
