import { beforeAll, describe, expect, it } from 'vitest';
import { todayIn } from '../support/dates';
import { call, tokenFor } from '../support/api';
import { withDatabase } from '../support/db';
import {
  boundQuote,
  calculatedQuote,
  createQuote,
  examplePayload,
  issuePolicy,
  waitForRequest,
  waitUntilReady,
} from '../support/lifecycle';

/* eslint-disable @typescript-eslint/no-explicit-any -- JSON payloads of any product */

const BASE = '/api/v1/ledger/sales/policies';
let broker: string;
let underwriter: string;

beforeAll(async () => {
  broker = await tokenFor('acme-broker');
  underwriter = await tokenFor('acme-underwriter');
});

describe('products and schemas', () => {
  it('lists three products whose examples are valid create payloads, and serves their schemas', async () => {
    const products = await call('/api/v1/ledger/products', { token: broker });
    expect(products.status).toBe(200);
    expect(products.body.data.map((product: any) => product.code).sort()).toEqual(['home', 'pet', 'travel']);
    for (const product of products.body.data) {
      expect(product.schemaPath).toBe(`policy/regular/${product.code}`);
      const schema = await call(`/api/v1/ledger/schemas/${product.schemaPath}`, { token: broker });
      expect(schema.status).toBe(200);
      expect(schema.body.$schema).toContain('2020-12');
    }
    expect((await call('/api/v1/ledger/schemas/policy/regular/boat', { token: broker })).status).toBe(404);
  });
});

describe('create (4.1)', () => {
  it.each(['home', 'travel', 'pet'] as const)(
    'creates a %s quote from the example: policy.id, defaults, sync enrichment, draft',
    async (product) => {
      const payload = await examplePayload(broker, product);
      const created = await call(`${BASE}/create`, { token: broker, body: payload, headers: { 'accept-language': 'de' } });
      expect(created.status).toBe(200);
      expect(created.body.policy.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(created.body.policy.dateInception).toBe(payload.policy.dateInception);
      expect(created.body.meta.status).toBe('draft');
      expect(created.body.meta.quoteNumber).toMatch(/^Q-\d{4}-\d{6}$/);
      expect(created.body.customer.lastName).toBe(payload.customer.lastName);
      expect(typeof created.body.enrichment).toBe('object');
    },
  );

  it('refuses an empty body (400), a body that is not JSON (400/415) and an unknown product (422)', async () => {
    expect((await call(`${BASE}/create`, { token: broker, body: {} })).status).toBe(400);
    expect(
      (await call(`${BASE}/create`, { token: broker, rawBody: '{"product": ', headers: { 'content-type': 'application/json' } })).status,
    ).toBe(400);
    expect(
      (await call(`${BASE}/create`, { token: broker, rawBody: 'product=home', headers: { 'content-type': 'text/plain' } })).status,
    ).toBe(415);
    const unknown = await call(`${BASE}/create`, { token: broker, body: { product: 'boat', policy: {} } });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors[0].path).toBe('/product');
  });

  it('answers 422 listing every failing field by JSON pointer, and stores nothing', async () => {
    const payload = await examplePayload(broker, 'home');
    delete payload.customer.lastName;
    payload.policy.dateInception = '2026-02-30';
    payload.objects[0].sumInsured = -5;
    payload.status = 'issued';
    const before = await withDatabase(async (client) => Number((await client.query('SELECT count(*) FROM "Policy"')).rows[0].count));
    const result = await call(`${BASE}/create`, { token: broker, body: payload });
    expect(result.status).toBe(422);
    expect(result.headers.get('content-type')).toContain('application/problem+json');
    const paths = result.body.errors.map((error: any) => error.path);
    expect(paths).toEqual(expect.arrayContaining(['/customer/lastName', '/policy/dateInception', '/objects/0/sumInsured']));
    expect(paths.some((path: string) => path === '/status' || path === '')).toBe(true);
    const after = await withDatabase(async (client) => Number((await client.query('SELECT count(*) FROM "Policy"')).rows[0].count));
    expect(after).toBe(before);
  });

  it('refuses a NUL character (which PostgreSQL cannot store) with 400 and stores nothing', async () => {
    const payload = await examplePayload(broker, 'home');
    payload.customer.lastName = 'Walker\u0000';
    const before = await withDatabase(async (client) => (await client.query('SELECT count(*) FROM "Policy"')).rows[0].count);
    const result = await call(`${BASE}/create`, { token: broker, body: payload });
    expect(result.status, result.text).toBe(400);
    expect(result.body.detail).toContain('NUL');
    expect(await withDatabase(async (client) => (await client.query('SELECT count(*) FROM "Policy"')).rows[0].count)).toBe(before);
  });

  it('rejects a body over 1 MiB with 413', async () => {
    const result = await call(`${BASE}/create`, {
      token: broker,
      rawBody: JSON.stringify({ product: 'home', pad: 'x'.repeat(1024 * 1024 + 10) }),
      headers: { 'content-type': 'application/json' },
    });
    expect(result.status).toBe(413);
  });
});

