import pg from 'pg';
import { moveIntoRenewalWindow } from '../../tests/support/renewal-window';

// The stack's database (global-setup and scripts/test.ts export DATABASE_URL): a year-long policy
// can only be issued with its inception ahead, so a renewal journey moves its term under the API,
// and queues the renewal run as the worker's cron would rather than waiting hours for its slot.

async function withStackDatabase<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL names the stack’s database for the renewal journeys');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

export function moveIntoWindow(policyId: string): Promise<{ inception: string; expiry: string }> {
  return withStackDatabase((client) => moveIntoRenewalWindow(client, policyId));
}

/** Runs the renewal run once; returns the renewal quote it made for the policy. */
export async function renewalRunQuoteOf(policyId: string): Promise<{ id: string; quoteNumber: string }> {
  return withStackDatabase(async (client) => {
    await client.query(`INSERT INTO "Job" ("task", "payload") VALUES ('renewal-run', '{}'::jsonb)`);
    for (let attempt = 0; attempt < 100; attempt++) {
      const found = await client.query<{ id: string; quoteNumber: string }>(
        `SELECT id, "quoteNumber" FROM "Policy" WHERE "renewalOfId" = $1 AND "createdBy" = 'system:renewal-run'`,
        [policyId],
      );
      if (found.rows[0]) return found.rows[0];
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error(`the renewal run made no renewal quote for ${policyId}`);
  });
}
