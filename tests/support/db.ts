import { inject } from 'vitest';
import pg from 'pg';

let databaseUrlOverride: string | undefined;

/** Points `withDatabase` at a stack the test file started itself (chaos tests). */
export function targetDatabase(url: string): void {
  databaseUrlOverride = url;
}

/** Direct SQL for tests that must look under the API (RLS, schema, crash checks). */
export async function withDatabase<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrlOverride ?? inject('databaseUrl') });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

export async function tenantId(tag: string): Promise<string> {
  return withDatabase(async (client) => (await client.query<{ id: string }>('SELECT id FROM "Tenant" WHERE tag = $1', [tag])).rows[0]!.id);
}