describe('actions (4.3) and read (4.2)', () => {
  it('answers 200 with the allowed keys and links once enrichment and the first rating are done', async () => {
    const id = await createQuote(broker, 'home');
    const actions = await waitUntilReady(broker, id);
    expect(actions.meta).toMatchObject({ status: 'calculated', ready: true });
    expect(actions.data).toEqual(expect.arrayContaining(['quote:update', 'quote:calculate', 'quote:copy', 'quote:download']));
    expect(actions.data).not.toContain('quote:issue');
    expect(actions.links['quote:changes']).toEqual({ href: `${BASE}/${id}/changes`, method: 'GET' });
    expect(actions.links['quote:update']).toEqual({ href: `${BASE}/${id}/`, method: 'PUT' });
  });

  it('reads the quote as the spec array, with ETag, schemaPath, warnings, errors and notifications on request', async () => {
    const id = await calculatedQuote(broker, 'pet');
    const read = await call(`${BASE}/${id}?withNotifications=true`, { token: broker });
    expect(read.status).toBe(200);
    expect(Array.isArray(read.body)).toBe(true);
    const [first, second] = read.body;
    expect(first.data.policy.id).toBe(id);
    expect(Object.keys(first.data)).toEqual(expect.arrayContaining(['policy', 'customer', 'agent', 'objects']));
    expect(second.meta.status).toBe('calculated');
    expect(second.schemaPath).toBe('policy/regular/pet');
    expect(Array.isArray(second.warnings)).toBe(true);
    expect(second.errors).toEqual([]);
    expect(Array.isArray(second.notifications)).toBe(true);
    expect(read.headers.get('etag')).toBe(`"${second.meta.revision}"`);
  });

  it('answers 404 for an unknown quote and for another tenant’s quote', async () => {
    const id = await createQuote(broker, 'home');
    const globex = await tokenFor('globex-broker');
    for (const path of [`${BASE}/${id}`, `${BASE}/actions/${id}`, `${BASE}/${id}/calculation`, `${BASE}/${id}/changes`]) {
      expect((await call(path, { token: globex, tenant: 'globex' })).status).toBe(404);
    }
    expect((await call(`${BASE}/${id}/calculate`, { token: globex, tenant: 'globex', body: {} })).status).toBe(404);
    expect((await call(`${BASE}/00000000-0000-4000-8000-000000000000`, { token: broker })).status).toBe(404);
  });

  it('a read again answers every change of the row, also one that keeps its revision, and only to its tenant', async () => {
    const id = await calculatedQuote(broker, 'home');
    const first = await call(`${BASE}/${id}`, { token: broker });
    const again = await call(`${BASE}/${id}`, { token: broker });
    expect(again.status).toBe(200);
    expect(again.text).toBe(first.text);
    expect(again.headers.get('etag')).toBe(first.headers.get('etag'));
    expect(again.headers.get('content-type')).toContain('application/json');
    // The read with notifications builds its answer afresh: the same quote, the notifications beside it.
    const full = await call(`${BASE}/${id}?withNotifications=true`, { token: broker });
    const { notifications, ...fullSecond } = full.body[1];
    expect(Array.isArray(notifications)).toBe(true);
    expect([full.body[0], fullSecond]).toEqual(again.body);

    // A change that leaves the revision (and so the ETag) as it was, as the background preparation's do.
    await withDatabase((client) =>
      client.query(`UPDATE "Policy" SET "enrichment" = "enrichment" || '{"readAgain": 1}'::jsonb WHERE "id" = $1`, [id]),
    );
    const changed = await call(`${BASE}/${id}`, { token: broker });
    expect(changed.body[0].data.enrichment.readAgain).toBe(1);
    expect(changed.headers.get('etag')).toBe(first.headers.get('etag'));
    expect({ ...changed.body[0].data.enrichment, readAgain: undefined }).toEqual({
      ...first.body[0].data.enrichment,
      readAgain: undefined,
    });

    const globex = await tokenFor('globex-broker');
    expect((await call(`${BASE}/${id}`, { token: globex, tenant: 'globex' })).status).toBe(404);
  });
});

