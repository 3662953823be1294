import type pg from 'pg';
import { addDaysIso, addYearsIso, todayIn } from './dates';

// A policy can only be issued with its inception ahead, so a year-long policy is far from its
// renewal window. Journeys and API tests that renew move an issued annual policy's term so that
// it expires in `daysToExpiry` days (its window of 60 days is open), under the API as a year
// passing would. Its instalments, journal and versions (append-only) stay as they were: renewal
// reads only the policy's term.

/** The payload patch of an annual policy: annual multi-trip cover for the travel example. */
export function annualTrip(payload: Record<string, unknown>): void {
  const policy = payload.policy as Record<string, unknown>;
  policy.tripType = 'annual';
  policy.dateExpiry = addYearsIso(String(policy.dateInception), 1);
}

/** Moves the policy's one-year term to end in `daysToExpiry` days; returns the new term. */
export async function moveIntoRenewalWindow(
  client: pg.Client,
  policyId: string,
  daysToExpiry = 30,
): Promise<{ inception: string; expiry: string }> {
  const expiry = addDaysIso(todayIn('UTC'), daysToExpiry);
  const inception = addYearsIso(expiry, -1);
  const dates = `jsonb_set(jsonb_set(data, '{policy,dateInception}', to_jsonb($2::text)), '{policy,dateExpiry}', to_jsonb($3::text))`;
  await client.query(`UPDATE "Policy" SET "dateInception" = $2::date, "dateExpiry" = $3::date, data = ${dates} WHERE id = $1`, [
    policyId,
    inception,
    expiry,
  ]);
  return { inception, expiry };
}
