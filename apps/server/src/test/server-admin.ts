import pg from 'pg';

/**
 * A connection to the PostgreSQL server's maintenance database, for creating and dropping test
 * databases. Its errors are logged, not thrown: an 'error' event nobody listens to is an uncaught
 * exception, which fails the run after every test passed.
 */
export async function connectAdmin(serverUrl: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: serverUrl });
  client.on('error', (error) => console.warn(`test database server connection: ${error.message}`));
  await client.connect();
  return client;
}
