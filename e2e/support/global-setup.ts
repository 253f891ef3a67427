import fs from 'node:fs';
import { startServerProcess, waitForExit } from '../../apps/server/src/test/server-process';
import { startSmtpPeer } from '../../apps/server/src/test/smtp-peer';
import { e2eEnv } from './env';

/** One real server on a fresh embedded database with the demo data, and a real SMTP peer. */
export default async function globalSetup() {
  fs.rmSync(e2eEnv.dataDir, { recursive: true, force: true });
  fs.mkdirSync(e2eEnv.dataDir, { recursive: true });
  const smtp = await startSmtpPeer({ port: e2eEnv.smtpPort, spoolFile: e2eEnv.mailSpool });
  const server = await startServerProcess({
    PORT: String(e2eEnv.port),
    DATA_DIR: e2eEnv.dataDir,
    SMTP_URL: smtp.url,
    SEED_DEMO: 'true',
    RATE_LIMIT_MULTIPLIER: '50',
  });
  return async () => {
    // What the server logged (warnings and errors only): in the run's output, where a failed journey is read.
    const said = server.output().trim();
    if (said) console.log(`\n── the journeys' server logged ──\n${said.slice(-30_000)}`);
    server.child.kill('SIGTERM');
    await waitForExit(server.child);
    await smtp.close();
    if (process.env.E2E_KEEP_DATA !== '1') fs.rmSync(e2eEnv.dataDir, { recursive: true, force: true });
  };
}
