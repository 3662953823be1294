import { describe, expect, it } from 'vitest';
import { baseUrl } from '../support/api';

// Every wrong client secret costs an Argon2 hash. A flood of them is bounded per process: a few
// hash at once, a few more wait briefly, the rest are 429 with Retry-After at once. Wrong secrets
// that are checked keep the OAuth answer (401 invalid_client, API-CONTRACT §1), and the endpoint
// serves a right secret again as soon as the flood is over. The flood comes from one guessing
// address, which the sign-in throttle then blocks (lib/auth/throttle.ts); the owner's own address is not.
// Its attempts are checked one at a time (lib/auth/one-at-a-time.ts), so only the pair's allowance
// is hashed and counted against the account, however many hash slots the machine has.

async function token(secret: string, address?: string) {
  const response = await fetch(`${baseUrl()}/api/v1/auth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(address ? { 'x-forwarded-for': address } : {}) },
    body: new URLSearchParams({ grant_type: 'client_credentials', client_id: 'acme-broker', client_secret: secret }),
  });
  return {
    status: response.status,
    retryAfter: response.headers.get('retry-after'),
    type: response.headers.get('content-type') ?? '',
    body: await response.json(),
  };
}

describe('concurrent secret hashing', () => {
  it('answers 60 wrong secrets at once with 401 invalid_client or 429, never a 500, and recovers at once', async () => {
    const answers = await Promise.all(Array.from({ length: 60 }, (_, i) => token(`wrong-secret-${i}`, '203.0.113.60')));
    const statuses = answers.map((answer) => answer.status);
    expect(
      statuses.every((status) => status === 401 || status === 429),
      statuses.join(','),
    ).toBe(true);
    const checked = answers.filter((answer) => answer.status === 401);
    for (const answer of checked) expect(answer.body.error).toBe('invalid_client');
    // Five free failures and the sixth that starts a 1 s block; a seventh only if the flood outlasts
    // that block. Run side by side, 26 to 39 of them were hashed, and past 30 the account itself was
    // blocked for everyone.
    expect(checked.length).toBeGreaterThanOrEqual(6);
    expect(checked.length).toBeLessThanOrEqual(8);
    const limited = answers.filter((answer) => answer.status === 429);
    // A hash per two cores + 16 waiting per process: 60 at once cannot all be taken.
    expect(limited.length).toBeGreaterThan(0);
    for (const answer of limited) {
      expect(Number(answer.retryAfter)).toBeGreaterThan(0);
      expect(answer.type).toContain('application/problem+json');
    }
    const right = await token('acme-broker-secret');
    expect(right.status).toBe(200);
  });
});
