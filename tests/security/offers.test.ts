import { beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, tokenFor } from '../support/api';
import { withDatabase } from '../support/db';
import { calculatedQuote } from '../support/lifecycle';

// Offers render in the documents lane, never in the app (the app has no renderer to call): the
// request queues one render per quote state and language and waits for it. One tenant's burst is
// capped (429 with Retry-After beyond its queued renders) and never renders a state twice.

const SALES = '/api/v1/ledger/sales/policies';
let broker: string;

async function offer(id: string, language = 'en') {
  const response = await fetch(`${baseUrl()}${SALES}/${id}/generated-documents`, {
    method: 'POST',
    headers: { authorization: `Bearer ${broker}`, 'x-tenant-id': 'acme', 'accept-language': language },
  });
  const bytes = Buffer.from(await response.arrayBuffer());
  return { status: response.status, headers: response.headers, bytes };
}

beforeAll(async () => {
  broker = await tokenFor('acme-broker');
});

describe('offers under load', () => {
  it('caps one tenant’s queued renders with 429 + Retry-After, answers the rest as PDFs, never a 500', async () => {
    const ids = await Promise.all(Array.from({ length: 12 }, () => calculatedQuote(broker, 'home')));
    // 24 fresh renders at once (two languages per quote), over the cap of 8 queued per tenant.
    const answers = await Promise.all(ids.flatMap((id) => [offer(id, 'en'), offer(id, 'de')]));
    const statuses = answers.map((answer) => answer.status);
    expect(
      statuses.every((status) => status === 200 || status === 429 || status === 503),
      statuses.join(','),
    ).toBe(true);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThan(0);
    for (const answer of answers) {
      if (answer.status === 200) expect(answer.bytes.subarray(0, 5).toString()).toBe('%PDF-');
      else expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    // Asking again once the queue drains gives every offer, each rendered once per state and language.
    for (const id of ids) {
      for (const language of ['en', 'de']) {
        let answer = await offer(id, language);
        for (let attempt = 0; attempt < 10 && answer.status !== 200; attempt++) {
          await new Promise((resolve) => setTimeout(resolve, Number(answer.headers.get('retry-after') ?? 1) * 1000));
          answer = await offer(id, language);
        }
        expect(answer.status).toBe(200);
      }
    }
    const stored = await withDatabase(
      async (client) =>
        (
          await client.query(
            `SELECT "policyId", "language", count(*)::int AS n FROM "Document" WHERE "policyId" = ANY($1::uuid[]) GROUP BY 1, 2`,
            [ids],
          )
        ).rows,
    );
    expect(stored).toHaveLength(24);
    expect(stored.every((row: { n: number }) => row.n === 1)).toBe(true);
  }, 180_000);

  it('answers an unchanged quote from the store at once, without queueing a render', async () => {
    const id = await calculatedQuote(broker, 'home');
    expect((await offer(id)).status).toBe(200);
    const started = performance.now();
    const again = await offer(id);
    expect(again.status).toBe(200);
    expect(performance.now() - started).toBeLessThan(2_000);
    const jobs = await withDatabase(
      async (client) => (await client.query(`SELECT count(*)::int AS n FROM "Job" WHERE "dedupeKey" LIKE $1`, [`offer:${id}:%`])).rows[0].n,
    );
    expect(jobs).toBe(0);
  });
});
