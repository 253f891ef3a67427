import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

/**
 * The rule messages ESLint gives this code as if it stood at `file` (relative to the repository).
 * The code is a text here, linted under a path that need not exist, so no fixture file sits in the tree.
 */
async function messagesFor(file: string, code: string) {
  const [result] = await new ESLint({ cwd: root }).lintText(code, { filePath: path.join(root, file) });
  return result!.messages.map((m) => `${m.ruleId}: ${m.message}`);
}

const restricted = (message: RegExp) => expect.stringMatching(new RegExp(`no-restricted-imports: .*${message.source}`));

describe("the server's layers, held by lint (eslint.config.js)", () => {
  it('refuses a repository or presenter that imports a service, routes or cache code', async () => {
    const code = "import { createChatService } from './chat.service';\nexport const made = createChatService;\n";
    expect(await messagesFor('apps/server/src/modules/chat/chat.repository.ts', code)).toEqual([
      restricted(/imports no service, route or cache code/),
    ]);
    const cache = "import { createSearchCache } from './search-cache';\nexport const made = createSearchCache;\n";
    expect(await messagesFor('apps/server/src/modules/jobs/jobs.presenter.ts', cache)).toHaveLength(1);
  });

  it('refuses a route that calls a repository, and a service that imports routes', async () => {
    const repo = "import * as repo from './chat.repository';\nexport const made = repo;\n";
    expect(await messagesFor('apps/server/src/modules/chat/chat.routes.ts', repo)).toEqual([restricted(/never a repository/)]);
    const routes = "import { chatRoutes } from './chat.routes';\nexport const made = chatRoutes;\n";
    expect(await messagesFor('apps/server/src/modules/chat/chat.service.ts', routes)).toEqual([restricted(/imports no routes/)]);
  });

  it("refuses another module's internals, and lets its public index through", async () => {
    const internals = "import { recordAudit } from '../audit/audit.repository';\nexport const made = recordAudit;\n";
    expect(await messagesFor('apps/server/src/modules/chat/chat.service.ts', internals)).toEqual([restricted(/public index/)]);
    const index =
      "import { recordAudit } from '../audit';\nimport * as repo from './chat.repository';\nexport const made = [recordAudit, repo];\n";
    expect(await messagesFor('apps/server/src/modules/chat/chat.service.ts', index)).toEqual([]);
    const fromSeed = "import { ensureProfile } from '../modules/profiles/profiles.repository';\nexport const made = ensureProfile;\n";
    expect(await messagesFor('apps/server/src/seed/factories.ts', fromSeed)).toEqual([restricted(/public index/)]);
  });

  it('keeps db/ and lib/ below the modules, and module code off the seed', async () => {
    const seed = "import { notificationsFor } from '../../modules/notifications';\nexport const made = notificationsFor;\n";
    expect(await messagesFor('apps/server/src/db/seed/demo.ts', seed)).toEqual([restricted(/db\/ is below the modules/)]);
    const lib = "import { recordAudit } from '../modules/audit';\nexport const made = recordAudit;\n";
    expect(await messagesFor('apps/server/src/lib/mail.ts', lib)).toEqual([restricted(/below the modules/)]);
    const factories = "import { createUser } from '../../seed/factories';\nexport const made = createUser;\n";
    expect(await messagesFor('apps/server/src/modules/chat/chat.service.ts', factories)).toEqual([
      restricted(/seed sits above the modules/),
    ]);
  });
});
