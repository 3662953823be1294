import { beforeAll, describe, expect, it } from 'vitest';
import { call, tokenFor } from '../support/api';
import { calculatedQuote, issuePolicy } from '../support/lifecycle';

// One class, every write that takes product data: JSON nested at or under the limit (64) is
// judged on its content; deeper, or wider than the member limit, is 400 problem+json naming the
// JSON pointer where the parser stopped. Never a 500, and nothing stored changes.

const SALES = '/api/v1/ledger/sales/policies';
const POLICIES = '/api/v1/ledger/policies';
const today = () => new Date().toISOString().slice(0, 10);

/** `levels` nested objects: `{"a":{"a":…{}}}`. */
function nestedText(levels: number): string {
  return '{"a":'.repeat(levels - 1) + '{}' + '}'.repeat(levels - 1);
}
/** `levels` nested arrays, as text (JSON.stringify would recurse). */
const arraysText = (levels: number) => '['.repeat(levels) + ']'.repeat(levels);

let broker: string;
let quoteId: string;
let etag: string;
let policyId: string;

interface Target {
  name: string;
  method: string;
  path: () => string;
  /** The body around the nested value, which sits at `/customer` (one level below the top). */
  wrap: (nested: string) => string;
  headers?: () => Record<string, string>;
}

const TARGETS: Target[] = [
  { name: 'create', method: 'POST', path: () => `${SALES}/create`, wrap: (nested) => `{"productCode":"home","customer":${nested}}` },
  {
    name: 'update',
    method: 'PUT',
    path: () => `${SALES}/${quoteId}/`,
    wrap: (nested) => `{"customer":${nested}}`,
    headers: () => ({ 'if-match': etag }),
  },
  {
    name: 'MTA',
    method: 'POST',
    path: () => `${POLICIES}/${policyId}/mta`,
    wrap: (nested) => `{"effectiveDate":"${today()}","customer":${nested}}`,
  },
  { name: 'data change', method: 'POST', path: () => `${POLICIES}/${policyId}/data-change`, wrap: (nested) => `{"customer":${nested}}` },
];

async function send(target: Target, body: string) {
  return call(target.path(), {
    token: broker,
    method: target.method,
    rawBody: body,
    headers: { 'content-type': 'application/json', ...target.headers?.() },
  });
}

async function storedState() {
  const quote = await call(`${SALES}/${quoteId}`, { token: broker });
  const policy = await call(`${SALES}/${policyId}`, { token: broker });
  return { quote: quote.body, policy: policy.body };
}

beforeAll(async () => {
  broker = await tokenFor('acme-broker');
  quoteId = await calculatedQuote(broker, 'home');
  const read = await call(`${SALES}/${quoteId}`, { token: broker });
  etag = read.headers.get('etag')!;
  policyId = (await issuePolicy(broker, 'home')).id;
}, 120_000);

describe.each(TARGETS)('$name', (target) => {
  it.each([33, 63, 64])('judges a body %i levels deep on its content (never a depth refusal, never a 500)', async (levels) => {
    // The nested value sits one level below the top object, so the whole body is levels + 1 deep up to 64.
    const answer = await send(target, target.wrap(nestedText(levels - 1)));
    expect(answer.status, answer.text).toBeLessThan(500);
    if (answer.status === 400) expect(answer.body.detail).not.toMatch(/nested deeper/);
  });

  it.each([65, 66, 200, 10_000, 100_000])('refuses a body %i levels deep with 400 and the pointer where it stopped', async (levels) => {
    const before = await storedState();
    const answer = await send(target, target.wrap(nestedText(levels - 1)));
    expect(answer.status, answer.text.slice(0, 300)).toBe(400);
    expect(answer.headers.get('content-type')).toContain('application/problem+json');
    expect(answer.body.detail).toMatch(/nested deeper than 64/);
    // The 65th container: /customer then 63 × /a.
    expect(answer.body.errors[0].path).toBe(`/customer${'/a'.repeat(63)}`);
    expect(await storedState()).toEqual(before);
  });

  it('refuses deep arrays the same way', async () => {
    const answer = await send(target, target.wrap(arraysText(50_000)));
    expect(answer.status).toBe(400);
    expect(answer.body.errors[0].path).toBe(`/customer${'/0'.repeat(63)}`);
  });

  it('refuses more than 20,000 members with 400 naming where the count ran over', async () => {
    const wide = `{${Array.from({ length: 20_001 }, (_, i) => `"k${i}":${i}`).join(',')}}`;
    const answer = await send(target, target.wrap(wide));
    expect(answer.status, answer.text.slice(0, 300)).toBe(400);
    expect(answer.body.detail).toMatch(/20000 object members/);
    expect(answer.body.errors[0].path).toBe('/customer');
  });
});

describe('NUL in a body', () => {
  it.each(['"x\\u0000"', '{"\\u0000":1}', '["a","b\\u0000c"]'])('is 400 with the pointer for %s', async (value) => {
    const answer = await call(`${SALES}/create`, {
      token: broker,
      rawBody: `{"productCode":"home","customer":{"name":${value}}}`,
      headers: { 'content-type': 'application/json' },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.detail).toMatch(/NUL/);
    expect(answer.body.errors[0].path).toMatch(/^\/customer\/name/);
  });
});
