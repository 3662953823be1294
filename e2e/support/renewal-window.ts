import pg from 'pg';
import { moveIntoRenewalWindow } from '../../tests/support/renewal-window';

// The stack's database (global-setup and scripts/test.ts export DATABASE_URL): a year-long policy
// can only be issued with its inception ahead, so a renewal journey moves its term under the API.

export async function moveIntoWindow(policyId: string): Promise<{ inception: string; expiry: string }> {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL names the stack’s database for the renewal journeys');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await moveIntoRenewalWindow(client, policyId);
  } finally {
    await client.end();
  }
}
