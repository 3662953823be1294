import { beforeAll, describe, expect, it } from 'vitest';
import { call, tokenFor } from '../support/api';
import { tenantId, withDatabase } from '../support/db';
import { boundQuote, createQuote, examplePayload, waitForRequest } from '../support/lifecycle';
import { ownTenant } from '../support/own-tenant';

/* eslint-disable @typescript-eslint/no-explicit-any -- JSON answers */

// GET /api/v1/ledger/events: the tenant's public events in commit order, paged by cursor, with a
// long poll that wakes on the commit of the next event. The feed is read on a tenant of this file's
// own: other test files write to the demo tenants at the same time, and a reader counting "every
// event" or waiting for "the next one" must see only what this file does.

const EVENTS = '/api/v1/ledger/events';
const SALES = '/api/v1/ledger/sales/policies';
const LONG_POLL_NOTICE_MS = 1_000;

let broker: string;
let tenant: string;

/** The cursor after everything committed so far. */
async function head(token = broker, tenantTag = tenant): Promise<string> {
  let cursor = '0';
  for (;;) {
    const page = await call(`${EVENTS}?after=${cursor}&limit=200`, { token, tenant: tenantTag });
    expect(page.status, page.text).toBe(200);
    cursor = page.body.nextCursor;
    if (!page.body.hasMore) return cursor;
  }
}

