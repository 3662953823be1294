import { API, brokerClient, calculatedQuotes, homeExample, type Client } from './client';
import type { LoadOptions } from './load';

// The HTTP loads the bench tools share, one definition each: `npm run bench`, the CPU per request,
// the profiles and PostgreSQL by client all measure the same requests.

const HOT_SCENARIOS = [
  'empty',
  'empty-id',
  'empty-post',
  'floor-create',
  'floor-read',
  'floor-calculate',
  'create',
  'read',
  'actions',
  'calculate',
] as const;
export type HotScenario = (typeof HOT_SCENARIOS)[number];

export interface ScenarioContext {
  baseUrl: string;
  /** The broker's headers (token, tenant); the empty route is loaded without them. */
  headers: Record<string, string>;
  /** The create body. */
  payload: Record<string, unknown>;
  /** Calculated quotes: read, actions and calculate pick one at random for each request. */
  ids: readonly string[];
  connections: number;
  durationS: number;
}

/**
 * What the tools load a stack with: the demo broker's client, the home example and `quotes` of it
 * created and calculated (the ids that read, actions and calculate pick from), at 16 connections.
 */
export async function prepareScenarios(
  baseUrl: string,
  durationS: number,
  quotes = 50,
): Promise<{ client: Client; context: ScenarioContext }> {
  const client = await brokerClient(baseUrl);
  const payload = await homeExample(client);
  const ids = await calculatedQuotes(client, payload, quotes);
  return { client, context: { baseUrl, headers: client.headers, payload, ids, connections: 16, durationS } };
}

/** One of `items` at random: each request of a load reads another quote. */
export const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;

export function scenarioLoad(scenario: HotScenario, context: ScenarioContext): LoadOptions {
  const { baseUrl, headers, payload, ids, connections, durationS } = context;
  const base = { connections, durationS, headers };
  switch (scenario) {
    case 'empty':
      return { ...base, url: `${baseUrl}/api/bench/empty`, headers: {} };
    case 'empty-id':
      // The empty route with a dynamic segment: the ceiling of a read by id.
      return {
        ...base,
        url: `${baseUrl}/api/bench/empty/${crypto.randomUUID()}`,
        headers: {},
        path: () => `/api/bench/empty/${crypto.randomUUID()}`,
      };
    case 'empty-post':
      // The empty route with what a calculation adds before any work: an {id} and a JSON body.
      return {
        ...base,
        url: `${baseUrl}/api/bench/empty/${crypto.randomUUID()}`,
        headers: { 'content-type': 'application/json' },
        method: 'POST',
        body: '{}',
        path: () => `/api/bench/empty/${crypto.randomUUID()}`,
      };
    // The floors: what the ceiling above and one round trip to PostgreSQL leave (lib/http/bench-floors.ts).
    case 'floor-create':
      return {
        ...base,
        url: `${baseUrl}/api/bench/round-trip`,
        headers: { 'content-type': 'application/json' },
        method: 'POST',
        body: JSON.stringify(payload),
      };
    case 'floor-read':
      return { ...base, url: `${baseUrl}/api/bench/round-trip/${ids[0]}`, headers: {}, path: () => `/api/bench/round-trip/${pick(ids)}` };
    case 'floor-calculate':
      return {
        ...base,
        url: `${baseUrl}/api/bench/round-trip/${ids[0]}`,
        headers: { 'content-type': 'application/json' },
        method: 'POST',
        body: '{}',
        path: () => `/api/bench/round-trip/${pick(ids)}`,
      };
    case 'create':
      return { ...base, url: `${baseUrl}${API}/sales/policies/create`, method: 'POST', body: JSON.stringify(payload) };
    case 'read':
      return { ...base, url: `${baseUrl}${API}/sales/policies/${ids[0]}`, path: () => `${API}/sales/policies/${pick(ids)}` };
    case 'actions':
      return {
        ...base,
        url: `${baseUrl}${API}/sales/policies/actions/${ids[0]}`,
        path: () => `${API}/sales/policies/actions/${pick(ids)}`,
      };
    case 'calculate':
      return {
        ...base,
        url: `${baseUrl}${API}/sales/policies/${ids[0]}/calculate`,
        method: 'POST',
        body: '{}',
        path: () => `${API}/sales/policies/${pick(ids)}/calculate`,
      };
  }
}

export function isHotScenario(name: string): name is HotScenario {
  return (HOT_SCENARIOS as readonly string[]).includes(name);
}
