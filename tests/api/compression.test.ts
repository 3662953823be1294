import { beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, call, tokenFor } from '../support/api';
import { boundQuote } from '../support/lifecycle';

// The app gzips answers for clients that ask, except the two that a client polls and that are only a
// few hundred bytes: gzip would not shrink them (next.config.js). A JSON answer goes whole, with its
// length (scripts/app-preload.cjs); pages are gzipped by Next.js as a stream.

const API = '/api/v1/ledger';
const ASKS_FOR_GZIP = { 'accept-encoding': 'gzip' };

let broker: string;

beforeAll(async () => {
  broker = await tokenFor('acme-broker');
});

describe('gzip', () => {
  it('sends the issue answer and the request status as they are, and gzips a quote', async () => {
    const id = await boundQuote(broker);
    const quote = await call(`${API}/sales/policies/${id}`, { token: broker, headers: ASKS_FOR_GZIP });
    expect(quote.status, quote.text).toBe(200);
    // fetch decodes the body and keeps the header: what the app sent.
    expect(quote.headers.get('content-encoding')).toBe('gzip');
    expect(quote.headers.get('cache-control')).toBe('no-store');
    // Gzipped whole: the compressed length is known, nothing is chunked.
    expect(quote.headers.get('transfer-encoding')).toBeNull();
    expect(Number(quote.headers.get('content-length'))).toBeGreaterThan(100);
    expect(Number(quote.headers.get('content-length'))).toBeLessThan(quote.text.length);

    const issued = await call(`${API}/sales/policies/${id}/issue`, { token: broker, body: {}, headers: ASKS_FOR_GZIP });
    expect(issued.status, issued.text).toBe(200);
    const polls = [issued];
    // Long polls until the issue has settled, then a plain poll (answered from the process).
    while (polls.length < 6 && polls.at(-1)!.body.status !== 'success') {
      polls.push(await call(`${API}/requests/${issued.body.requestId}?longPolling=true`, { token: broker, headers: ASKS_FOR_GZIP }));
    }
    expect(polls.at(-1)!.body.status).toBe('success');
    polls.push(await call(`${API}/requests/${issued.body.requestId}`, { token: broker, headers: ASKS_FOR_GZIP }));
    for (const answer of polls) {
      expect(answer.status, answer.text).toBe(200);
      expect(answer.headers.get('content-encoding')).toBeNull();
      expect(answer.headers.get('cache-control')).toBe('no-store, no-transform');
      expect(answer.text.length).toBeLessThan(1024);
    }
  });

  it('sends a refusal of those routes as it is too, still never stored', async () => {
    const missing = await call(`${API}/requests/00000000-0000-4000-8000-000000000000`, { token: broker, headers: ASKS_FOR_GZIP });
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-encoding')).toBeNull();
    expect(missing.headers.get('cache-control')).toBe('no-store, no-transform');
  });

  it('gzips a page as a stream, as Next.js does', async () => {
    const page = await fetch(`${baseUrl()}/signin`, { headers: ASKS_FOR_GZIP });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.headers.get('content-encoding')).toBe('gzip');
    expect(page.headers.get('content-length')).toBeNull();
    expect(await page.text()).toContain('<html');
  });
});
