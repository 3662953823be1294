import { describe, expect, it } from 'vitest';
import { baseUrl } from '../support/api';

// Every wrong client secret costs an Argon2 hash (an unknown client's too: it is checked against a
// decoy, so that a miss costs as much as a hit). Wrong secrets that are checked keep the OAuth
// answer (401 invalid_client, API-CONTRACT §1); the rest are 429 with Retry-After at once, and the
// endpoint serves a right secret as soon as the flood is over.
// - A flood from many addresses is bounded per process by the hash slots (lib/auth/hash-slots.ts):
//   a few hash at once, a few more wait briefly.
// - A burst from one address at one account is checked one attempt at a time
//   (lib/auth/one-at-a-time.ts), so the sign-in throttle (lib/auth/throttle.ts) blocks it after
//   the pair's allowance, and it cannot use up the account's allowance and lock out the owner.

async function token(clientId: string, secret: string, address?: string) {
  const response = await fetch(`${baseUrl()}/api/v1/auth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(address ? { 'x-forwarded-for': address } : {}) },
    body: new URLSearchParams({ grant_type: 'client_credentials', client_id: clientId, client_secret: secret }),
  });
  return {
    status: response.status,
    retryAfter: response.headers.get('retry-after'),
    type: response.headers.get('content-type') ?? '',
    body: await response.json(),
  };
}

type Answer = Awaited<ReturnType<typeof token>>;

/** Every answer is 401 invalid_client or a 429 problem with Retry-After; answers the 401s. */
function expectCheckedOrLimited(answers: Answer[]): { checked: Answer[]; limited: Answer[] } {
  const statuses = answers.map((answer) => answer.status);
  expect(
    statuses.every((status) => status === 401 || status === 429),
    statuses.join(','),
  ).toBe(true);
  const checked = answers.filter((answer) => answer.status === 401);
  for (const answer of checked) expect(answer.body.error).toBe('invalid_client');
  const limited = answers.filter((answer) => answer.status === 429);
  for (const answer of limited) {
    expect(Number(answer.retryAfter)).toBeGreaterThan(0);
    expect(answer.type).toContain('application/problem+json');
  }
  return { checked, limited };
}

describe('concurrent secret hashing', () => {
  it('answers 60 wrong secrets from 60 addresses at once with 401 invalid_client or 429, never a 500, and recovers at once', async () => {
    // Unknown clients, so that no account's allowance is spent: this is the hash slots' bound alone.
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) => token(`flood-client-${i}`, `wrong-secret-${i}`, `203.0.113.${100 + i}`)),
    );
    const { limited } = expectCheckedOrLimited(answers);
    // A hash per two cores + 16 waiting per process: 60 at once cannot all be taken.
    expect(limited.length).toBeGreaterThan(0);
    const right = await token('acme-broker', 'acme-broker-secret');
    expect(right.status).toBe(200);
  });

  it('checks a burst of 60 wrong secrets for one client from one address only as far as its allowance; the owner elsewhere signs in at once', async () => {
    const answers = await Promise.all(Array.from({ length: 60 }, (_, i) => token('acme-broker', `wrong-secret-${i}`, '203.0.113.60')));
    const { checked } = expectCheckedOrLimited(answers);
    // Five free failures and the sixth that starts a 1 s block; a seventh only if the burst outlasts
    // that block. Checked side by side, 26 to 39 of them were hashed, and past 30 the account itself
    // was blocked for everyone.
    expect(checked.length).toBeGreaterThanOrEqual(6);
    expect(checked.length).toBeLessThanOrEqual(8);
    const right = await token('acme-broker', 'acme-broker-secret');
    expect(right.status).toBe(200);
  });
});
