/* eslint-disable @typescript-eslint/no-explicit-any -- event JSON columns */
import { describe, expect, it } from 'vitest';
import { todayIn } from '../support/dates';
import { call, tokenFor } from '../support/api';
import { tenantId, withDatabase } from '../support/db';
import { calculatedQuote, waitForRequest, waitUntilReady } from '../support/lifecycle';

// Every state change leaves its event, and the audit log cannot be rewritten through the app's
// own database role (0005_hardening) nor by anyone with TRUNCATE (trigger).

const BASE = '/api/v1/ledger/sales/policies';

async function events(policyId: string): Promise<{ type: string; actor: string; before: any; after: any }[]> {
  return withDatabase(
    async (client) =>
      (await client.query(`SELECT type, actor, before, after FROM "Event" WHERE "policyId" = $1 ORDER BY id`, [policyId])).rows,
  );
}

describe('audit trail', () => {
  it('a full lifecycle leaves one event per state change, each with an actor, and the chain of states matches', async () => {
    const broker = await tokenFor('acme-broker');
    const underwriter = await tokenFor('acme-underwriter');
    const id = await calculatedQuote(broker, 'home');
    expect((await call(`${BASE}/${id}/`, { method: 'PUT', token: broker, body: { objects: [{ sumInsured: 41_000 }] } })).status).toBe(200);
    await waitUntilReady(broker, id);
    expect((await call(`${BASE}/${id}/calculate`, { token: broker, body: {} })).status).toBe(200);
    expect((await call(`${BASE}/${id}/referrals`, { token: broker, body: { comment: 'large risk' } })).status).toBe(204);
    const decision = await call(`${BASE}/${id}/referrals/decision`, { token: underwriter, body: { decision: 'approve', comment: 'ok' } });
    expect(decision.status).toBe(204);
    expect((await call(`${BASE}/${id}/bind`, { token: broker, body: {} })).status).toBe(200);
    const issue = await call(`${BASE}/${id}/issue`, { token: broker, body: {} });
    expect(issue.status).toBe(200);
    expect((await waitForRequest(broker, issue.body.requestId)).status).toBe('success');

    const log = await events(id);
    const types = log.map((event) => event.type);
    for (const expected of [
      'quote.created',
      'quote.updated',
      'quote.calculated',
      'quote.referred',
      'referral.approved',
      'quote.bound',
      'quote.issuing',
      'policy.issued',
    ]) {
      expect(types, expected).toContain(expected);
    }
    expect(log.every((event) => event.actor.length > 0)).toBe(true);
    // Every status the quote went through is some event's `after`, and the last one is where it is now.
    const statuses = log.map((event) => event.after?.status).filter(Boolean);
    expect(statuses).toEqual(expect.arrayContaining(['in-manual-referral', 'calculated', 'bound', 'issuing', 'issued']));
    expect(statuses.at(-1)).toBe('issued');

    const decline = await calculatedQuote(broker, 'travel');
    const declined = await call(`${BASE}/${decline}/decline`, { token: broker, body: [{ reason: 'other' }, { declinedAt: todayIn() }] });
    expect(declined.status).toBe(204);
    expect((await events(decline)).map((event) => event.type)).toContain('quote.declined');
  });

  it('the application role may not update, delete or truncate events, journal or versions; nobody may truncate them', async () => {
    const acme = await tenantId('acme');
    const outcome = await withDatabase(async (client) => {
      const tryAs = async (sql: string, asTenant: boolean) => {
        await client.query('BEGIN');
        if (asTenant) {
          await client.query("SELECT set_config('app.tenant_id', $1, true), set_config('role', 'ledger_tenant', true)", [acme]);
        }
        const result = await client.query(sql).then(
          () => 'allowed',
          (error: Error) => error.message,
        );
        await client.query('ROLLBACK');
        return result;
      };
      const results: Record<string, string> = {};
      for (const table of ['Event', 'JournalEntry', 'JournalLine', 'PolicyVersion']) {
        results[`${table} update (app role)`] = await tryAs(`UPDATE "${table}" SET "tenantId" = "tenantId"`, true);
        results[`${table} delete (app role)`] = await tryAs(`DELETE FROM "${table}"`, true);
        results[`${table} truncate (app role)`] = await tryAs(`TRUNCATE "${table}" CASCADE`, true);
        results[`${table} truncate (owner)`] = await tryAs(`TRUNCATE "${table}" CASCADE`, false);
      }
      results['Event insert (app role)'] = await tryAs(
        `INSERT INTO "Event" ("tenantId", type, actor) VALUES ('${acme}', 'audit.test', 'test')`,
        true,
      );
      return results;
    });
    const { ['Event insert (app role)']: insert, ...refused } = outcome;
    expect(insert).toBe('allowed');
    for (const [what, result] of Object.entries(refused)) expect(result, what).toMatch(/permission denied|append-only/);
  });
});