describe('update (4.11), calculate (4.4), calculation (4.5)', () => {
  it('a rating-relevant change returns the quote to draft and re-rates it; the premium follows the sum insured', async () => {
    const id = await calculatedQuote(broker, 'home');
    const before = (await call(`${BASE}/${id}/calculation`, { token: broker })).body;
    const updated = await call(`${BASE}/${id}/`, { method: 'PUT', token: broker, body: { objects: [{ sumInsured: 80_000 }] } });
    expect(updated.status).toBe(200);
    expect(updated.body.objects[0].sumInsured).toBe(80_000);
    expect(updated.body.meta.status).toBe('draft');
    await waitUntilReady(broker, id);
    const calculated = await call(`${BASE}/${id}/calculate`, { token: broker, body: {} });
    expect(calculated.status).toBe(200);
    expect(calculated.body.meta.status).toBe('calculated');
    expect(calculated.body.data.periodPremium).toBeGreaterThan(before.data.periodPremium);
    expect(calculated.body.fields.length).toBeGreaterThan(0);
    const sum = calculated.body.installments.reduce((total: number, item: any) => total + Math.round(item.amount * 100), 0);
    expect(sum).toBe(Math.round(calculated.body.data.payable * 100));
    const latest = await call(`${BASE}/${id}/calculation`, { token: broker });
    expect(latest.body.data).toEqual(calculated.body.data);
  });

  it('a calculation with changed data records the price it replaced beside the new one', async () => {
    const id = await calculatedQuote(broker, 'home');
    const replaced = (await call(`${BASE}/${id}/calculation`, { token: broker })).body.data.payable;
    const calculated = await call(`${BASE}/${id}/calculate`, { token: broker, body: { objects: [{ sumInsured: 80_000 }] } });
    expect(calculated.status).toBe(200);
    expect(calculated.body.data.payable).toBeGreaterThan(replaced);
    const changes = await call(`${BASE}/${id}/changes`, { token: broker });
    const newest = changes.body.data.find((event: any) => event.type === 'quote.calculated');
    expect(newest.before.payable).toBe(replaced);
    expect(newest.after).toEqual({ status: 'calculated', payable: calculated.body.data.payable });
  });

  it('a change that is not rating-relevant keeps the quote calculated', async () => {
    const id = await calculatedQuote(broker, 'home');
    const updated = await call(`${BASE}/${id}/`, { method: 'PUT', token: broker, body: { customer: { phone: '+44 20 7946 0000' } } });
    expect(updated.status).toBe(200);
    expect(updated.body.meta.status).toBe('calculated');
  });

  it('If-Match with a stale ETag is 409 and changes nothing; the current ETag passes', async () => {
    const id = await calculatedQuote(broker, 'home');
    const read = await call(`${BASE}/${id}`, { token: broker });
    const etag = read.headers.get('etag')!;
    const first = await call(`${BASE}/${id}/`, {
      method: 'PUT',
      token: broker,
      body: { customer: { phone: '+44 20 7946 0001' } },
      headers: { 'if-match': etag },
    });
    expect(first.status).toBe(200);
    const stale = await call(`${BASE}/${id}/`, {
      method: 'PUT',
      token: broker,
      body: { customer: { phone: '+44 20 7946 0002' } },
      headers: { 'if-match': etag },
    });
    expect(stale.status).toBe(409);
    const after = await call(`${BASE}/${id}`, { token: broker });
    expect(after.body[0].data.customer.phone).toBe('+44 20 7946 0001');
  });

  it('an update that fails the schema is 422 and leaves the stored quote as it was', async () => {
    const id = await calculatedQuote(broker, 'home');
    const result = await call(`${BASE}/${id}/`, { method: 'PUT', token: broker, body: { policy: { dateInception: 'soon' } } });
    expect(result.status).toBe(422);
    expect(result.body.errors[0].path).toBe('/policy/dateInception');
    const after = await call(`${BASE}/${id}`, { token: broker });
    expect(after.body[1].meta.status).toBe('calculated');
  });

  it('calculate may carry changed data (create-like payload groups)', async () => {
    const id = await calculatedQuote(broker, 'travel');
    const result = await call(`${BASE}/${id}/calculate`, { token: broker, body: { policy: { winterSports: true } } });
    expect(result.status).toBe(200);
    expect(result.body.fields.some((field: any) => String(field.field).includes('winterSports'))).toBe(true);
  });
});

