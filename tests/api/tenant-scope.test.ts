import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { tenantId, withDatabase } from '../support/db';
import { ownTenant } from '../support/own-tenant';

// withTenant sends the tenant settings with its transaction's BEGIN (lib/db/tenant-begin.ts).
// These tests hold the second lock to account on the real pool: every tenant transaction runs as
// ledger_tenant with its own tenant id, also when many of them queue for a small pool, and a system
// transaction opened inside one keeps the connection's own role.

process.env.DATABASE_URL = inject('databaseUrl');
// A small pool, so that transactions queue for connections and resume in other callbacks.
process.env.DB_POOL_MAX = '3';
const { withSystem, withTenant } = await import('@/lib/db/tenant');
const { prisma, sharedPool } = await import('@/lib/db/client');
const { GATHERED_READS_MAX, gatheredReads, tenantRead } = await import('@/lib/db/tenant-read');
const { tenantWrite } = await import('@/lib/db/tenant-write');
const { GATHERED_WRITES_MAX, gatheredWrites } = await import('@/lib/db/tenant-commit');
const { Prisma } = await import('@/lib/db/generated/client');
const { nextQuoteNumberSql } = await import('@/lib/ledger/sequences');
const { statementName } = await import('@/lib/db/prepared-query');
const { systemQuery } = await import('@/lib/db/system-query');

interface Scope {
  tenant: string | null;
  role: string;
}

/** The tenant and role a statement runs with, as the columns `tenant` and `role`. */
const SCOPE_COLUMNS = "nullif(current_setting('app.tenant_id', true), '') AS tenant, current_user::text AS role";

async function scopeOf(tx: Pick<typeof prisma, '$queryRawUnsafe'>): Promise<Scope> {
  const [row] = await tx.$queryRawUnsafe<Scope[]>(`SELECT ${SCOPE_COLUMNS}`);
  return row!;
}

/** The tenant, role and rows a read sees, with the count of the other tenant's rows it was asked for. */
const SCOPE_READ = `SELECT ${SCOPE_COLUMNS},
       (SELECT count(*) FROM "Policy")::text AS rows,
       (SELECT count(*) FROM "Policy" WHERE "tenantId" = $1::uuid)::text AS foreign`;

/** The tenant's rows, counted by the owner (no row-level security). */
const ownRows = (tenant: string) =>
  withDatabase(
    async (client) =>
      (await client.query<{ n: string }>('SELECT count(*)::text AS n FROM "Policy" WHERE "tenantId" = $1', [tenant])).rows[0]!.n,
  );

/** Every statement this process sends to the server, as submitted on the wire (one round trip each). */
const sent: string[] = [];
const submit = pg.Query.prototype.submit;
pg.Query.prototype.submit = function (this: pg.Query & { text?: string }, ...args: Parameters<typeof submit>) {
  sent.push(this.text ?? '');
  return submit.apply(this, args);
};

/** Every batch of prepared statements a tenant write sends (lib/db/statement-pipeline.ts), one a round trip. */
const batches: { text: string; values: readonly unknown[] }[][] = [];
const clientQuery = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, config: unknown, ...rest: unknown[]) {
  const statements = (config as { statements?: { text: string; values: readonly unknown[] }[] } | null)?.statements;
  if (statements && typeof (config as { submit?: unknown }).submit === 'function')
    batches.push(statements.map(({ text, values }) => ({ text, values })));
  return (clientQuery as (...args: unknown[]) => unknown).call(this, config, ...rest);
} as typeof clientQuery;

let acme = '';
let globex = '';
let ownerRole = '';
beforeAll(async () => {
  // Tenants of the test's own: the rows it adds are seen by no other test file.
  const [first, second] = await Promise.all([ownTenant('scope-a'), ownTenant('scope-b')]);
  acme = await tenantId(first.tenant);
  globex = await tenantId(second.tenant);
  ownerRole = await withDatabase(async (client) => {
    // A few rows of each tenant, so "sees only its own" is not read off an empty table.
    for (const [tenant, count] of [
      [acme, 3],
      [globex, 2],
    ] as const) {
      await client.query(
        `INSERT INTO "Policy" ("tenantId", "productCode", "status", "quoteNumber", "data", "dateInception", "dateExpiry", "createdBy")
         SELECT $1, 'home', 'draft', 'SCOPE-' || gen_random_uuid(), '{"customer":{}}', '2027-01-01', '2028-01-01', 'test' FROM generate_series(1, $2::int)`,
        [tenant, count],
      );
    }
    return (await client.query<{ role: string }>('SELECT current_user::text AS role')).rows[0]!.role;
  });
});
afterAll(async () => {
  await prisma.$disconnect();
});

/** Every idle connection of the pool: its own role and no tenant. */
async function expectCleanPool(): Promise<void> {
  const pool = sharedPool();
  const clients = await Promise.all(Array.from({ length: pool.idleCount }, () => pool.connect()));
  try {
    for (const client of clients) {
      const { rows } = await client.query<Scope>(`SELECT ${SCOPE_COLUMNS}`);
      expect(rows[0]).toEqual({ tenant: null, role: ownerRole });
    }
  } finally {
    for (const client of clients) client.release();
  }
  expect(clients.length).toBeGreaterThan(0);
}

