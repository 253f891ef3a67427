import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

/** The rule messages ESLint gives this code as if it stood at `file` (relative to the repository). */
async function messagesFor(file: string, code: string) {
  const [result] = await new ESLint({ cwd: root }).lintText(code, { filePath: path.join(root, file) });
  return result!.messages.map((m) => `${m.ruleId}: ${m.message}`);
}

describe("the server's layers, held by lint", () => {
  it('refuses a repository or presenter that imports a service, routes or cache code', async () => {
    const code = "import { createJobsService } from './jobs.service';\nexport const made = createJobsService;\n";
    expect(await messagesFor('apps/server/src/modules/jobs/jobs.repository.ts', code)).toEqual([
      expect.stringMatching(/no-restricted-imports: .*imports no service, route or cache code/),
    ]);
    const cache = "import { createSearchCache } from './search-cache';\nexport const made = createSearchCache;\n";
    expect(await messagesFor('apps/server/src/modules/jobs/jobs.presenter.ts', cache)).toHaveLength(1);
  });

  it('lets a service import its repository and another module’s repository', async () => {
    const code =
      "import * as repo from './jobs.repository';\nimport { findTaxonomyNames } from '../taxonomy/taxonomy.repository';\nexport const made = [repo, findTaxonomyNames];\n";
    expect(await messagesFor('apps/server/src/modules/jobs/jobs.service.ts', code)).toEqual([]);
  });
});
