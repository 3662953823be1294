import { randomBytes, randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationNames } from '@/lib/db/migrate';
import { withDatabase } from '../support/db';

// Migration 0020 moves the feed's positions from the event rows into FeedEntry. A database that
// already holds events gets there from 0019: every position given before is copied as it was, and
// positions given after go on from them, so a reader's cursor stays valid across the upgrade.

const FEED_ENTRIES = '0020_feed_entries';
const databaseName = `feed_migration_${randomBytes(6).toString('hex')}`;
let upgraded: pg.Client;

async function applyMigration(client: pg.Client, name: string): Promise<void> {
  const sql = await readFile(path.join(process.cwd(), 'prisma', 'migrations', name, 'migration.sql'), 'utf8');
  await client.query('BEGIN');
  await client.query(sql);
  await client.query('COMMIT');
}

/** Events committed together, in one transaction, as the ledger writes them. */
async function commitEvents(client: pg.Client, events: { id: string; tenantId: string; type: string }[]): Promise<void> {
  await client.query('BEGIN');
  for (const event of events)
    await client.query(`INSERT INTO "OutboundEvent" ("id", "tenantId", "type", "payload") VALUES ($1, $2, $3, '{}')`, [
      event.id,
      event.tenantId,
      event.type,
    ]);
  await client.query('COMMIT');
}

beforeAll(async () => {
  await withDatabase((client) => client.query(`CREATE DATABASE "${databaseName}"`));
  const url = new URL(inject('databaseUrl'));
  url.pathname = `/${databaseName}`;
  upgraded = new pg.Client({ connectionString: url.toString() });
  await upgraded.connect();
});

afterAll(async () => {
  await upgraded?.end();
  await withDatabase((client) => client.query(`DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`));
});

describe('the feed positions of a database upgraded through migration 0020', () => {
  const [acme, globex] = [randomUUID(), randomUUID()];
  const before = [
    { id: randomUUID(), tenantId: acme, type: 'quote.created' },
    { id: randomUUID(), tenantId: acme, type: 'quote.calculated' },
    { id: randomUUID(), tenantId: globex, type: 'quote.created' },
    { id: randomUUID(), tenantId: acme, type: 'policy.issued' },
  ];
  const after = { id: randomUUID(), tenantId: acme, type: 'policy.issued' };

  it('keeps every position given before, continues after them, and leaves the old column as it was', async () => {
    const names = await migrationNames();
    expect(names).toContain(FEED_ENTRIES);
    for (const name of names.filter((name) => name < FEED_ENTRIES)) await applyMigration(upgraded, name);
    await commitEvents(upgraded, before.slice(0, 2));
    await commitEvents(upgraded, before.slice(2, 3));
    await commitEvents(upgraded, before.slice(3));
    const given = (
      await upgraded.query<{ id: string; tenantId: string; position: string; type: string }>(
        `SELECT "id", "tenantId", "position"::text, "type" FROM "OutboundEvent" ORDER BY "position"`,
      )
    ).rows;
    // The earlier trigger numbered all four, in commit order.
    expect(given.map((row) => row.id)).toEqual(before.map((event) => event.id));

    for (const name of names.filter((name) => name >= FEED_ENTRIES)) await applyMigration(upgraded, name);
    const copied = (
      await upgraded.query<{ id: string; tenantId: string; position: string; type: string }>(
        `SELECT "eventId" AS "id", "tenantId", "position"::text, "type" FROM "FeedEntry" ORDER BY "position"`,
      )
    ).rows;
    expect(copied).toEqual(given);

    await commitEvents(upgraded, [after]);
    const next = (
      await upgraded.query<{ position: string; type: string; old: string | null }>(
        `SELECT entry."position"::text, entry."type", event."position"::text AS "old" FROM "FeedEntry" AS entry
         JOIN "OutboundEvent" AS event ON event."id" = entry."eventId" WHERE entry."eventId" = $1`,
        [after.id],
      )
    ).rows;
    expect(next).toHaveLength(1);
    expect(BigInt(next[0]!.position)).toBeGreaterThan(BigInt(given.at(-1)!.position));
    expect(next[0]!.type).toBe(after.type);
    expect(next[0]!.old).toBeNull();
  });

  it('refuses to change or remove a position once given', async () => {
    await expect(upgraded.query(`UPDATE "FeedEntry" SET "position" = "position" + 1000`)).rejects.toThrow(/append-only/);
    await expect(upgraded.query(`DELETE FROM "FeedEntry"`)).rejects.toThrow(/append-only/);
    expect(Number((await upgraded.query<{ n: string }>(`SELECT count(*) AS n FROM "FeedEntry"`)).rows[0]!.n)).toBe(before.length + 1);
  });

  it('lets a request transaction read the positions of its tenant but never write one', async () => {
    const refused = await withDatabase(async (client) => {
      await client.query('BEGIN');
      await client.query("SELECT set_config('app.tenant_id', $1, true), set_config('role', 'ledger_tenant', true)", [acme]);
      await client.query('SELECT count(*) FROM "FeedEntry"');
      const insert = await client
        .query(`INSERT INTO "FeedEntry" ("tenantId", "position", "eventId", "type") VALUES ($1, 1, $2, 'quote.created')`, [
          acme,
          randomUUID(),
        ])
        .then(
          () => 'inserted',
          (error: Error) => error.message,
        );
      await client.query('ROLLBACK');
      return insert;
    });
    expect(refused).toMatch(/permission denied/);
  });
});