describe('referral (4.6) and its decision', () => {
  it('a manual referral blocks bind until an underwriter approves; brokers may not decide', async () => {
    const id = await calculatedQuote(broker, 'home');
    const referred = await call(`${BASE}/${id}/referrals`, { token: broker, body: { comment: 'Customer asks for a higher limit' } });
    expect(referred.status).toBe(204);
    const bind = await call(`${BASE}/${id}/bind`, { token: broker, body: {} });
    expect(bind.status).toBe(409);
    expect(bind.body).toMatchObject({ currentState: 'in-manual-referral' });
    expect(bind.body.allowedActions).toEqual(expect.arrayContaining(['quote:referral-decision', 'quote:decline']));
    const byBroker = await call(`${BASE}/${id}/referrals/decision`, { token: broker, body: { decision: 'approve', comment: 'ok' } });
    expect(byBroker.status).toBe(403);
    const approved = await call(`${BASE}/${id}/referrals/decision`, {
      token: underwriter,
      body: { decision: 'approve', comment: 'Within appetite' },
    });
    expect(approved.status).toBe(204);
    expect((await call(`${BASE}/${id}/bind`, { token: broker, body: {} })).status).toBe(200);
  });

  it('an auto-referral rule fires on a sum insured above the authority limit; approval lets bind through', async () => {
    const id = await createQuote(broker, 'home', (payload) => {
      payload.objects[0].sumInsured = 120_000;
    });
    const actions = await waitUntilReady(broker, id);
    expect(actions.meta.status).toBe('in-manual-referral');
    const read = await call(`${BASE}/${id}`, { token: broker });
    expect(read.body[1].meta.referral.source).toBe('rule');
    expect(read.body[1].meta.referral.comment).toMatch(/100[,.]?000/);
    expect(
      (
        await call(`${BASE}/${id}/referrals/decision`, {
          token: underwriter,
          body: { decision: 'approve', comment: 'Accepted with survey' },
        })
      ).status,
    ).toBe(204);
    const bound = await call(`${BASE}/${id}/bind`, { token: broker, body: {} });
    expect(bound.status).toBe(200);
    expect(bound.body.meta.status).toBe('bound');
  });

  it('a rejected referral is final', async () => {
    const id = await calculatedQuote(broker, 'pet');
    await call(`${BASE}/${id}/referrals`, { token: broker, body: { comment: 'Pre-existing condition' } });
    expect(
      (await call(`${BASE}/${id}/referrals/decision`, { token: underwriter, body: { decision: 'reject', comment: 'Outside appetite' } }))
        .status,
    ).toBe(204);
    for (const [path, body] of [
      [`${BASE}/${id}/calculate`, {}],
      [`${BASE}/${id}/bind`, {}],
      [`${BASE}/${id}/referrals`, { comment: 'again' }],
    ] as const) {
      const result = await call(path, { token: broker, body });
      expect(result.status).toBe(409);
      expect(result.body.currentState).toBe('referral-rejected');
    }
  });

  it('a referral without a comment is 400', async () => {
    const id = await calculatedQuote(broker, 'home');
    expect((await call(`${BASE}/${id}/referrals`, { token: broker, body: {} })).status).toBe(400);
    expect((await call(`${BASE}/${id}/referrals`, { token: broker, body: { comment: '   ' } })).status).toBe(400);
  });
});