/** Every event after `from`, read `limit` at a time, checking the cursors as it goes. */
async function readAll(from: string, limit: number, until?: (events: any[]) => boolean): Promise<any[]> {
  const events: any[] = [];
  let cursor = from;
  for (let round = 0; round < 500; round++) {
    const page = await call(`${EVENTS}?after=${cursor}&limit=${limit}`, { token: broker, tenant });
    expect(page.status, page.text).toBe(200);
    expect(page.body.data.length).toBeLessThanOrEqual(limit);
    for (const event of page.body.data) {
      expect(BigInt(event.cursor) > BigInt(cursor), 'cursors only grow').toBe(true);
      cursor = event.cursor;
      events.push(event);
    }
    expect(page.body.nextCursor).toBe(cursor);
    if (!page.body.hasMore && (!until || until(events))) return events;
    if (!page.body.hasMore) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the feed did not reach the expected events');
}

/** The positions the database holds for the tenant in (from, to]: what a reader must have seen. */
async function storedPositions(from: string, to: string): Promise<string[]> {
  const own = await tenantId(tenant);
  return withDatabase(async (client) =>
    // Ordered by the bigint column, not by its text (where '1000' sorts before '813').
    (
      await client.query<{ cursor: string }>(
        `SELECT "position"::text AS "cursor" FROM "FeedEntry" WHERE "tenantId" = $1 AND "position" > $2 AND "position" <= $3 ORDER BY "position"`,
        [own, from, to],
      )
    ).rows.map((row) => row.cursor),
  );
}

beforeAll(async () => {
  ({ tenant, token: broker } = await ownTenant('feed'));
}, 60_000);

describe('event feed', () => {
  it('returns every event of a lifecycle in order, with no gaps or repeats across pages', async () => {
    const from = await head();
    const id = await boundQuote(broker, 'home', undefined, tenant);
    const issue = await call(`${SALES}/${id}/issue`, { token: broker, tenant, body: {} });
    expect((await waitForRequest(broker, issue.body.requestId, tenant)).status).toBe('success');

    const ofQuote = (events: any[]) => events.filter((event) => event.data.policy?.id === id);
    // Bind and issue store 2 + 5 documents, in the background.
    const documentsDone = (events: any[]) => ofQuote(events).filter((event) => event.type === 'document.ready').length >= 7;
    const paged = await readAll(from, 3, documentsDone);
    const cursors = paged.map((event) => event.cursor);
    expect(new Set(cursors).size).toBe(cursors.length);
    expect(new Set(paged.map((event) => event.id)).size).toBe(paged.length);
    // No gaps: everything stored in the range read was read.
    expect(cursors).toEqual(await storedPositions(from, cursors.at(-1)!));

    const lifecycle = ofQuote(paged)
      .map((event) => event.type)
      .filter((type) => type !== 'document.ready');
    expect(lifecycle).toEqual([
      'quote.created',
      'quote.calculated',
      'quote.calculated',
      'quote.bound',
      'policy.issued',
      'request.completed',
    ]);
    const issued = ofQuote(paged).find((event) => event.type === 'policy.issued');
    expect(issued).toMatchObject({ tenant, data: { object: 'policy', id, policy: { status: 'issued', policyStatus: 'active' } } });

    const onlyBound = await call(`${EVENTS}?after=${from}&types=quote.bound,policy.issued&limit=200`, { token: broker, tenant });
    expect(onlyBound.status).toBe(200);
    expect(new Set(onlyBound.body.data.map((event: any) => event.type))).toEqual(new Set(['quote.bound', 'policy.issued']));
  }, 90_000);

  it('a creation’s events name the quote number its insert drew, in the feed and in the audit log', async () => {
    const from = await head();
    const created = await call(`${SALES}/create`, { token: broker, tenant, body: await examplePayload(broker, 'travel', tenant) });
    expect(created.status, created.text).toBe(200);
    const id: string = created.body.policy.id;
    const quoteNumber: string = created.body.meta.quoteNumber;
    expect(quoteNumber).toMatch(/^Q-\d{4}-\d{6,}$/);

    const events = (await readAll(from, 50)).filter((event) => event.type === 'quote.created' && event.data.id === id);
    expect(events).toHaveLength(1);
    expect(events[0].data).toEqual({
      object: 'quote',
      id,
      number: quoteNumber,
      policy: { id, product: 'travel', quoteNumber, policyNumber: null, status: 'draft', policyStatus: null, version: 0 },
      renewalOfId: null,
    });
    const audit = await withDatabase(
      async (client) => (await client.query(`SELECT "after" FROM "Event" WHERE "policyId" = $1 AND "type" = 'quote.created'`, [id])).rows,
    );
    expect(audit).toEqual([{ after: { status: 'draft', quoteNumber } }]);
  });

  it('under concurrent writers a reader paging along sees each event exactly once, in commit order', async () => {
    const from = await head();
    const writers = Promise.all(
      Array.from({ length: 12 }, (_, index) => createQuote(broker, (['home', 'travel', 'pet'] as const)[index % 3], undefined, tenant)),
    );
    const seen: any[] = [];
    let cursor = from;
    let ids: string[] | null = null;
    void writers.then((created) => (ids = created));
    const createdOf = () => seen.filter((event) => event.type === 'quote.created' && ids?.includes(event.data.id)).length;
    for (let round = 0; round < 400 && !(ids && createdOf() === 12); round++) {
      const page = await call(`${EVENTS}?after=${cursor}&limit=4&longPolling=true`, { token: broker, tenant });
      expect(page.status).toBe(200);
      for (const event of page.body.data) {
        expect(BigInt(event.cursor) > BigInt(cursor)).toBe(true);
        cursor = event.cursor;
        seen.push(event);
      }
    }
    await writers;
    expect(createdOf()).toBe(12);
    const cursors = seen.map((event) => event.cursor);
    expect(new Set(cursors).size).toBe(cursors.length);
    expect(cursors).toEqual(await storedPositions(from, cursor));
  }, 90_000);

  it('a long poll wakes within the notice target of the next event’s commit', async () => {
    const from = await head();
    const started = Date.now();
    // Earlier tests' quotes still rate and render in the background: wait for this quote's own event type.
    const poll = call(`${EVENTS}?after=${from}&types=quote.created&longPolling=true`, { token: broker, tenant });
    await new Promise((resolve) => setTimeout(resolve, 500));
    const id = await createQuote(broker, 'pet', undefined, tenant);
    const createdAt = Date.now();
    const answer = await poll;
    const answeredAt = Date.now();
    expect(answer.status).toBe(200);
    expect(answer.body.data.length).toBeGreaterThanOrEqual(1);
    expect(answer.body.data.some((event: any) => event.data.id === id || event.data.policy?.id === id)).toBe(true);
    expect(answeredAt - started).toBeGreaterThanOrEqual(500);
    expect(answeredAt - createdAt).toBeLessThan(LONG_POLL_NOTICE_MS);
  });

  it('an empty long poll ends with an empty page; another tenant’s events never show; bad input is 400', async () => {
    const globex = await tokenFor('globex-broker');
    const globexFeed = await call(`${EVENTS}?limit=200`, { token: globex, tenant: 'globex' });
    expect(globexFeed.status).toBe(200);
    expect(globexFeed.body.data.every((event: any) => event.tenant === 'globex')).toBe(true);
    const ownFeed = await call(`${EVENTS}?limit=200`, { token: broker, tenant });
    expect(ownFeed.body.data.length).toBeGreaterThan(0);
    expect(ownFeed.body.data.every((event: any) => event.tenant === tenant)).toBe(true);
    for (const query of ['after=abc', 'after=-1', 'types=quote.exploded', 'limit=0', 'limit=201']) {
      const bad = await call(`${EVENTS}?${query}`, { token: broker, tenant });
      expect(bad.status, query).toBe(400);
      expect(bad.headers.get('content-type')).toContain('application/problem+json');
    }
    const far = await call(`${EVENTS}?after=999999999999`, { token: broker, tenant });
    expect(far.body).toEqual({ data: [], nextCursor: '999999999999', hasMore: false });
  });
});