describe('tenant-scoped transactions', () => {
  it('run as ledger_tenant with the tenant set, and see only that tenant’s rows without a where', async () => {
    const expected = await withDatabase(
      async (client) => (await client.query<{ n: string }>('SELECT count(*) AS n FROM "Policy" WHERE "tenantId" = $1', [acme])).rows[0]!.n,
    );
    const seen = await withTenant(acme, async (tx) => ({
      scope: await scopeOf(tx),
      rows: (await tx.$queryRaw<{ n: bigint }[]>`SELECT count(*) AS n FROM "Policy"`)[0]!.n,
      foreign: (await tx.$queryRaw<{ n: bigint }[]>`SELECT count(*) AS n FROM "Policy" WHERE "tenantId" = ${globex}::uuid`)[0]!.n,
    }));
    expect(seen.scope).toEqual({ tenant: acme, role: 'ledger_tenant' });
    expect(String(seen.rows)).toBe(expected);
    expect(Number(expected)).toBeGreaterThan(0);
    expect(seen.foreign).toBe(0n);
  });

  it('take three round trips for one statement: BEGIN with the settings, the statement, COMMIT', async () => {
    await withTenant(acme, (tx) => tx.$queryRaw`SELECT 1 AS one`); // the pool's connection is open
    sent.splice(0);
    await withTenant(acme, (tx) => tx.$queryRaw`SELECT 1 AS one`);
    const statements = [...sent];
    expect(statements).toHaveLength(3);
    expect(statements[0]).toBe(`BEGIN; SET LOCAL app.tenant_id = '${acme}'; SET LOCAL ROLE ledger_tenant`);
    expect(statements[1]).toContain('SELECT 1');
    expect(statements[2]).toBe('COMMIT');
  });

  it('keep each tenant’s settings when 60 transactions of two tenants queue for a pool of 3', async () => {
    const tenants = Array.from({ length: 60 }, (_, index) => (index % 2 === 0 ? acme : globex));
    const scopes = await Promise.all(
      tenants.map((tenant) =>
        withTenant(tenant, async (tx) => {
          const before = await scopeOf(tx);
          await tx.$executeRaw`SELECT pg_sleep(0.005)`;
          return { before, after: await scopeOf(tx) };
        }),
      ),
    );
    scopes.forEach((scope, index) => {
      expect(scope.before).toEqual({ tenant: tenants[index], role: 'ledger_tenant' });
      expect(scope.after).toEqual(scope.before);
    });
  });

  it('leave a system transaction opened inside one with the connection’s own role', async () => {
    const seen = await withTenant(acme, async (tx) => {
      const system = await withSystem((inner) => scopeOf(inner));
      return { system, outer: await scopeOf(tx) };
    });
    expect(seen.system).toEqual({ tenant: null, role: ownerRole });
    expect(seen.outer).toEqual({ tenant: acme, role: 'ledger_tenant' });
  });

  it('set the settings themselves when given an isolation level (SET TRANSACTION must come first)', async () => {
    const seen = await withTenant(globex, (tx) => scopeOf(tx), { isolationLevel: 'Serializable' });
    expect(seen).toEqual({ tenant: globex, role: 'ledger_tenant' });
  });

  it('scope the one-message read (lib/db/tenant-read.ts) to its tenant, read-only, and leave its connection as it found it', async () => {
    batches.length = 0;
    const seen = await tenantRead<Scope & { rows: string; foreign: string }>(acme, SCOPE_READ, [globex]);
    const own = await ownRows(acme);
    expect(seen).toEqual([{ tenant: acme, role: 'ledger_tenant', rows: own, foreign: '0' }]);
    // One batch, one implicit transaction to its Sync: the settings (read-only, the tenant as a parameter,
    // the role, each local to that transaction), then the read with its values apart.
    expect(batches).toHaveLength(1);
    expect(batches[0]!.map(({ text }) => text.split('\n')[0]!.trim())).toEqual([
      "SELECT set_config('transaction_read_only', 'on', true), set_config('app.tenant_id', $1, true), set_config('role', 'ledger_tenant', true)",
      `SELECT ${SCOPE_COLUMNS},`,
    ]);
    expect(batches[0]!.map(({ values }) => values)).toEqual([[acme], [globex]]);

    // A write through it is refused (read-only), every time: a statement first prepared in the failed
    // batch closes its connection, so no connection of the pool of three meets it again unknown.
    const write = `UPDATE "Policy" SET "revision" = "revision" WHERE "id" = $1::uuid ${'-- '}${crypto.randomUUID()}`;
    for (let attempt = 0; attempt < 6; attempt++) {
      await expect(tenantRead(acme, write, [crypto.randomUUID()])).rejects.toMatchObject({ code: '25006' });
    }
    // A read that fails at run time on a connection that knows its statement: the Sync rolled it
    // back, and the connection goes on serving (the six reads of one turn travel together, and the
    // pool hands the connection they used out again first).
    const divide = `SELECT (10 / $1::int)::text AS n ${'-- '}${crypto.randomUUID()}`;
    for (const [row] of await Promise.all(Array.from({ length: 6 }, () => tenantRead<{ n: string }>(acme, divide, ['2']))))
      expect(row).toEqual({ n: '5' });
    for (let attempt = 0; attempt < 6; attempt++) await expect(tenantRead(acme, divide, ['0'])).rejects.toMatchObject({ code: '22012' });
    // Every idle connection of the pool, the one the read used among them: its own role, no tenant.
    await expectCleanPool();
  });

  it('send the reads of one turn as one batch, each under its own tenant, read-only, answered to its own caller', async () => {
    const counts = { [acme]: await ownRows(acme), [globex]: await ownRows(globex) };
    expect(counts[acme]).not.toBe(counts[globex]);
    const tenants = Array.from({ length: 10 }, (_, index) => (index % 3 === 0 ? globex : acme));
    const other = (tenant: string) => (tenant === acme ? globex : acme);
    batches.length = 0;
    const before = gatheredReads();
    const seen = await Promise.all(
      tenants.map((tenant) => tenantRead<Scope & { rows: string; foreign: string }>(tenant, SCOPE_READ, [other(tenant)])),
    );
    seen.forEach((rows, index) => {
      expect(rows).toEqual([{ tenant: tenants[index], role: 'ledger_tenant', rows: counts[tenants[index]!], foreign: '0' }]);
    });
    // One message: each read's settings right before it, with its own tenant as the parameter.
    expect(batches).toHaveLength(1);
    expect(batches[0]).toHaveLength(20);
    batches[0]!.forEach(({ text, values }, index) => {
      const tenant = tenants[Math.floor(index / 2)]!;
      if (index % 2 === 0)
        expect({ text: text.slice(0, 47), values }).toEqual({ text: "SELECT set_config('transaction_read_only', 'on'", values: [tenant] });
      else expect({ text, values }).toEqual({ text: SCOPE_READ, values: [other(tenant)] });
    });
    expect(gatheredReads()).toEqual({ batches: before.batches + 1, reads: before.reads + 10 });
    await expectCleanPool();
  });

  it(`send more than ${GATHERED_READS_MAX} reads of one turn in batches of at most ${GATHERED_READS_MAX}`, async () => {
    const count = GATHERED_READS_MAX + 4;
    batches.length = 0;
    const seen = await Promise.all(
      Array.from({ length: count }, (_, index) =>
        tenantRead<{ n: string; tenant: string }>(index % 2 ? acme : globex, `SELECT $1::text AS n, ${SCOPE_COLUMNS}`, [String(index)]),
      ),
    );
    expect(seen.map(([row]) => row)).toEqual(
      Array.from({ length: count }, (_, index) => ({ n: String(index), tenant: index % 2 ? acme : globex, role: 'ledger_tenant' })),
    );
    expect(batches.map((batch) => batch.length)).toEqual([GATHERED_READS_MAX * 2, 8]);
  });

  it('answer each read of a batch that failed for itself: the failing one its error, the others their rows', async () => {
    const divide = `SELECT (10 / $1::int)::text AS n, ${SCOPE_COLUMNS} ${'-- '}${crypto.randomUUID()}`;
    const write = `UPDATE "Policy" SET "revision" = "revision" WHERE "id" = $1::uuid ${'-- '}${crypto.randomUUID()}`;
    batches.length = 0;
    const outcomes = await Promise.allSettled([
      tenantRead<{ n: string }>(acme, divide, ['2']),
      tenantRead(globex, divide, ['0']),
      tenantRead<{ n: string }>(globex, divide, ['5']),
      tenantRead(acme, write, [crypto.randomUUID()]),
      tenantRead<{ n: string }>(globex, divide, ['1']),
    ]);
    expect(outcomes[0]).toEqual({ status: 'fulfilled', value: [{ n: '5', tenant: acme, role: 'ledger_tenant' }] });
    expect(outcomes[1]).toMatchObject({ status: 'rejected', reason: { code: '22012' } });
    expect(outcomes[2]).toEqual({ status: 'fulfilled', value: [{ n: '2', tenant: globex, role: 'ledger_tenant' }] });
    expect(outcomes[3]).toMatchObject({ status: 'rejected', reason: { code: '25006' } });
    expect(outcomes[4]).toEqual({ status: 'fulfilled', value: [{ n: '10', tenant: globex, role: 'ledger_tenant' }] });
    // The five together first, then each alone.
    expect(batches.map((batch) => batch.length)).toEqual([10, 2, 2, 2, 2, 2]);
    await expectCleanPool();
  });

  /** A draft quote row of the tenant, with a quote number of the test's own. */
  const draftRow = (tenant: string, quoteNumber: string) =>
    Prisma.sql`INSERT INTO "Policy" ("tenantId", "productCode", "status", "quoteNumber", "data", "dateInception", "dateExpiry", "createdBy")
      VALUES (${tenant}::uuid, 'home', 'draft', ${quoteNumber}, '{"customer":{}}', '2027-01-01', '2028-01-01', 'test')`;
  const quotesNumbered = (quoteNumber: string) =>
    withDatabase(
      async (client) =>
        (await client.query<{ n: string }>('SELECT count(*)::text AS n FROM "Policy" WHERE "quoteNumber" = $1', [quoteNumber])).rows[0]!.n,
    );
  it('scope the two-message write (lib/db/tenant-write.ts) to its tenant: settings with the first statement, the rest with COMMIT, every value apart from the text', async () => {
    const number = `WRITE-${crypto.randomUUID()}`;
    batches.splice(0);
    const seen = await tenantWrite(acme, async (tx) => {
      const [scope] = await tx.query<Scope & { rows: string; foreign: string }>(Prisma.sql`SELECT ${Prisma.raw(SCOPE_COLUMNS)},
          (SELECT count(*) FROM "Policy")::text AS rows,
          (SELECT count(*) FROM "Policy" WHERE "tenantId" = ${globex}::uuid)::text AS foreign`);
      await tx.execute(draftRow(acme, number));
      return scope;
    });
    const messages = [...batches];
    const own = await withDatabase(
      async (client) =>
        (
          await client.query<{ n: string }>('SELECT count(*)::text AS n FROM "Policy" WHERE "tenantId" = $1 AND "quoteNumber" <> $2', [
            acme,
            number,
          ])
        ).rows[0]!.n,
    );
    expect(seen).toEqual({ tenant: acme, role: 'ledger_tenant', rows: own, foreign: '0' });
    expect(messages).toHaveLength(2);
    expect(messages[0]!.map(({ text }) => text).slice(0, 2)).toEqual([
      'BEGIN',
      "SELECT set_config('app.tenant_id', $1, true), set_config('role', 'ledger_tenant', true), set_config('statement_timeout', '15s', true)",
    ]);
    expect(messages[0]![1]!.values).toEqual([acme]);
    expect(messages[0]![2]!.text).toMatch(/^SELECT /);
    expect(messages[0]).toHaveLength(3);
    expect(messages[1]!.map(({ text }) => text)).toEqual([expect.stringMatching(/^INSERT INTO "Policy" /), 'COMMIT']);
    // The quote number travels as a parameter: the statement's text is the same for every quote.
    expect(messages[1]![0]!.text).not.toContain(number);
    expect(messages[1]![0]!.values).toContain(number);
    expect(await quotesNumbered(number)).toBe('1');
    // The write's timeout holds inside it only.
    const [timeout] = await tenantWrite(acme, (tx) =>
      tx.query<{ t: string }>(Prisma.sql`SELECT current_setting('statement_timeout') AS t`),
    );
    expect(timeout).toEqual({ t: '15s' });
    const [outside] = await systemQuery<{ t: string }>(Prisma.sql`SELECT current_setting('statement_timeout') AS t`);
    expect(outside).toEqual({ t: '0' });
    await expectCleanPool();
  });

  it('refuse, in a tenant write, a row of another tenant (row-level security checks what is written too)', async () => {
    const number = `FOREIGN-${crypto.randomUUID()}`;
    const attempt = tenantWrite(acme, async (tx) => {
      await tx.query(draftRow(globex, number));
    });
    await expect(attempt).rejects.toMatchObject({ code: '42501' });
    expect(await quotesNumbered(number)).toBe('0');
    await expectCleanPool();
  });

  it('roll a tenant write back whole when its caller throws, or when a statement sent with COMMIT fails', async () => {
    const thrown = `THROWN-${crypto.randomUUID()}`;
    await expect(
      tenantWrite(acme, async (tx) => {
        await tx.query(draftRow(acme, thrown));
        throw new Error('the caller changed its mind');
      }),
    ).rejects.toThrow('the caller changed its mind');
    expect(await quotesNumbered(thrown)).toBe('0');

    // The first statement ran and the second collides with it: COMMIT never runs, nothing stays.
    const twice = `TWICE-${crypto.randomUUID()}`;
    await expect(
      tenantWrite(acme, async (tx) => {
        await tx.query(draftRow(acme, twice));
        await tx.execute(draftRow(acme, twice));
      }),
    ).rejects.toMatchObject({ code: '23505' });
    expect(await quotesNumbered(twice)).toBe('0');
    await expectCleanPool();
  });

  it('run a tenant write’s statements in the order given: a read after an execute sees its row, in the same message', async () => {
    const number = `ORDER-${crypto.randomUUID()}`;
    batches.splice(0);
    const counted = await tenantWrite(acme, async (tx) => {
      await tx.execute(draftRow(acme, number));
      const [row] = await tx.query<{ n: string }>(Prisma.sql`SELECT count(*)::text AS n FROM "Policy" WHERE "quoteNumber" = ${number}`);
      return row!.n;
    });
    expect(counted).toBe('1');
    expect(batches).toHaveLength(2);
    expect(batches[0]!.slice(2).map(({ text }) => text)).toEqual([
      expect.stringMatching(/^INSERT INTO "Policy" /),
      expect.stringMatching(/^SELECT count\(\*\)/),
    ]);
    expect(batches[1]!.map(({ text }) => text)).toEqual(['COMMIT']);
  });

  it('send a tenant write’s queryAndCommit with COMMIT in one message, answer its rows, refuse any statement after it, and roll back when it fails', async () => {
    const number = `ONCE-${crypto.randomUUID()}`;
    batches.splice(0);
    const [row] = await tenantWrite(acme, async (tx) => {
      await tx.execute(draftRow(acme, `${number}-before`));
      return tx.queryAndCommit<{ n: string }>(Prisma.sql`${draftRow(acme, number)} RETURNING "quoteNumber" AS n`);
    });
    expect(row).toEqual({ n: number });
    expect(batches).toHaveLength(1);
    expect(batches[0]!.map(({ text }) => text.split(/\s+/).slice(0, 2).join(' '))).toEqual([
      'BEGIN',
      "SELECT set_config('app.tenant_id',",
      'INSERT INTO',
      'INSERT INTO',
      'COMMIT',
    ]);
    expect(await quotesNumbered(number)).toBe('1');
    expect(await quotesNumbered(`${number}-before`)).toBe('1');

    const after = `AFTER-${crypto.randomUUID()}`;
    await expect(
      tenantWrite(acme, async (tx) => {
        await tx.queryAndCommit(Prisma.sql`SELECT 1 AS one`);
        await tx.execute(draftRow(acme, after));
      }),
    ).rejects.toThrow('The transaction has committed: no statement may follow it');
    expect(await quotesNumbered(after)).toBe('0');

    // The statement collides with the one before it: COMMIT never runs, nothing stays.
    const twice = `ONCE-TWICE-${crypto.randomUUID()}`;
    await expect(
      tenantWrite(acme, async (tx) => {
        await tx.execute(draftRow(acme, twice));
        await tx.queryAndCommit(draftRow(acme, twice));
      }),
    ).rejects.toMatchObject({ code: '23505' });
    expect(await quotesNumbered(twice)).toBe('0');
    await expectCleanPool();
  });

  it('run a tenant write’s statements sent together (before it holds a connection) in one transaction on one connection', async () => {
    const number = `TOGETHER-QUERIES-${crypto.randomUUID()}`;
    batches.length = 0;
    const [first, second] = await tenantWrite(acme, async (tx) => {
      await tx.execute(draftRow(acme, number));
      return Promise.all([
        tx.query<{ xid: string; pid: number }>(Prisma.sql`SELECT txid_current()::text AS xid, pg_backend_pid() AS pid`),
        tx.query<{ xid: string; pid: number; n: string }>(
          Prisma.sql`SELECT txid_current()::text AS xid, pg_backend_pid() AS pid, (SELECT count(*) FROM "Policy" WHERE "quoteNumber" = ${number})::text AS n`,
        ),
      ]);
    });
    expect(second![0]).toEqual({ ...first![0], n: '1' });
    // The opening and the waiting insert went with the first; the second after it; then COMMIT.
    expect(batches.map((batch) => batch.length)).toEqual([4, 1, 1]);
    expect(await quotesNumbered(number)).toBe('1');
    await expectCleanPool();
  });

  /** A one-message write (queryAndCommit, nothing sent before it): a draft row, answered with the scope it ran in. */
  const oneMessageWrite = (tenant: string, quoteNumber: string) =>
    tenantWrite(tenant, (tx) =>
      tx.queryAndCommit<Scope & { n: string }>(
        Prisma.sql`${draftRow(tenant, quoteNumber)} RETURNING "quoteNumber" AS n, ${Prisma.raw(SCOPE_COLUMNS)}`,
      ),
    );
  /** The transaction that wrote each numbered row (its xmin), by quote number. */
  const writersOf = (numbers: string[]) =>
    withDatabase(async (client) => {
      const { rows } = await client.query<{ n: string; xmin: string }>(
        'SELECT "quoteNumber" AS n, xmin::text AS xmin FROM "Policy" WHERE "quoteNumber" = ANY($1)',
        [numbers],
      );
      return new Map(rows.map((row) => [row.n, row.xmin]));
    });

  it('commit the one-message writes of one turn together: one transaction a tenant, each write under its tenant and answered its own row', async () => {
    const tenants = Array.from({ length: 9 }, (_, index) => (index % 3 === 2 ? globex : acme));
    const numbers = tenants.map(() => `TOGETHER-${crypto.randomUUID()}`);
    batches.length = 0;
    const before = gatheredWrites();
    const seen = await Promise.all(tenants.map((tenant, index) => oneMessageWrite(tenant, numbers[index]!)));
    seen.forEach((rows, index) => expect(rows).toEqual([{ n: numbers[index], tenant: tenants[index], role: 'ledger_tenant' }]));
    // Two messages, one a tenant: BEGIN, the tenant's settings, its writes in the order they came, COMMIT.
    const insertsOf = (tenant: string) => numbers.filter((_, index) => tenants[index] === tenant).map((number) => [number]);
    expect(batches).toHaveLength(2);
    for (const [batch, tenant] of [
      [batches[0]!, acme],
      [batches[1]!, globex],
    ] as const) {
      expect(batch[0]!.text).toBe('BEGIN');
      expect(batch[1]!.values).toEqual([tenant]);
      expect(batch.slice(2, -1).map(({ values }) => values.filter((value) => String(value).startsWith('TOGETHER-')))).toEqual(
        insertsOf(tenant),
      );
      expect(batch.at(-1)!.text).toBe('COMMIT');
    }
    expect(gatheredWrites()).toEqual({ transactions: before.transactions + 2, writes: before.writes + 9 });
    // One transaction a tenant wrote them: the same xmin on each of its rows, another for the other tenant's.
    const writers = await writersOf(numbers);
    expect(new Set(insertsOf(acme).map(([number]) => writers.get(number!))).size).toBe(1);
    expect(new Set(insertsOf(globex).map(([number]) => writers.get(number!))).size).toBe(1);
    expect(writers.get(numbers[0]!)).not.toBe(writers.get(numbers[2]!));
    await expectCleanPool();
  });

  it(`commit more than ${GATHERED_WRITES_MAX} one-message writes of a tenant in one turn as transactions of at most ${GATHERED_WRITES_MAX}`, async () => {
    const numbers = Array.from({ length: GATHERED_WRITES_MAX + 3 }, () => `MANY-${crypto.randomUUID()}`);
    batches.length = 0;
    const seen = await Promise.all(numbers.map((number) => oneMessageWrite(acme, number)));
    expect(seen.map(([row]) => row!.n)).toEqual(numbers);
    expect(batches.map((batch) => batch.length)).toEqual([GATHERED_WRITES_MAX + 3, 3 + 3]);
    expect(new Set((await writersOf(numbers)).values()).size).toBe(2);
  });

  it('send each write of a transaction that failed again alone: the failing one gets its error, the others commit', async () => {
    const taken = `TAKEN-${crypto.randomUUID()}`;
    await oneMessageWrite(acme, taken);
    const numbers = [`RETRY-${crypto.randomUUID()}`, taken, `RETRY-${crypto.randomUUID()}`, `RETRY-${crypto.randomUUID()}`];
    batches.length = 0;
    const outcomes = await Promise.allSettled(numbers.map((number) => oneMessageWrite(acme, number)));
    expect(outcomes[0]).toMatchObject({ status: 'fulfilled', value: [{ n: numbers[0] }] });
    expect(outcomes[1]).toMatchObject({ status: 'rejected', reason: { code: '23505' } });
    expect(outcomes[2]).toMatchObject({ status: 'fulfilled', value: [{ n: numbers[2] }] });
    expect(outcomes[3]).toMatchObject({ status: 'fulfilled', value: [{ n: numbers[3] }] });
    // The four together first (rolled back whole), then each in a transaction of its own.
    expect(batches.map((batch) => batch.length)).toEqual([4 + 3, 4, 4, 4, 4]);
    const writers = await writersOf([numbers[0]!, numbers[2]!, numbers[3]!]);
    expect(writers.size).toBe(3);
    expect(new Set(writers.values()).size).toBe(3);
    expect(await quotesNumbered(taken)).toBe('1');
    await expectCleanPool();
  });

  it('answer every write of a transaction whose connection the server ended with that error, and send none of them again', async () => {
    const marker = crypto.randomUUID();
    const numbers = [`LOST-${crypto.randomUUID()}`, `LOST-${crypto.randomUUID()}`];
    const slow = tenantWrite(acme, (tx) =>
      tx.queryAndCommit(Prisma.sql`SELECT pg_sleep(1), ${marker}::text AS marker ${Prisma.raw(`-- ${marker}`)}`),
    );
    batches.length = 0;
    const outcomes = Promise.allSettled([slow, ...numbers.map((number) => oneMessageWrite(acme, number))]);
    // Whether a COMMIT ran cannot be known once its answer is lost: nothing is sent again.
    await withDatabase(async (client) => {
      for (;;) {
        const { rows } = await client.query<{ pid: number }>(
          `SELECT pid FROM pg_stat_activity WHERE query LIKE $1 AND state = 'active' AND pid <> pg_backend_pid()`,
          [`%-- ${marker}%`],
        );
        if (rows[0]) {
          await client.query('SELECT pg_terminate_backend($1)', [rows[0].pid]);
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    });
    for (const outcome of await outcomes) expect(outcome).toMatchObject({ status: 'rejected', reason: { code: '57P01' } });
    expect(batches).toHaveLength(1);
    expect(batches[0]).toHaveLength(3 + 3);
    expect((await writersOf(numbers)).size).toBe(0);
    await expectCleanPool();
  });

  it('prepare a statement once per connection, plan it generically after five runs, and prepare it again once the connection’s statements are LEDGER_PLAN_AGE_MS old', async () => {
    const probe = Prisma.sql`SELECT count(*)::text AS n FROM "Policy" WHERE "quoteNumber" = ${`PROBE-${crypto.randomUUID()}`}`;
    const name = statementName(probe.text);
    const plans = await tenantWrite(acme, async (tx) => {
      for (let run = 0; run < 7; run++) await tx.query(probe);
      const [row] = await tx.query<{ custom: string; generic: string }>(
        Prisma.sql`SELECT custom_plans::text AS custom, generic_plans::text AS generic FROM pg_prepared_statements WHERE name = ${name}`,
      );
      return row;
    });
    // PostgreSQL plans the first five runs for their values, then keeps the generic plan.
    expect(plans!.custom).toBe('5');
    expect(Number(plans!.generic)).toBeGreaterThan(0);

    const preparedAfterUse = () =>
      tenantWrite(acme, async (tx) => {
        await tx.query(probe);
        const [row] = await tx.query<{ n: string }>(
          Prisma.sql`SELECT count(*)::text AS n FROM pg_prepared_statements WHERE name = ${name}`,
        );
        return row!.n;
      });
    expect(await preparedAfterUse()).toBe('1');
    process.env.LEDGER_PLAN_AGE_MS = '0';
    try {
      // Old at once: the next batch first closes the connection's statements, the probe's too.
      expect(await preparedAfterUse()).toBe('0');
    } finally {
      delete process.env.LEDGER_PLAN_AGE_MS;
    }
  });

  it('forget a statement first prepared in a batch that fails: the connection is closed, and every later write prepares it afresh', async () => {
    // A text no connection has prepared: refused by row-level security when it runs, after its Parse.
    const fresh = Prisma.sql`${draftRow(globex, `FRESH-${crypto.randomUUID()}`)} ${Prisma.raw(`-- ${crypto.randomUUID()}`)}`;
    for (let attempt = 0; attempt < 12; attempt++) {
      await expect(tenantWrite(acme, (tx) => tx.query(fresh))).rejects.toMatchObject({ code: '42501' });
    }
    const [one] = await tenantWrite(acme, (tx) => tx.query<{ one: number }>(Prisma.sql`SELECT 1 AS one`));
    expect(one).toEqual({ one: 1 });
    await expectCleanPool();
  });

  it('send the queue’s system statements (lib/db/system-query.ts) as prepared statements, lists as arrays, outside any tenant', async () => {
    const tasks = ['issue-policy', 'a,b', '{c}', 'say "hi"', 'back\\slash', ' '];
    const ids = [acme, globex];
    const echo = Prisma.sql`SELECT ${tasks}::text[] AS tasks, ${ids}::uuid[]::text[] AS ids, ${Prisma.raw(SCOPE_COLUMNS)}`;
    const name = statementName(echo.text);
    batches.length = 0;
    const [row] = await systemQuery<Scope & { tasks: string[]; ids: string[] }>(echo);
    expect(row).toMatchObject({ tasks, ids, tenant: null, role: ownerRole });
    expect(batches).toEqual([[{ text: echo.text, values: [tasks, ids] }]]);
    // Six at once on a pool of three: every connection runs it, and keeps it prepared.
    const runs = await Promise.all(Array.from({ length: 6 }, () => systemQuery<{ tasks: string[] }>(echo)));
    for (const [again] of runs) expect(again!.tasks).toEqual(tasks);
    const [prepared] = await systemQuery<{ n: string }>(
      Prisma.sql`SELECT count(*)::text AS n FROM pg_prepared_statements WHERE name = ${name}`,
    );
    expect(prepared!.n).toBe('1');

    // A fresh statement that fails (division by zero, after its Parse) fails each time and leaves the pool fit.
    const failing = Prisma.sql`SELECT 1 / ${0}::int AS n ${Prisma.raw(`-- ${crypto.randomUUID()}`)}`;
    for (let attempt = 0; attempt < 6; attempt++) await expect(systemQuery(failing)).rejects.toMatchObject({ code: '22012' });
    const [one] = await systemQuery<{ one: number }>(Prisma.sql`SELECT 1 AS one`);
    expect(one).toEqual({ one: 1 });
    await expectCleanPool();
  });

  it('ask for a prepared statement’s columns on its first run on a connection only, and build its rows alike on every run', async () => {
    // Which statement each Describe is for: the one bound just before it on that connection.
    const connection = (pg as unknown as { Connection: { prototype: object } }).Connection.prototype as {
      bind(message: { statement: string }): void;
      describe(message: unknown): void;
    };
    const { bind, describe } = connection;
    const lastBound = new WeakMap<object, string>();
    const describedOn: { name: string; on: object }[] = [];
    connection.bind = function (this: object, message) {
      lastBound.set(this, message.statement);
      return bind.call(this, message);
    };
    connection.describe = function (this: object, message) {
      describedOn.push({ name: lastBound.get(this)!, on: this });
      return describe.call(this, message);
    };
    // No statement grows old during the test (a connection would prepare and describe it again).
    process.env.LEDGER_PLAN_AGE_MS = '600000';
    try {
      const marker = crypto.randomUUID();
      const typed = (run: number) =>
        Prisma.sql`SELECT 'a'::text AS t, 42::int AS i, 12.50::numeric AS n, DATE '2027-03-01' AS d,
          TIMESTAMPTZ '2026-11-27 03:04:05.678+00' AS ts, '{"a":[1,2]}'::jsonb AS j, NULL::text AS "none",
          1 AS x, 2 AS x, 'p' AS "__proto__", ${`run-${run}`}::text AS param ${Prisma.raw(`-- ${marker}`)}`;
      const name = statementName(typed(0).text);
      // Twelve runs, three at a time on a pool of three, then twelve tenant writes (BEGIN, COMMIT).
      for (let round = 0; round < 4; round++) {
        const rows = await Promise.all([0, 1, 2].map((slot) => systemQuery<Record<string, unknown>>(typed(round * 3 + slot))));
        rows.forEach(([row], slot) => {
          expect(Object.getPrototypeOf(row)).toBe(Object.prototype);
          expect(Object.getOwnPropertyDescriptor(row, '__proto__')?.value).toBe('p');
          const { ['__proto__']: _proto, ...columns } = row!;
          expect(columns).toEqual({
            t: 'a',
            i: 42,
            n: '12.50',
            d: new Date('2027-03-01T00:00:00.000Z'),
            ts: new Date('2026-11-27T03:04:05.678Z'),
            j: { a: [1, 2] },
            none: null,
            x: 2,
            param: `run-${round * 3 + slot}`,
          });
        });
      }
      for (let write = 0; write < 12; write++) {
        await tenantWrite(acme, (tx) => tx.query(Prisma.sql`SELECT ${write}::int AS write`));
      }
      const describedFor = (statement: string) => describedOn.filter((described) => described.name === statement);
      const typedDescribed = describedFor(name);
      expect(typedDescribed.length).toBeGreaterThan(0);
      expect(typedDescribed.length).toBeLessThanOrEqual(3);
      expect(new Set(typedDescribed.map((described) => described.on)).size).toBe(typedDescribed.length);
      for (const noColumns of [statementName('BEGIN'), statementName('COMMIT')]) {
        const described = describedFor(noColumns);
        expect(new Set(described.map((each) => each.on)).size).toBe(described.length);
        expect(described.length).toBeLessThanOrEqual(3);
      }
    } finally {
      delete process.env.LEDGER_PLAN_AGE_MS;
      connection.bind = bind;
      connection.describe = describe;
    }
  });

  it('draw quote numbers inside the insert’s statement as Q-year-number, six digits and more when the year needs them', async () => {
    // The tenant's counter row as an earlier release left it: the year's sequence starts after it.
    await withDatabase((client) =>
      client.query(`INSERT INTO "Sequence" ("tenantId", "name", "value") VALUES ($1, 'quote:2001', 999998)`, [globex]),
    );
    const draw = (year: number) =>
      tenantWrite(globex, async (tx) => (await tx.query<{ n: string }>(Prisma.sql`SELECT ${nextQuoteNumberSql(globex, year)} AS n`))[0]!.n);
    expect(await draw(2001)).toBe('Q-2001-999999');
    expect(await draw(2001)).toBe('Q-2001-1000000');
    expect(await draw(2002)).toBe('Q-2002-000001');
    expect(await draw(2002)).toBe('Q-2002-000002');
    // Another tenant's numbers are refused inside a tenant's transaction.
    await expect(tenantWrite(acme, (tx) => tx.query(Prisma.sql`SELECT ${nextQuoteNumberSql(globex, 2002)} AS n`))).rejects.toMatchObject({
      code: '42501',
    });
  });

  it('survive the server ending a tenant write’s connection between two statements, and never hand that connection out again', async () => {
    const attempt = tenantWrite(acme, async (tx) => {
      const [own] = await tx.query<{ pid: number }>(Prisma.sql`SELECT pg_backend_pid() AS pid`);
      await withDatabase((client) => client.query('SELECT pg_terminate_backend($1)', [own!.pid]));
      // The server's notice arrives while no statement runs: an unheard 'error' event would end the process.
      await new Promise((resolve) => setTimeout(resolve, 200));
      await tx.query(Prisma.sql`SELECT 1 AS one`);
    });
    await expect(attempt).rejects.toThrow();
    // The next write gets a connection that works (a new one, when the test before left no other idle).
    const [one] = await tenantWrite(acme, (tx) => tx.query<{ one: number }>(Prisma.sql`SELECT 1 AS one`));
    expect(one).toEqual({ one: 1 });
    await expectCleanPool();
  });
});
