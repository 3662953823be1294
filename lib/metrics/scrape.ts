import { timingSafeEqual } from 'node:crypto';
import { registerDatabaseGauges } from './database-gauges';
import { metrics } from './registry';

// The scrape answer, shared by the app's GET /api/metrics and the worker's metrics port.
// Metrics show tenants, routes and queue sizes: they need LEDGER_METRICS_TOKEN as a bearer
// token; without the variable the endpoint does not exist (404).

const globalForScrape = globalThis as unknown as { ledgerDatabaseGauges?: boolean };

export function metricsToken(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const token = env.LEDGER_METRICS_TOKEN?.trim();
  return token ? token : undefined;
}

function authorized(header: string | null, token: string): boolean {
  const expected = Buffer.from(`Bearer ${token}`);
  const given = Buffer.from(header ?? '');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export interface ScrapeAnswer {
  status: number;
  contentType: string;
  body: string;
}

export async function scrape(authorization: string | null): Promise<ScrapeAnswer> {
  const token = metricsToken();
  if (!token) return { status: 404, contentType: 'text/plain', body: 'metrics are off: set LEDGER_METRICS_TOKEN\n' };
  if (!authorized(authorization, token)) return { status: 401, contentType: 'text/plain', body: 'a bearer token is required\n' };
  const { registry } = metrics();
  if (!globalForScrape.ledgerDatabaseGauges) {
    globalForScrape.ledgerDatabaseGauges = true;
    registerDatabaseGauges(registry);
  }
  return { status: 200, contentType: registry.contentType, body: await registry.metrics() };
}
