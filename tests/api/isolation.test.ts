import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { call, tokenFor } from '../support/api';
import { tenantId, withDatabase } from '../support/db';

async function insertRequest(tag: string): Promise<string> {
  const id = await tenantId(tag);
  return withDatabase(
    async (client) =>
      (
        await client.query<{ id: string }>(
          `INSERT INTO "Request" ("tenantId", type, status, data, "createdBy") VALUES ($1, 'issue', 'success', $2, 'test') RETURNING id`,
          // The shape a successful issue stores (the API tests hold every answer to the OpenAPI document).
          [
            id,
            JSON.stringify({
              policyId: '5d2c9a40-1f3b-4e8a-9b7c-6d5e4f3a2b10',
              policyNumber: 'GLOBEX-HOME-2026-000999',
              message: 'ok',
              invoiceNumber: 'INV-2026-000999',
            }),
          ],
        )
      ).rows[0]!.id,
  );
}

describe('tenant isolation', () => {
  it("answers 404 for another tenant's record, exactly as for an unknown one", async () => {
    const globexRequest = await insertRequest('globex');
    const own = await call(`/api/v1/ledger/requests/${globexRequest}`, { tenant: 'globex', token: await tokenFor('globex-broker') });
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ requestId: globexRequest, status: 'success', data: { message: 'ok' } });
    const other = await call(`/api/v1/ledger/requests/${globexRequest}`, { tenant: 'acme', token: await tokenFor('acme-broker') });
    expect(other.status).toBe(404);
    expect(other.body.detail).toBe(`Request ${globexRequest} was not found`);
  });

  it('row-level security hides other tenants even from a query without a where', async () => {
    await insertRequest('acme');
    await insertRequest('globex');
    const acme = await tenantId('acme');
    const seen = await withDatabase(async (client) => {
      await client.query('BEGIN');
      await client.query("SELECT set_config('app.tenant_id', $1, true), set_config('role', 'ledger_tenant', true)", [acme]);
      const rows = (await client.query<{ tenantId: string }>('SELECT "tenantId" FROM "Request"')).rows;
      const writeOther = await client
        .query(`INSERT INTO "Request" ("tenantId", type, "createdBy") VALUES ((SELECT id FROM "Tenant" WHERE tag = 'globex'), 'x', 'test')`)
        .then(
          () => 'written',
          (error: Error) => error.message,
        );
      await client.query('ROLLBACK');
      return { rows, writeOther };
    });
    expect(seen.rows.length).toBeGreaterThan(0);
    expect(new Set(seen.rows.map((row) => row.tenantId))).toEqual(new Set([acme]));
    expect(seen.writeOther).toMatch(/row-level security/);
  });

  it('the audit log cannot be updated or deleted', async () => {
    const acme = await tenantId('acme');
    const outcome = await withDatabase(async (client) => {
      const { rows } = await client.query<{ id: string }>(
        `INSERT INTO "Event" ("tenantId", type, actor) VALUES ($1, 'test', 'test') RETURNING id`,
        [acme],
      );
      const update = await client.query(`UPDATE "Event" SET type = 'changed' WHERE id = $1`, [rows[0]!.id]).then(
        () => 'updated',
        (e: Error) => e.message,
      );
      const remove = await client.query(`DELETE FROM "Event" WHERE id = $1`, [rows[0]!.id]).then(
        () => 'deleted',
        (e: Error) => e.message,
      );
      return { update, remove };
    });
    expect(outcome.update).toMatch(/append-only/);
    expect(outcome.remove).toMatch(/append-only/);
  });
});

describe('database schema', () => {
  it('the SQL migrations create every column that prisma/schema.prisma declares', async () => {
    const schema = await readFile('prisma/schema.prisma', 'utf8');
    const declared: string[] = [];
    const models = [...schema.matchAll(/^model (\w+) \{([\s\S]*?)^\}/gm)];
    // A field whose type is another model is a relation, not a column.
    const modelNames = new Set(models.map((model) => model[1]!));
    for (const model of models) {
      for (const line of model[2]!.split('\n')) {
        const field = /^\s+(\w+)\s+(\w+)/.exec(line);
        const column = field && !modelNames.has(field[2]!);
        if (column && !line.trim().startsWith('//') && !line.trim().startsWith('@@')) declared.push(`${model[1]}.${field[1]}`);
      }
    }
    const columns = await withDatabase(async (client) =>
      (
        await client.query<{ c: string }>(
          `SELECT table_name || '.' || column_name AS c FROM information_schema.columns WHERE table_schema = 'public'`,
        )
      ).rows.map((row) => row.c),
    );
    expect(declared.length).toBeGreaterThan(50);
    expect(declared.filter((column) => !columns.includes(column))).toEqual([]);
  });
});
