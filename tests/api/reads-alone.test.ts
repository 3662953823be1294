import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { tenantId } from '../support/db';
import { ownTenant } from '../support/own-tenant';

// LEDGER_GATHER_READS=off (README): the hot tenant reads go to PostgreSQL one message each, as they
// did before reads of one turn travelled together (tests/api/tenant-scope.test.ts has those).

process.env.DATABASE_URL = inject('databaseUrl');
process.env.LEDGER_GATHER_READS = 'off';
const { gatheredReads, tenantRead } = await import('@/lib/db/tenant-read');
const { prisma } = await import('@/lib/db/client');

let acme = '';
let globex = '';
beforeAll(async () => {
  const [first, second] = await Promise.all([ownTenant('alone-a'), ownTenant('alone-b')]);
  acme = await tenantId(first.tenant);
  globex = await tenantId(second.tenant);
});
afterAll(async () => {
  await prisma.$disconnect();
});

describe('tenant reads with LEDGER_GATHER_READS=off', () => {
  it('go one message each, under their own tenants, and a failing one fails alone', async () => {
    const read = "SELECT (10 / $1::int)::text AS n, current_setting('app.tenant_id') AS tenant";
    const outcomes = await Promise.allSettled([
      tenantRead(acme, read, ['2']),
      tenantRead(globex, read, ['0']),
      tenantRead(globex, read, ['5']),
    ]);
    expect(outcomes[0]).toEqual({ status: 'fulfilled', value: [{ n: '5', tenant: acme }] });
    expect(outcomes[1]).toMatchObject({ status: 'rejected', reason: { code: '22012' } });
    expect(outcomes[2]).toEqual({ status: 'fulfilled', value: [{ n: '2', tenant: globex }] });
    // Nothing was gathered: no batch went out through the gathering.
    expect(gatheredReads()).toEqual({ batches: 0, reads: 0 });
  });
});
