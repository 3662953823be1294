import { extractText, getDocumentProxy } from 'unpdf';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatMoney } from '@/lib/documents/format';
import { baseUrl, call, tokenFor } from '../support/api';
import { addDaysIso } from '../support/dates';
import { issuePolicy } from '../support/lifecycle';

/* eslint-disable @typescript-eslint/no-explicit-any -- JSON answers */

// Issue 20, one period premium: the policy documents of a version print what the term is charged
// through that version (issue plus the MTA's pro-rata additional premium), the same figure as
// meta.periodPremium, and never the latest version re-rated for a whole year.

const POLICIES = '/api/v1/ledger/policies';
let broker: string;

beforeAll(async () => {
  broker = await tokenFor('acme-broker');
});

const money = (amount: number) => formatMoney(amount, 'GBP', 'en').replace(/\s/g, ' ');
const cents = (amount: number) => Math.round(amount * 100);

/**
 * The documents of a version, as a client finds them: listed from the commit of their occasion
 * (pending until the documents lane stores them), each downloaded, which brings its render to the
 * head of the lane however many other renders are queued.
 */
async function listedDocuments(id: string, wanted: string[]): Promise<any[]> {
  const listing = await call(`${POLICIES}/${id}/documents`, { token: broker });
  expect(listing.status).toBe(200);
  const listed = wanted.map((key) => listing.body.data.find((document: any) => `${document.type}@${document.version}` === key));
  expect(listed.every(Boolean), `${id} lists ${wanted.join(', ')}`).toBe(true);
  return listed;
}

/** A download waits for a pending document (up to 20 s) and answers 503 with Retry-After past that; ask again as a client does. */
async function pdfTextOf(documentId: string): Promise<string> {
  const deadline = Date.now() + 90_000;
  for (;;) {
    const response = await fetch(`${baseUrl()}/api/v1/ledger/documents/${documentId}`, {
      headers: { authorization: `Bearer ${broker}`, 'x-tenant-id': 'acme' },
    });
    if (response.status === 503 && Date.now() < deadline) {
      await response.arrayBuffer();
      await new Promise((resolve) => setTimeout(resolve, Number(response.headers.get('retry-after')) * 1000));
      continue;
    }
    expect(response.status).toBe(200);
    const bytes = new Uint8Array(await response.arrayBuffer());
    const { text } = await extractText(await getDocumentProxy(bytes), { mergePages: true });
    return text.replace(/\s+/g, ' ');
  }
}

describe('policy documents print the charged premium', () => {
  it('after an MTA the schedule and certificate of version 2 show issue + additional premium, not the whole-year re-rate', async () => {
    const { id } = await issuePolicy(broker, 'home');
    const issued = await call(`${POLICIES}/${id}/links?forceCoverageDateFormat=true`, { token: broker });
    const issuedPayable = issued.body.meta.periodPremium as number;
    const inception = issued.body.data.policy.dateInception as string;
    const mta = await call(`${POLICIES}/${id}/mta`, {
      token: broker,
      body: { effectiveDate: addDaysIso(inception, 120), objects: [{ sumInsured: 90_000 }] },
    });
    expect(mta.status, mta.text).toBe(200);
    const additional = mta.body.data.adjustment.payable as number;
    // What the term is charged: the issue invoice plus the MTA's adjustment invoice.
    const chargedCents = cents(issuedPayable) + cents(additional);
    const after = await call(`${POLICIES}/${id}/links`, { token: broker });
    expect(cents(after.body.meta.periodPremium)).toBe(chargedCents);
    const annualised = after.body.meta.annualisedPremium as number;
    // The re-rate for a whole year is a different figure (the MTA came a third into the term).
    expect(cents(annualised)).not.toBe(chargedCents);

    for (const document of await listedDocuments(id, ['policy-schedule@2', 'certificate@2'])) {
      const text = await pdfTextOf(document.id);
      expect(text, document.type).toContain(money(chargedCents / 100));
      expect(text, document.type).not.toContain(money(annualised));
    }
  }, 200_000);
});
