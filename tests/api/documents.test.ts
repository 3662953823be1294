import { createHash } from 'node:crypto';
import { decodeJwt, decodeProtectedHeader, importJWK, SignJWT, type JWK } from 'jose';
import { extractText, getDocumentProxy } from 'unpdf';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatMoney } from '@/lib/documents/format';
import { baseUrl, call, tokenFor } from '../support/api';
import { addDaysIso, todayIn } from '../support/dates';
import { withDatabase } from '../support/db';
import { calculatedQuote, issuePolicy } from '../support/lifecycle';

/* eslint-disable @typescript-eslint/no-explicit-any -- JSON answers */

// Documents end to end (spec 2.9, 4.7, 4.17; API-CONTRACT §1, §5): the offer rendered on request,
// the bind and issue documents rendered by the worker, stored with metadata, read back with a PDF
// parser, and downloaded by bearer or by a signed link that expires and cannot be altered.

const SALES = '/api/v1/ledger/sales/policies';
let broker: string;
let globex: string;

beforeAll(async () => {
  broker = await tokenFor('acme-broker');
  globex = await tokenFor('globex-broker');
});

interface Fetched {
  status: number;
  headers: Headers;
  bytes: Buffer;
}

async function fetchRaw(
  path: string,
  options: { token?: string; tenant?: string | null; method?: string; headers?: Record<string, string> } = {},
) {
  const headers: Record<string, string> = { ...options.headers };
  if (options.tenant !== null) headers['x-tenant-id'] = options.tenant ?? 'acme';
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const response = await fetch(`${baseUrl()}${path}`, { method: options.method ?? 'GET', headers });
  return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) } satisfies Fetched;
}

