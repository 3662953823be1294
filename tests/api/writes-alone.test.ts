import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { tenantId, withDatabase } from '../support/db';
import { ownTenant } from '../support/own-tenant';

// LEDGER_GATHER_WRITES=off (README): each one-message tenant write commits in a transaction of its
// own, as before the writes of one turn committed together (tests/api/tenant-scope.test.ts has those).

process.env.DATABASE_URL = inject('databaseUrl');
process.env.LEDGER_GATHER_WRITES = 'off';
const { gatheredWrites } = await import('@/lib/db/tenant-commit');
const { tenantWrite } = await import('@/lib/db/tenant-write');
const { Prisma } = await import('@/lib/db/generated/client');
const { prisma } = await import('@/lib/db/client');

let acme = '';
beforeAll(async () => {
  acme = await tenantId((await ownTenant('writes-alone')).tenant);
});
afterAll(async () => {
  await prisma.$disconnect();
});

describe('tenant writes with LEDGER_GATHER_WRITES=off', () => {
  it('commit one transaction each, and a failing one fails alone', async () => {
    const numbers = [`ALONE-${crypto.randomUUID()}`, `ALONE-${crypto.randomUUID()}`];
    const write = (quoteNumber: string) =>
      tenantWrite(acme, (tx) =>
        tx.queryAndCommit<{ n: string }>(
          Prisma.sql`INSERT INTO "Policy" ("tenantId", "productCode", "status", "quoteNumber", "data", "dateInception", "dateExpiry", "createdBy")
            VALUES (${acme}::uuid, 'home', 'draft', ${quoteNumber}, '{"customer":{}}', '2027-01-01', '2028-01-01', 'test')
            RETURNING "quoteNumber" AS n`,
        ),
      );
    const outcomes = await Promise.allSettled([write(numbers[0]!), write(numbers[0]!), write(numbers[1]!)]);
    expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(['fulfilled', 'fulfilled', 'rejected']);
    expect(outcomes[2]).toEqual({ status: 'fulfilled', value: [{ n: numbers[1] }] });
    const writers = await withDatabase(
      async (client) =>
        (await client.query<{ xmin: string }>('SELECT xmin::text AS xmin FROM "Policy" WHERE "quoteNumber" = ANY($1)', [numbers])).rows,
    );
    expect(writers).toHaveLength(2);
    expect(writers[0]!.xmin).not.toBe(writers[1]!.xmin);
    // Nothing was gathered.
    expect(gatheredWrites()).toEqual({ transactions: 0, writes: 0 });
  });
});