describe('decline (4.10)', () => {
  it('lists the reasons with labels in the asked language', async () => {
    const en = await call('/api/v1/ledger/sales/decline-reasons', { token: broker });
    expect(en.body.data.map((reason: any) => reason.code)).toEqual([
      'price-too-high',
      'coverage-insufficient',
      'chose-competitor',
      'no-longer-needed',
      'terms-not-accepted',
      'other',
    ]);
    const de = await call('/api/v1/ledger/sales/decline-reasons', { token: broker, headers: { 'accept-language': 'de-DE,de;q=0.9' } });
    expect(de.body.data[0].label).toBe('Der Preis ist zu hoch');
  });

  it('declines for good: 204, then every changing call is 409', async () => {
    const id = await calculatedQuote(broker, 'travel');
    const declined = await call(`${BASE}/${id}/decline`, {
      token: broker,
      body: [{ reason: 'price-too-high' }, { declinedAt: todayIn() }],
    });
    expect(declined.status).toBe(204);
    const read = await call(`${BASE}/${id}`, { token: broker });
    expect(read.body[1].meta).toMatchObject({ status: 'declined', decline: { reason: 'price-too-high', declinedAt: todayIn() } });
    const attempts: [string, string, unknown][] = [
      ['PUT', `${BASE}/${id}/`, { customer: { phone: '+44 20 7946 0003' } }],
      ['POST', `${BASE}/${id}/calculate`, {}],
      ['POST', `${BASE}/${id}/referrals`, { comment: 'x' }],
      ['POST', `${BASE}/${id}/bind`, {}],
      ['POST', `${BASE}/${id}/issue`, {}],
      ['POST', `${BASE}/${id}/decline`, [{ reason: 'other' }, { declinedAt: todayIn() }]],
    ];
    for (const [method, path, body] of attempts) {
      const result = await call(path, { method, token: broker, body });
      expect(result.status, `${method} ${path}`).toBe(409);
      expect(result.body.currentState).toBe('declined');
    }
  });

  it('refuses an unknown reason or a bad date with 400', async () => {
    const id = await calculatedQuote(broker, 'travel');
    expect((await call(`${BASE}/${id}/decline`, { token: broker, body: [{ reason: 'bored' }, { declinedAt: todayIn() }] })).status).toBe(
      400,
    );
    expect((await call(`${BASE}/${id}/decline`, { token: broker, body: [{ reason: 'other' }, { declinedAt: '22.11.2026' }] })).status).toBe(
      400,
    );
    expect((await call(`${BASE}/${id}/decline`, { token: broker, body: { reason: 'other', declinedAt: todayIn() } })).status).toBe(400);
  });
});

