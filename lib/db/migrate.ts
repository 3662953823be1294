import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';

// Applies prisma/migrations/*/migration.sql in order, once each, under an advisory lock so
// that several processes starting together migrate exactly once. We run the SQL ourselves
// because Prisma's migrate needs a schema-engine binary that is downloaded outside npm.

const MIGRATIONS_LOCK_ID = 727_001;
const migrationsDir = path.join(process.cwd(), 'prisma', 'migrations');

export interface MigrationResult {
  applied: string[];
}

export async function migrate(databaseUrl: string): Promise<MigrationResult> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATIONS_LOCK_ID]);
    await client.query(`CREATE TABLE IF NOT EXISTS "_LedgerMigration" (
      "name" TEXT PRIMARY KEY, "checksum" TEXT NOT NULL, "appliedAt" TIMESTAMPTZ NOT NULL DEFAULT now())`);
    const done = new Map<string, string>(
      (await client.query<{ name: string; checksum: string }>('SELECT name, checksum FROM "_LedgerMigration"')).rows.map((row) => [
        row.name,
        row.checksum,
      ]),
    );
    const applied: string[] = [];
    for (const name of await migrationNames()) {
      const sql = await readFile(path.join(migrationsDir, name, 'migration.sql'), 'utf8');
      const checksum = createHash('sha256').update(sql).digest('hex');
      const known = done.get(name);
      if (known !== undefined) {
        if (known !== checksum) throw new Error(`migration ${name} was changed after it was applied`);
        continue;
      }
      await client.query('BEGIN');
      try {
        await client.query(sql);
        await client.query('INSERT INTO "_LedgerMigration" (name, checksum) VALUES ($1, $2)', [name, checksum]);
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK');
        throw new Error(`migration ${name} failed: ${(error as Error).message}`);
      }
      applied.push(name);
    }
    await grantTenantRole(client);
    return { applied };
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATIONS_LOCK_ID]).catch(() => undefined);
    await client.end();
  }
}

export async function migrationNames(): Promise<string[]> {
  const entries = await readdir(migrationsDir, { withFileTypes: true });
  return entries
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

/** Tables that are only ever appended to (0002, 0005 and 0020 refuse changes by trigger too). */
const APPEND_ONLY_TABLES = ['Event', 'JournalEntry', 'JournalLine', 'PolicyVersion', 'FeedEntry'];

/**
 * Request transactions switch to ledger_tenant; it needs plain DML on every table, and no more than
 * INSERT on the append-only ones. FeedEntry it only reads: its rows are written by the commit trigger (0020).
 */
async function grantTenantRole(client: pg.Client): Promise<void> {
  await client.query(`GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO ledger_tenant;
    GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO ledger_tenant;
    REVOKE ALL ON "_LedgerMigration", "SigningKey", "WorkerHeartbeat" FROM ledger_tenant;
    REVOKE UPDATE, DELETE, TRUNCATE ON ${APPEND_ONLY_TABLES.map((table) => `"${table}"`).join(', ')} FROM ledger_tenant;
    REVOKE INSERT ON "FeedEntry" FROM ledger_tenant;`);
}
