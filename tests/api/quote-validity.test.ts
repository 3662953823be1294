import { beforeAll, describe, expect, it } from 'vitest';
import { call, tokenFor } from '../support/api';
import { withDatabase } from '../support/db';
import { boundQuote, calculatedQuote, waitForRequest } from '../support/lifecycle';

// Quote validity (issue 16): a price holds 30 days (the demo products' setting) from its
// calculation. An older calculation is made here by moving the quote's calculation time back in
// the database with the test's own SQL; the service reads the real clock.

const SALES = '/api/v1/ledger/sales/policies';
const DAY_MS = 86_400_000;
let broker: string;

beforeAll(async () => {
  broker = await tokenFor('acme-broker');
});

async function calculatedAt(id: string): Promise<Date> {
  return withDatabase(async (client) => {
    const rows = await client.query<{ at: Date }>(`SELECT "calculatedAt" AS at FROM "Policy" WHERE id = $1`, [id]);
    return rows.rows[0]!.at;
  });
}

/** Moves the calculation back by an interval, e.g. '31 days'. */
const calculatedAgo = (id: string, interval: string) =>
  withDatabase((client) => client.query(`UPDATE "Policy" SET "calculatedAt" = now() - $2::interval WHERE id = $1`, [id, interval]));

async function metaOf(id: string) {
  const read = await call(`${SALES}/${id}`, { token: broker });
  expect(read.status, read.text).toBe(200);
  return read.body[1].meta;
}

describe('quote validity', () => {
  it('a calculated quote shows validUntil 30 days after its calculation; expired it cannot be bound until recalculated', async () => {
    const id = await calculatedQuote(broker, 'home');
    const meta = await metaOf(id);
    expect(meta.status).toBe('calculated');
    expect(Date.parse(meta.validUntil)).toBe((await calculatedAt(id)).getTime() + 30 * DAY_MS);

    // 30 days less a minute: still valid.
    await calculatedAgo(id, '30 days - 1 minute');
    const actions = await call(`${SALES}/actions/${id}`, { token: broker });
    expect(actions.body.links['quote:bind']).toBeDefined();

    await calculatedAgo(id, '31 days');
    const expiredActions = await call(`${SALES}/actions/${id}`, { token: broker });
    expect(expiredActions.status).toBe(200);
    expect(expiredActions.body.data).toContain('quote:calculate');
    expect(expiredActions.body.links['quote:bind']).toBeUndefined();
    const refused = await call(`${SALES}/${id}/bind`, { token: broker, body: {} });
    expect(refused.status, refused.text).toBe(409);
    expect(refused.headers.get('content-type')).toContain('application/problem+json');
    expect(refused.body.detail).toContain("the quote's price was valid until");
    expect(refused.body.currentState).toBe('calculated');
    expect(refused.body.allowedActions).toContain('calculate');
    expect(refused.body.allowedActions).not.toContain('bind');
    expect((await metaOf(id)).status).toBe('calculated');

    const recalculated = await call(`${SALES}/${id}/calculate`, { token: broker, body: {} });
    expect(recalculated.status, recalculated.text).toBe(200);
    const renewed = await metaOf(id);
    expect(Date.parse(renewed.validUntil)).toBe((await calculatedAt(id)).getTime() + 30 * DAY_MS);
    expect(Date.parse(renewed.validUntil)).toBeGreaterThan(Date.now() + 29 * DAY_MS);
    const bound = await call(`${SALES}/${id}/bind`, { token: broker, body: {} });
    expect(bound.status, bound.text).toBe(200);
  });

  it('a bound quote past its validity cannot be issued; recalculated it is calculated again, then bound and issued', async () => {
    const id = await boundQuote(broker, 'pet');
    expect((await metaOf(id)).validUntil).toEqual(expect.any(String));
    await calculatedAgo(id, '45 days');

    const refused = await call(`${SALES}/${id}/issue`, { token: broker, body: {} });
    expect(refused.status, refused.text).toBe(409);
    expect(refused.body.currentState).toBe('bound');
    expect(refused.body.allowedActions).toContain('calculate');
    expect(refused.body.allowedActions).not.toContain('issue');
    const unchanged = await metaOf(id);
    expect(unchanged.status).toBe('bound');
    const requests = await withDatabase((client) => client.query(`SELECT id FROM "Request" WHERE "policyId" = $1`, [id]));
    expect(requests.rows).toEqual([]);

    const recalculated = await call(`${SALES}/${id}/calculate`, { token: broker, body: {} });
    expect(recalculated.status, recalculated.text).toBe(200);
    expect((await metaOf(id)).status).toBe('calculated');
    expect((await call(`${SALES}/${id}/bind`, { token: broker, body: {} })).status).toBe(200);
    const issued = await call(`${SALES}/${id}/issue`, { token: broker, body: {} });
    expect(issued.status, issued.text).toBe(200);
    expect((await waitForRequest(broker, issued.body.requestId)).status).toBe('success');
    expect((await metaOf(id)).validUntil).toBeNull();
  });

  it('a bound quote still inside its validity cannot be recalculated', async () => {
    const id = await boundQuote(broker, 'home');
    const refused = await call(`${SALES}/${id}/calculate`, { token: broker, body: {} });
    expect(refused.status, refused.text).toBe(409);
    expect(refused.body.currentState).toBe('bound');
  });
});