describe('bind (4.8) and issue (4.12, 4.13)', () => {
  it('bind recalculates and locks premium and terms; only the post-bind fields may then change', async () => {
    const id = await boundQuote(broker, 'home');
    const locked = await call(`${BASE}/${id}/`, { method: 'PUT', token: broker, body: { objects: [{ sumInsured: 45_000 }] } });
    expect(locked.status).toBe(422);
    expect(locked.body.errors[0].path).toBe('/objects/0/sumInsured');
    const editable = await call(`${BASE}/${id}/`, {
      method: 'PUT',
      token: broker,
      body: { customer: { email: 'new.address@example.com' } },
    });
    expect(editable.status).toBe(200);
    expect(editable.body.meta.status).toBe('bound');
  });

  it('bind with mandatory fields missing is 422 naming them', async () => {
    const id = await calculatedQuote(broker, 'home', (payload) => {
      delete payload.customer.email;
      delete payload.customer.dateOfBirth;
    });
    const result = await call(`${BASE}/${id}/bind`, { token: broker, body: {} });
    expect(result.status).toBe(422);
    expect(result.body.errors.map((error: any) => error.path)).toEqual(expect.arrayContaining(['/customer/email']));
    const read = await call(`${BASE}/${id}`, { token: broker });
    expect(read.body[1].errors.length).toBeGreaterThan(0);
  });

  it('issues a bound quote: requestId at once, long poll to success with policy id, number and message', async () => {
    const id = await boundQuote(broker, 'pet');
    const issued = await call(`${BASE}/${id}/issue`, { token: broker, body: {} });
    expect(issued.status).toBe(200);
    expect(issued.body.requestId).toMatch(/^[0-9a-f-]{36}$/);
    const request = await waitForRequest(broker, issued.body.requestId);
    expect(request).toMatchObject({ status: 'success', type: 'issue', data: { policyId: id } });
    expect(request.data.policyNumber).toMatch(/^ACME-PET-\d{4}-\d{6}$/);
    expect(request.data.message).toContain(request.data.policyNumber);
    const read = await call(`${BASE}/${id}`, { token: broker });
    expect(read.body[1].meta).toMatchObject({
      status: 'issued',
      policyStatus: 'active',
      version: '1',
      policyNumber: request.data.policyNumber,
    });
    const journal = await withDatabase(
      async (client) =>
        (
          await client.query(
            'SELECT sum(l.debit) AS d, sum(l.credit) AS c FROM "JournalLine" l JOIN "JournalEntry" e ON e.id = l."entryId" WHERE e."policyId" = $1',
            [id],
          )
        ).rows[0],
    );
    expect(Number(journal.d)).toBeGreaterThan(0);
    expect(journal.d).toBe(journal.c);
  });

  it('issue of a quote that is not bound is 409 naming the state', async () => {
    const id = await calculatedQuote(broker, 'home');
    const result = await call(`${BASE}/${id}/issue`, { token: broker, body: {} });
    expect(result.status).toBe(409);
    expect(result.body).toMatchObject({ currentState: 'calculated' });
    expect(result.body.allowedActions).toContain('quote:bind');
  });

  it('ten concurrent issues of one quote: exactly one starts, one policy, one policy number', async () => {
    const id = await boundQuote(broker, 'home');
    const results = await Promise.all(Array.from({ length: 10 }, () => call(`${BASE}/${id}/issue`, { token: broker, body: {} })));
    const started = results.filter((result) => result.status === 200);
    expect(started).toHaveLength(1);
    expect(results.filter((result) => result.status === 409)).toHaveLength(9);
    await waitForRequest(broker, started[0]!.body.requestId);
    const rows = await withDatabase(async (client) => ({
      versions: (await client.query('SELECT count(*) FROM "PolicyVersion" WHERE "policyId" = $1', [id])).rows[0].count,
      requests: (await client.query(`SELECT count(*) FROM "Request" WHERE "policyId" = $1 AND status = 'success'`, [id])).rows[0].count,
    }));
    expect(rows).toEqual({ versions: '1', requests: '1' });
  });

  it('two concurrent binds: exactly one wins', async () => {
    const id = await calculatedQuote(broker, 'travel');
    const results = await Promise.all([0, 1].map(() => call(`${BASE}/${id}/bind`, { token: broker, body: {} })));
    expect(results.map((result) => result.status).sort()).toEqual([200, 409]);
  });

  it('Idempotency-Key: the same key replays the first answer; the same key with another body is 422', async () => {
    const id = await boundQuote(broker, 'travel');
    const key = `issue-${id}`;
    const first = await call(`${BASE}/${id}/issue`, { token: broker, body: {}, headers: { 'idempotency-key': key } });
    const replay = await call(`${BASE}/${id}/issue`, { token: broker, body: {}, headers: { 'idempotency-key': key } });
    expect(first.status).toBe(200);
    expect(replay.status).toBe(200);
    expect(replay.body.requestId).toBe(first.body.requestId);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    const payload = await examplePayload(broker, 'home');
    const created = await call(`${BASE}/create`, { token: broker, body: payload, headers: { 'idempotency-key': `create-${id}` } });
    const again = await call(`${BASE}/create`, { token: broker, body: payload, headers: { 'idempotency-key': `create-${id}` } });
    expect(again.body.policy.id).toBe(created.body.policy.id);
    payload.customer.firstName = 'Someone';
    const other = await call(`${BASE}/create`, { token: broker, body: payload, headers: { 'idempotency-key': `create-${id}` } });
    expect(other.status).toBe(422);
  });
});