async function pdfText(bytes: Buffer): Promise<string> {
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

async function quoteFacts(id: string) {
  const read = await call(`${SALES}/${id}`, { token: broker });
  expect(read.status).toBe(200);
  const calculation = await call(`${SALES}/${id}/calculation`, { token: broker });
  expect(calculation.status).toBe(200);
  const [first, second] = read.body;
  const customer = first.data?.customer ?? first.customer;
  return {
    quoteNumber: (second.meta?.quoteNumber ?? second.quoteNumber) as string,
    customerName: `${customer.firstName} ${customer.lastName}`,
    payable: calculation.body.data.payable as number,
    currency: calculation.body.data.currency as string,
  };
}

/**
 * The worker renders in the background: poll the listing until the expected `type@version`s are
 * stored. A wanted document still pending is downloaded, as a client would: a download brings its
 * render to the head of the documents lane (and waits up to 20 s, then answers 503), so the wait
 * does not depend on how long a backlog the rest of the suite left the lane.
 */
async function waitForDocuments(id: string, types: string[], token = broker): Promise<any[]> {
  const deadline = Date.now() + 90_000;
  for (;;) {
    const listing = await call(`/api/v1/ledger/policies/${id}/documents`, { token });
    expect(listing.status).toBe(200);
    const stored = listing.body.data.filter((document: any) => document.status === 'stored');
    const present = new Set(stored.map((document: any) => `${document.type}@${document.version}`));
    if (types.every((type) => present.has(type))) return listing.body.data;
    if (Date.now() > deadline) throw new Error(`documents of ${id}: have ${[...present].join(', ')}, want ${types.join(', ')}`);
    const waiting = listing.body.data.filter(
      (document: any) => document.status !== 'stored' && types.includes(`${document.type}@${document.version}`),
    );
    if (waiting.length === 0) {
      await new Promise((resolve) => setTimeout(resolve, 300));
      continue;
    }
    for (const document of waiting) {
      const download = await fetchRaw(`/api/v1/ledger/documents/${document.id}`, { token });
      expect([200, 503], `download of ${document.type}@${document.version}`).toContain(download.status);
    }
  }
}

const money = (amount: number, currency: string, language: 'en' | 'de' = 'en') =>
  formatMoney(amount, currency, language).replace(/\s/g, ' ');

describe('the offer (4.7)', () => {
  it('answers the offer PDF synchronously, stores it, and shows the quote number, premium and customer', async () => {
    const id = await calculatedQuote(broker, 'home');
    const facts = await quoteFacts(id);
    // Answered in the request itself (how fast is the bench's business: `npm run bench`).
    const offer = await fetchRaw(`${SALES}/${id}/generated-documents`, { token: broker, method: 'POST' });
    expect(offer.status, offer.bytes.toString()).toBe(200);
    expect(offer.headers.get('content-type')).toBe('application/pdf');
    expect(offer.headers.get('content-disposition')).toMatch(/^attachment; filename="quote-offer-Q-\d{4}-\d{6}\.pdf"$/);
    const metadata = JSON.parse(offer.headers.get('x-document-metadata')!);
    expect(metadata).toMatchObject({ policyId: id, type: 'quote-offer', language: 'en', policyVersion: 0, contentType: 'application/pdf' });
    expect(metadata.size).toBe(offer.bytes.length);
    expect(metadata.sha256).toBe(createHash('sha256').update(offer.bytes).digest('hex'));
    const text = await pdfText(offer.bytes);
    expect(text).toContain(facts.quoteNumber);
    expect(text).toContain(facts.customerName);
    expect(text).toContain(money(facts.payable, facts.currency));

    // The same quote state gives the same document: asking again stores nothing new.
    const again = await fetchRaw(`${SALES}/${id}/generated-documents`, { token: broker, method: 'POST' });
    expect(JSON.parse(again.headers.get('x-document-metadata')!).id).toBe(metadata.id);
    const listing = await call(`/api/v1/ledger/policies/${id}/documents`, { token: broker });
    expect(listing.body.data.map((document: any) => document.id)).toEqual([metadata.id]);
  });

  it('renders German for a German customer, and the language asked for when Accept-Language is sent', async () => {
    const id = await calculatedQuote(broker, 'travel');
    const german = await fetchRaw(`${SALES}/${id}/generated-documents`, { token: broker, method: 'POST' });
    expect(german.status).toBe(200);
    expect(JSON.parse(german.headers.get('x-document-metadata')!).language).toBe('de');
    expect(await pdfText(german.bytes)).toContain('Versicherungsangebot');
    const english = await fetchRaw(`${SALES}/${id}/generated-documents`, {
      token: broker,
      method: 'POST',
      headers: { 'accept-language': 'en' },
    });
    expect(JSON.parse(english.headers.get('x-document-metadata')!).language).toBe('en');
    expect(await pdfText(english.bytes)).toContain('Insurance offer');
  });

  it('is 409 while the quote awaits an underwriter, and once declined', async () => {
    const id = await calculatedQuote(broker, 'home');
    const referred = await call(`${SALES}/${id}/referrals`, { token: broker, body: { comment: 'Unusual contents, please check' } });
    expect(referred.status).toBe(204);
    const waiting = await call(`${SALES}/${id}/generated-documents`, { token: broker, method: 'POST' });
    expect(waiting.status).toBe(409);
    expect(waiting.headers.get('content-type')).toContain('application/problem+json');
    expect(waiting.body.currentState).toBe('in-manual-referral');
    expect(waiting.body.detail).toMatch(/underwriter/);

    const declinedId = await calculatedQuote(broker, 'pet');
    const today = todayIn();
    const declined = await call(`${SALES}/${declinedId}/decline`, {
      token: broker,
      body: [{ reason: 'price-too-high' }, { declinedAt: today }],
    });
    expect(declined.status, declined.text).toBe(204);
    const refused = await call(`${SALES}/${declinedId}/generated-documents`, { token: broker, method: 'POST' });
    expect(refused.status).toBe(409);
    expect(refused.body.currentState).toBe('declined');
  });

  it('is 404 for another tenant’s quote and 401 without a bearer', async () => {
    const id = await calculatedQuote(broker, 'home');
    expect((await call(`${SALES}/${id}/generated-documents`, { token: globex, tenant: 'globex', method: 'POST' })).status).toBe(404);
    expect((await call(`${SALES}/${id}/generated-documents`, { method: 'POST' })).status).toBe(401);
  });
});

describe('bind and issue documents', () => {
  let policy: { id: string; policyNumber: string };
  let facts: Awaited<ReturnType<typeof quoteFacts>>;
  let documents: any[];
  const ISSUE_TYPES = ['policy-schedule', 'certificate', 'invoice', 'product-information', 'terms-summary'];

  beforeAll(async () => {
    policy = await issuePolicy(broker, 'home');
    facts = await quoteFacts(policy.id);
    documents = await waitForDocuments(policy.id, [...ISSUE_TYPES.map((type) => `${type}@1`), 'product-information@0', 'terms-summary@0']);
  }, 200_000);

  it('lists every document with its metadata and a signed link', async () => {
    const bind = documents.filter((document) => document.version === 0).map((document) => document.type);
    expect(bind.sort()).toEqual(['product-information', 'terms-summary']);
    const issue = documents.filter((document) => document.version === 1).map((document) => document.type);
    expect(issue.sort()).toEqual([...ISSUE_TYPES].sort());
    for (const document of documents) {
      expect(document).toMatchObject({ contentType: 'application/pdf', language: 'en' });
      expect(document.size).toBeGreaterThan(1000);
      expect(document.sha256).toMatch(/^[0-9a-f]{64}$/);
      expect(document.href).toMatch(new RegExp(`^/api/v1/ledger/documents/${document.id}\\?token=`));
      expect(Date.parse(document.createdAt)).not.toBeNaN();
    }
  });

  it('every issue document shows the policy number, the premium and the customer', async () => {
    for (const document of documents.filter((entry) => entry.version === 1)) {
      const file = await fetchRaw(`/api/v1/ledger/documents/${document.id}`, { token: broker });
      expect(file.status).toBe(200);
      expect(file.headers.get('content-type')).toBe('application/pdf');
      expect(file.headers.get('content-disposition')).toContain(`${document.type}-${policy.policyNumber}-v1.pdf`);
      const text = await pdfText(file.bytes);
      expect(text, document.type).toContain(policy.policyNumber);
      expect(text, document.type).toContain(facts.customerName);
      expect(text, document.type).toContain(money(facts.payable, facts.currency));
    }
    for (const document of documents.filter((entry) => entry.version === 0)) {
      const text = await pdfText((await fetchRaw(`/api/v1/ledger/documents/${document.id}`, { token: broker })).bytes);
      expect(text, document.type).toContain(facts.quoteNumber);
      expect(text, document.type).toContain(facts.customerName);
      expect(text, document.type).toContain(money(facts.payable, facts.currency));
    }
  });

  it('answers { content, metadata } to Accept: application/json', async () => {
    const schedule = documents.find((document) => document.type === 'policy-schedule');
    const json = await call(`/api/v1/ledger/documents/${schedule.id}`, { token: broker, headers: { accept: 'application/json' } });
    expect(json.status).toBe(200);
    const content = Buffer.from(json.body.content, 'base64');
    expect(json.body.metadata).toMatchObject({
      id: schedule.id,
      policyId: policy.id,
      type: 'policy-schedule',
      language: 'en',
      policyVersion: 1,
      contentType: 'application/pdf',
      size: content.length,
      sha256: createHash('sha256').update(content).digest('hex'),
    });
    expect(json.body.metadata.title).toContain(policy.policyNumber);
    expect(await pdfText(content)).toContain(policy.policyNumber);
  });

  it('stores each document once when the job runs again', async () => {
    const before = documents.length;
    await withDatabase(async (client) => {
      const tenant = (await client.query('SELECT "tenantId" FROM "Policy" WHERE id = $1', [policy.id])).rows[0].tenantId;
      await client.query(
        `INSERT INTO "Job" ("task", "payload", "tenantId", "dedupeKey") VALUES ('documents.generate', $1::jsonb, $2, $3)`,
        [
          JSON.stringify({ tenantId: tenant, policyId: policy.id, occasion: 'issue', policyVersion: 1 }),
          tenant,
          `documents-rerun:${policy.id}`,
        ],
      );
      const deadline = Date.now() + 20_000;
      while (
        (await client.query(`SELECT 1 FROM "Job" WHERE "dedupeKey" = $1 AND "failedAt" IS NULL`, [`documents-rerun:${policy.id}`])).rowCount
      ) {
        if (Date.now() > deadline) throw new Error('the rerun job did not finish');
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      const counts = await client.query(
        `SELECT "type", "policyVersion", count(*)::int AS n FROM "Document" WHERE "policyId" = $1 GROUP BY 1, 2`,
        [policy.id],
      );
      expect(counts.rows.every((row) => row.n === 1)).toBe(true);
      expect(counts.rows.length).toBe(before);
    });
  });

  it('stores each PDF out of line as it is, without a compression that cannot shrink it', async () => {
    await withDatabase(async (client) => {
      const storage = await client.query(
        `SELECT attstorage FROM pg_attribute WHERE attrelid = '"Document"'::regclass AND attname = 'content'`,
      );
      // 'e' (EXTERNAL): out of line, never compressed; the default 'x' ran pglz over every PDF.
      expect(storage.rows).toEqual([{ attstorage: 'e' }]);
      const stored = await client.query(
        `SELECT octet_length("content") AS bytes, pg_column_size("content") AS kept, pg_column_compression("content") AS compression
         FROM "Document" WHERE "policyId" = $1 AND "content" IS NOT NULL`,
        [policy.id],
      );
      expect(stored.rows.length).toBe(documents.length);
      for (const row of stored.rows)
        expect({ kept: row.kept, compression: row.compression }).toEqual({ kept: row.bytes, compression: null });
    });
  });

  it('hides the documents from another tenant (404)', async () => {
    const document = documents[0];
    expect((await call(`/api/v1/ledger/documents/${document.id}`, { token: globex, tenant: 'globex' })).status).toBe(404);
    expect((await call(`/api/v1/ledger/policies/${policy.id}/documents`, { token: globex, tenant: 'globex' })).status).toBe(404);
  });

  describe('signed links', () => {
    it('download with only the tenant header', async () => {
      const document = documents.find((entry) => entry.type === 'certificate');
      const file = await fetchRaw(document.href);
      expect(file.status).toBe(200);
      expect(createHash('sha256').update(file.bytes).digest('hex')).toBe(document.sha256);
      const json = await call(document.href, { headers: { accept: 'application/json' } });
      expect(json.status).toBe(200);
      expect(json.body.metadata.id).toBe(document.id);
    });

    it('cannot be altered, moved to another document or used as a bearer (401)', async () => {
      const [first, second] = documents;
      const token = new URL(first.href, 'http://x').searchParams.get('token')!;
      const [header, payload, signature] = token.split('.');
      const flipped = `${signature!.slice(0, -4)}${signature!.slice(-4) === 'AAAA' ? 'BBBB' : 'AAAA'}`;
      const forgedPayload = Buffer.from(JSON.stringify({ ...decodeJwt(token), sub: second.id })).toString('base64url');
      for (const bad of [`${header}.${payload}.${flipped}`, `${header}.${forgedPayload}.${signature}`, 'not-a-token']) {
        const answer = await call(`/api/v1/ledger/documents/${first.id}?token=${encodeURIComponent(bad)}`);
        expect(answer.status).toBe(401);
        expect(answer.headers.get('content-type')).toContain('application/problem+json');
      }
      // A valid link names one document only.
      expect((await call(`/api/v1/ledger/documents/${second.id}?token=${encodeURIComponent(token)}`)).status).toBe(401);
      // Without a link, a bearer is needed; and a link is no bearer token.
      expect((await call(`/api/v1/ledger/documents/${first.id}`)).status).toBe(401);
      expect((await call(`/api/v1/ledger/policies/${policy.id}/documents`, { token })).status).toBe(401);
    });

    it('expires', async () => {
      const document = documents[0];
      const token = new URL(document.href, 'http://x').searchParams.get('token')!;
      const claims = decodeJwt(token);
      expect(claims.exp! - claims.iat!).toBeLessThanOrEqual(3600);
      expect(claims.exp! * 1000).toBeGreaterThan(Date.now());
      // The same claims signed with the service's own key, but already expired.
      const { kid } = decodeProtectedHeader(token);
      const row = await withDatabase(
        async (client) => (await client.query('SELECT "privateJwk" FROM "SigningKey" WHERE kid = $1', [kid])).rows[0],
      );
      const key = await importJWK(row.privateJwk as JWK, 'ES256');
      const now = Math.floor(Date.now() / 1000);
      const expired = await new SignJWT({ tenant: claims.tenant })
        .setProtectedHeader({ alg: 'ES256', kid, typ: 'document-link+jwt' })
        .setIssuer(claims.iss!)
        .setAudience(claims.aud!)
        .setSubject(claims.sub!)
        .setIssuedAt(now - 1000)
        .setExpirationTime(now - 60)
        .sign(key);
      const answer = await call(`/api/v1/ledger/documents/${document.id}?token=${encodeURIComponent(expired)}`);
      expect(answer.status).toBe(401);
      expect(answer.body.detail).toMatch(/expired/);
      // The very same token with a live expiry works: it was the expiry that failed.
      const live = await new SignJWT({ tenant: claims.tenant })
        .setProtectedHeader({ alg: 'ES256', kid, typ: 'document-link+jwt' })
        .setIssuer(claims.iss!)
        .setAudience(claims.aud!)
        .setSubject(claims.sub!)
        .setIssuedAt(now)
        .setExpirationTime(now + 60)
        .sign(key);
      expect((await call(`/api/v1/ledger/documents/${document.id}?token=${encodeURIComponent(live)}`)).status).toBe(200);
    });
  });
});

describe('documents right after the issue succeeds', () => {
  it('lists every document of the issue the moment the request reports success, and each downloads as a PDF', async () => {
    // issuePolicy returns as soon as the request's long poll answers `success`; nothing waits for the worker.
    const policy = await issuePolicy(broker, 'home');
    const listing = await call(`/api/v1/ledger/policies/${policy.id}/documents`, { token: broker });
    expect(listing.status).toBe(200);
    const issued = listing.body.data.filter((document: any) => document.version === 1);
    expect(issued.map((document: any) => document.type).sort()).toEqual(
      ['certificate', 'invoice', 'policy-schedule', 'product-information', 'terms-summary'].sort(),
    );
    for (const document of issued) {
      expect(['pending', 'stored']).toContain(document.status);
      expect(document.title).toContain(policy.policyNumber);
      expect(document.href).toMatch(new RegExp(`^/api/v1/ledger/documents/${document.id}\\?token=`));
    }
    // By bearer and by the signed link: a pending document is waited for, not refused.
    const files = await Promise.all(
      issued.map(async (document: any, index: number) =>
        index % 2 === 0 ? fetchRaw(`/api/v1/ledger/documents/${document.id}`, { token: broker }) : fetchRaw(document.href),
      ),
    );
    for (const [index, file] of files.entries()) {
      expect(file.status, issued[index].type).toBe(200);
      expect(file.headers.get('content-type')).toBe('application/pdf');
      expect(file.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(await pdfText(file.bytes), issued[index].type).toContain(policy.policyNumber);
    }
    // Once downloaded, the listing shows them stored with their size and checksum.
    const after = await call(`/api/v1/ledger/policies/${policy.id}/documents`, { token: broker });
    for (const [index, document] of issued.entries()) {
      const now = after.body.data.find((entry: any) => entry.id === document.id);
      expect(now).toMatchObject({ status: 'stored', size: files[index]!.bytes.length });
      expect(now.sha256).toBe(createHash('sha256').update(files[index]!.bytes).digest('hex'));
    }
  }, 90_000);
});

describe('MTA and termination documents', () => {
  it('an MTA gives an endorsement, schedule, certificate and invoice of the new version; a termination its notice and credit note', async () => {
    const policy = await issuePolicy(broker, 'home');
    const facts = await quoteFacts(policy.id);
    const read = await call(`/api/v1/ledger/policies/${policy.id}/links?forceCoverageDateFormat=true`, { token: broker });
    expect(read.status, read.text).toBe(200);
    const inception: string = read.body.data.policy.dateInception;
    const start = [inception, new Date().toISOString().slice(0, 10)].sort().at(-1)!;
    const objects = read.body.data.objects.map((object: any) => ({ ...object, sumInsured: object.sumInsured + 10_000 }));

    const mta = await call(`/api/v1/ledger/policies/${policy.id}/mta`, {
      token: broker,
      body: { effectiveDate: addDaysIso(start, 30), objects },
    });
    expect(mta.status, mta.text).toBe(200);
    expect(mta.body.data.kind).toBe('additional-premium');
    const additional = mta.body.data.adjustment.payable as number;
    const afterMta = await waitForDocuments(policy.id, ['endorsement@2', 'policy-schedule@2', 'certificate@2', 'invoice@2']);
    for (const document of afterMta.filter((entry) => entry.version === 2)) {
      const text = await pdfText((await fetchRaw(`/api/v1/ledger/documents/${document.id}`, { token: broker })).bytes);
      expect(text, document.type).toContain(policy.policyNumber);
      expect(text, document.type).toContain(facts.customerName);
      if (document.type === 'endorsement' || document.type === 'invoice') {
        expect(text, document.type).toContain(money(additional, facts.currency));
        if (document.type === 'invoice') expect(text).toContain(mta.body.data.invoiceNumber);
      }
    }

    const terminated = await call(`/api/v1/ledger/policies/${policy.id}/terminate`, {
      token: broker,
      body: { effectiveDate: addDaysIso(start, 60), reason: 'customer-request', terminationType: 'pro-rata' },
    });
    expect(terminated.status, terminated.text).toBe(200);
    const refund = Math.abs(terminated.body.data.returnPremium.payable as number);
    const afterTermination = await waitForDocuments(policy.id, ['termination-notice@3']);
    const notice = afterTermination.find((entry) => entry.type === 'termination-notice');
    const text = await pdfText((await fetchRaw(`/api/v1/ledger/documents/${notice.id}`, { token: broker })).bytes);
    expect(text).toContain(policy.policyNumber);
    expect(text).toContain(facts.customerName);
    expect(text).toContain(money(refund, facts.currency));
    expect(text).toContain(terminated.body.data.creditNoteNumber);
    expect(text).toContain('At your request');
  }, 200_000);
});

describe('a render that gives up', () => {
  it('leaves its documents failed, not pending; a download queues it again, and once the cause is mended it is stored', async () => {
    const policy = await issuePolicy(broker, 'home');
    // Every issue document stored: the issue's own job has finished and its key is free.
    await waitForDocuments(policy.id, ['policy-schedule@1', 'certificate@1', 'invoice@1', 'product-information@1', 'terms-summary@1']);
    const listed = async () => (await call(`/api/v1/ledger/policies/${policy.id}/documents`, { token: broker })).body.data as any[];
    const invoiceDocument = (await listed()).find((document) => document.type === 'invoice' && document.version === 1);
    const jobKey = `documents:${policy.id}:issue:1`;
    // The invoice document as if not rendered yet, and its job pointing at an invoice that does
    // not exist: a failure no retry mends, so the job gives up at once.
    const realInvoiceId = await withDatabase(async (client) => {
      const tenant = (await client.query('SELECT "tenantId" FROM "Policy" WHERE id = $1', [policy.id])).rows[0].tenantId;
      const invoice = (await client.query('SELECT id FROM "Invoice" WHERE "policyId" = $1 AND "policyVersion" = 1', [policy.id])).rows[0]
        .id;
      await client.query(`UPDATE "Document" SET "status" = 'pending', "content" = NULL, "size" = 0, "sha256" = '' WHERE id = $1`, [
        invoiceDocument.id,
      ]);
      const payload = { tenantId: tenant, policyId: policy.id, occasion: 'issue', policyVersion: 1, invoiceId: crypto.randomUUID() };
      await client.query(
        `INSERT INTO "Job" ("task", "payload", "tenantId", "dedupeKey") VALUES ('documents.generate', $1::jsonb, $2, $3)`,
        [JSON.stringify(payload), tenant, jobKey],
      );
      return invoice as string;
    });

    const deadline = Date.now() + 30_000;
    let status = 'pending';
    while (status === 'pending' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      status = (await listed()).find((document) => document.id === invoiceDocument.id).status;
    }
    expect(status).toBe('failed');
    // Only the document that was not rendered is failed; the others of the version stay stored.
    expect((await listed()).filter((document) => document.status !== 'stored').map((document) => document.id)).toEqual([
      invoiceDocument.id,
    ]);

    // A download puts the job back; it fails again, and the answer says so at once rather than waiting.
    const again = await fetchRaw(`/api/v1/ledger/documents/${invoiceDocument.id}`, { token: broker });
    expect(again.status).toBe(503);
    expect(again.headers.get('content-type')).toContain('application/problem+json');
    expect(again.headers.get('retry-after')).toBe('2');
    expect(JSON.parse(again.bytes.toString('utf8')).detail).toContain('could not be rendered');
    const job = await withDatabase(
      async (client) =>
        (await client.query(`SELECT "failedAt", "attempts", "maxAttempts" FROM "Job" WHERE "dedupeKey" = $1`, [jobKey])).rows[0],
    );
    expect(job.failedAt).not.toBeNull();
    expect(job.attempts).toBe(job.maxAttempts - 1);

    // The cause mended (the job points at the real invoice), the next download renders and answers the PDF.
    await withDatabase((client) =>
      client.query(`UPDATE "Job" SET "payload" = jsonb_set("payload", '{invoiceId}', to_jsonb($1::text)) WHERE "dedupeKey" = $2`, [
        realInvoiceId,
        jobKey,
      ]),
    );
    const mended = await fetchRaw(`/api/v1/ledger/documents/${invoiceDocument.id}`, { token: broker });
    expect(mended.status).toBe(200);
    expect(await pdfText(mended.bytes)).toContain(policy.policyNumber);
    expect((await listed()).every((document) => document.status === 'stored')).toBe(true);
  }, 200_000);
});
