import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Endpoint } from '@/lib/api/endpoint';
import { baseUrl, tokenFor } from '../support/api';
import { fillPath, isRecordParam, ledgerEndpoints, pathParams } from '../support/endpoints';
import { calculatedQuote } from '../support/lifecycle';

// The probe's crash classes fuzzed over every ledger endpoint of the registry (so a new endpoint
// is covered the day it is registered): bodies nested past the limit, NUL in bodies, paths and
// queries, and percent-encodings that do not decode. Each answer is a 400 problem+json.

const RUNS = Number(process.env.LEDGER_SECURITY_FUZZ_RUNS ?? 6);
let quoteId: string;
const tokens: Record<string, string> = {};

/** A client whose role may call the endpoint, so the request reaches the body parser. */
function tokenForEndpoint(endpoint: Endpoint): string {
  if (endpoint.roles === 'public' || endpoint.roles.includes('broker')) return tokens.broker!;
  if (endpoint.roles.includes('underwriter')) return tokens.underwriter!;
  return tokens.admin!;
}

function pathOf(endpoint: Endpoint, value?: string): string {
  const values = Object.fromEntries(pathParams(endpoint).map((name) => [name, isRecordParam(name) ? quoteId : 'home']));
  const filled = fillPath(endpoint, values);
  if (value === undefined) return filled;
  // Put the raw (already percent-encoded) value in place of the first parameter.
  const first = pathParams(endpoint)[0]!;
  return fillPath(endpoint, { ...values, [first]: '\u0001' }).replace('%01', value);
}

async function send(endpoint: Endpoint, path: string, body?: string) {
  const response = await fetch(`${baseUrl()}${path}`, {
    method: endpoint.method,
    headers: {
      authorization: `Bearer ${tokenForEndpoint(endpoint)}`,
      'x-tenant-id': 'acme',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body,
  });
  const text = await response.text();
  return { status: response.status, type: response.headers.get('content-type') ?? '', text };
}

function expectProblem(answer: { status: number; type: string; text: string }, what: string) {
  expect(answer.status, `${what}: ${answer.text.slice(0, 200)}`).toBe(400);
  expect(answer.type, what).toContain('application/problem+json');
  return JSON.parse(answer.text) as { detail: string; errors?: { path: string }[] };
}

/** Bytes that do not decode as UTF-8, percent-encoded. */
const malformedEncoding = fc
  .oneof(
    fc.constantFrom('%ff', '%fe', '%c0%af', '%e0%80%80', '%ed%a0%80', '%f4%90%80%80', '%c3', '%e2%82', '%', '%z1', '%%'),
    fc.integer({ min: 0x80, max: 0xbf }).map((byte) => `%${byte.toString(16)}`),
    fc.integer({ min: 0xf8, max: 0xff }).map((byte) => `%${byte.toString(16)}%80`),
  )
  .chain((bad) => fc.tuple(fc.stringMatching(/^[a-z0-9-]{0,8}$/), fc.constant(bad), fc.stringMatching(/^[a-z0-9-]{0,8}$/)))
  .map(([before, bad, after]) => `${before}${bad}${after}`)
  .filter((value) => {
    try {
      decodeURIComponent(value);
      return false;
    } catch {
      return true;
    }
  });

const withBody = () => ledgerEndpoints().filter((endpoint) => endpoint.body);
const withParams = () => ledgerEndpoints().filter((endpoint) => pathParams(endpoint).length > 0);

beforeAll(async () => {
  tokens.broker = await tokenFor('acme-broker');
  tokens.underwriter = await tokenFor('acme-underwriter');
  tokens.admin = await tokenFor('acme-admin');
  quoteId = await calculatedQuote(tokens.broker, 'home');
});

describe('bodies nested past the limit', () => {
  it.each(withBody().map((endpoint) => [endpoint.operationId, endpoint] as const))('%s: 400 with the pointer', async (_, endpoint) => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 65, max: 30_000 }),
        fc.boolean(),
        fc.stringMatching(/^[a-z]{1,8}$/),
        async (depth, arrays, key) => {
          // The deep value sits under `key`, so the body is depth + 1 levels.
          const deep = arrays ? '['.repeat(depth) + ']'.repeat(depth) : '{"a":'.repeat(depth - 1) + '{}' + '}'.repeat(depth - 1);
          const problem = expectProblem(
            await send(endpoint, pathOf(endpoint), `{"${key}":${deep}}`),
            `${endpoint.operationId} depth ${depth}`,
          );
          expect(problem.errors?.[0]?.path).toBe(`/${key}${(arrays ? '/0' : '/a').repeat(63)}`);
        },
      ),
      { numRuns: RUNS },
    );
  });
});

describe('NUL in a body', () => {
  it.each(withBody().map((endpoint) => [endpoint.operationId, endpoint] as const))('%s: 400 naming where', async (_, endpoint) => {
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 6 }), fc.string({ maxLength: 6 }), fc.boolean(), async (before, after, inKey) => {
        const nul = JSON.stringify(`${before}\u0000${after}`);
        const body = inKey ? `{"customer":{${nul}:1}}` : `{"customer":{"name":${nul}}}`;
        const problem = expectProblem(await send(endpoint, pathOf(endpoint), body), `${endpoint.operationId} NUL`);
        expect(problem.detail).toMatch(/NUL/);
      }),
      { numRuns: RUNS },
    );
  });
});

describe('paths that do not decode', () => {
  it.each(withParams().map((endpoint) => [endpoint.operationId, endpoint] as const))('%s: 400 problem+json', async (_, endpoint) => {
    await fc.assert(
      fc.asyncProperty(malformedEncoding, async (segment) => {
        const problem = expectProblem(await send(endpoint, pathOf(endpoint, segment)), `${endpoint.operationId} ${segment}`);
        expect(problem.detail).toMatch(/percent-encoding/);
      }),
      { numRuns: RUNS },
    );
  });
});

describe('NUL in a path or query', () => {
  it.each(ledgerEndpoints().map((endpoint) => [endpoint.operationId, endpoint] as const))('%s: 400 problem+json', async (_, endpoint) => {
    await fc.assert(
      fc.asyncProperty(fc.stringMatching(/^[a-z0-9]{0,6}$/), fc.constantFrom('query', 'path'), async (text, where) => {
        const path =
          where === 'path' && pathParams(endpoint).length > 0
            ? pathOf(endpoint, `${text}%00`)
            : `${pathOf(endpoint)}?${text || 'q'}=a%00${text}`;
        const problem = expectProblem(await send(endpoint, path), `${endpoint.operationId} ${path}`);
        expect(problem.detail).toMatch(/NUL/);
      }),
      { numRuns: RUNS },
    );
  });
});