describe('copy and changes', () => {
  it('copies into a new draft and records the history newest first', async () => {
    const id = await calculatedQuote(broker, 'home');
    await call(`${BASE}/${id}/`, { method: 'PUT', token: broker, body: { customer: { phone: '+44 20 7946 0004' } } });
    const copy = await call(`${BASE}/${id}/copy`, { token: broker, body: {} });
    expect(copy.status).toBe(200);
    expect(copy.body.policy.id).not.toBe(id);
    expect(copy.body.meta.status).toBe('draft');
    expect(copy.body.customer.phone).toBe('+44 20 7946 0004');
    const changes = await call(`${BASE}/${id}/changes`, { token: broker });
    expect(changes.status).toBe(200);
    const types = changes.body.data.map((event: any) => event.type);
    expect(types[0]).toBe('quote.updated');
    expect(types).toContain('quote.created');
    expect(changes.body.data[0].before).toEqual({ '/customer/phone': expect.any(String) });
    expect(changes.body.data[0].after).toEqual({ '/customer/phone': '+44 20 7946 0004' });
  });

  it('lists quotes newest first with search and status filter', async () => {
    // Letters only (a name), unique per run: the digits of the clock spelled a–j.
    const tag = `Zebedee-${[...String(Date.now())].map((digit) => String.fromCharCode(97 + Number(digit))).join('')}`;
    const named = (payload: Record<string, any>) => {
      payload.customer.lastName = tag;
    };
    const older = await createQuote(broker, 'home', named);
    const newer = await createQuote(broker, 'home', named);
    const found = await call(`${BASE}?search=${tag.toLowerCase()}`, { token: broker });
    expect(found.status).toBe(200);
    expect(found.body.data.map((row: any) => row.id)).toEqual([newer, older]);
    const all = await call(`${BASE}?pageSize=20`, { token: broker });
    expect(all.status).toBe(200);
    const created = all.body.data.map((row: any) => row.createdAt as string);
    expect(created.length).toBeGreaterThan(1);
    expect(created).toEqual([...created].sort().reverse());
    const declined = await calculatedQuote(broker, 'travel');
    expect(
      (await call(`${BASE}/${declined}/decline`, { token: broker, body: [{ reason: 'other' }, { declinedAt: todayIn() }] })).status,
    ).toBe(204);
    const page = await call(`${BASE}?pageSize=5&status=declined`, { token: broker });
    expect(page.status).toBe(200);
    expect(page.body.data.length).toBeGreaterThan(0);
    expect(page.body.data[0].id).toBe(declined);
    expect(page.body.data.every((row: any) => row.status === 'declined')).toBe(true);
    expect((await call(`${BASE}?status=nonsense`, { token: broker })).status).toBe(400);
  });

  it('filters by product and sorts by a chosen column, refusing an unknown one', async () => {
    const tag = `Sortby-${[...String(Date.now())].map((digit) => String.fromCharCode(97 + Number(digit))).join('')}`;
    const named = (firstName: string) => (payload: Record<string, any>) => {
      payload.customer.firstName = firstName;
      payload.customer.lastName = tag;
    };
    const bea = await createQuote(broker, 'pet', named('Bea'));
    const abe = await createQuote(broker, 'pet', named('Abe'));
    const cal = await createQuote(broker, 'home', named('Cal'));
    const ascending = await call(`${BASE}?search=${tag}&sort=customerName`, { token: broker });
    expect(ascending.status).toBe(200);
    expect(ascending.body.data.map((row: any) => row.id)).toEqual([abe, bea, cal]);
    const pets = await call(`${BASE}?search=${tag}&productCode=pet&sort=-customerName`, { token: broker });
    expect(pets.body.data.map((row: any) => row.id)).toEqual([bea, abe]);
    expect(pets.body.meta.total).toBe(2);
    const oldest = await call(`${BASE}?search=${tag}&sort=createdAt`, { token: broker });
    expect(oldest.body.data.map((row: any) => row.id)).toEqual([bea, abe, cal]);
    const refused = await call(`${BASE}?sort=payable`, { token: broker });
    expect(refused.status).toBe(400);
    expect(refused.headers.get('content-type')).toMatch(/application\/problem\+json/);
  });
});

