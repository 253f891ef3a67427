import os from 'node:os';
import path from 'node:path';

/** Where the journeys' server, mail peer and data live; the config, setup and tests all read this. */
export const e2eEnv = {
  port: Number(process.env.E2E_PORT ?? 8790),
  smtpPort: Number(process.env.E2E_SMTP_PORT ?? 8791),
  dataDir: path.join(os.tmpdir(), `jp-e2e-${process.env.E2E_PORT ?? 8790}`),
  get mailSpool() {
    return path.join(this.dataDir, 'mail.jsonl');
  },
  get baseURL() {
    return `http://127.0.0.1:${this.port}`;
  },
};