describe('instalment schedule (4.9)', () => {
  it('before issue: the rated schedule, another plan priced on request, amounts summing to the total', async () => {
    const id = await calculatedQuote(broker, 'home');
    const annual = await call(`${BASE}/${id}/installments-schedule`, { token: broker });
    expect(annual.status).toBe(200);
    expect(annual.body.source).toBe('quote');
    const calculation = await call(`${BASE}/${id}/calculation`, { token: broker });
    expect(annual.body.total).toBe(calculation.body.data.payable);
    const monthly = await call(`${BASE}/${id}/installments-schedule?plan=monthly`, { token: broker });
    expect(monthly.status).toBe(200);
    expect(monthly.body.paymentPlan).toBe('monthly');
    expect(monthly.body.instalments.length).toBeGreaterThan(1);
    const cents = monthly.body.instalments.reduce((sum: number, instalment: any) => sum + Math.round(instalment.amount * 100), 0);
    expect(cents).toBe(Math.round(monthly.body.total * 100));
    // Pricing another plan changes nothing stored.
    expect((await call(`${BASE}/${id}/calculation`, { token: broker })).body.data.paymentPlan).toBe(calculation.body.data.paymentPlan);
    expect((await call(`${BASE}/${id}/installments-schedule?plan=weekly`, { token: broker })).status).toBe(400);
  });

  it('after issue the stored instalments match the journal receivable', async () => {
    const { id } = await issuePolicy(broker, 'travel');
    const schedule = await call(`${BASE}/${id}/installments-schedule`, { token: broker });
    expect(schedule.status).toBe(200);
    expect(schedule.body.source).toBe('policy');
    expect(schedule.body.instalments.every((instalment: any) => instalment.status === 'open')).toBe(true);
    const receivable = await withDatabase(
      async (client) =>
        (
          await client.query(
            `SELECT sum(l.debit) - sum(l.credit) AS balance FROM "JournalLine" l JOIN "JournalEntry" e ON e.id = l."entryId"
             WHERE e."policyId" = $1 AND l.account = 'policyholder-receivable'`,
            [id],
          )
        ).rows[0].balance,
    );
    expect(Number(receivable)).toBe(schedule.body.total);
  });
});
