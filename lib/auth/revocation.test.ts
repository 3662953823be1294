import { beforeEach, describe, expect, it, vi } from 'vitest';

// The lookup is the database's; here it is a table in memory so the cache's bound can be pinned.
const state = vi.hoisted(() => ({ clients: new Map<string, boolean>(), users: new Map<string, boolean>(), lookups: 0 }));

vi.mock('@/lib/db/client', () => ({
  prisma: {
    apiClient: {
      findUnique: async ({ where }: { where: { clientId: string } }) => {
        state.lookups++;
        const active = state.clients.get(where.clientId);
        return active === undefined ? null : { active };
      },
    },
    user: {
      findUnique: async ({ where }: { where: { id: string } }) => {
        state.lookups++;
        const active = state.users.get(where.id);
        return active === undefined ? null : { active };
      },
    },
  },
}));

const { assertSubjectActive, forgetSubject, isSubjectActive, REVOCATION_CACHE_MS } = await import('./revocation');

const USER_ID = '7b1e5c1e-7c55-4f1a-9d7e-2a4f1f7d2c11';

describe('revocation check', () => {
  beforeEach(() => {
    state.clients.clear();
    state.users.clear();
    state.lookups = 0;
    forgetSubject('client:acme-broker');
    forgetSubject(`user:${USER_ID}`);
  });

  it(`bites within ${REVOCATION_CACHE_MS} ms: the cached answer is used inside the bound and asked again after it`, async () => {
    expect(REVOCATION_CACHE_MS).toBe(2_000);
    state.clients.set('acme-broker', true);
    const t0 = 1_000_000;
    expect(await isSubjectActive('client:acme-broker', t0)).toBe(true);
    state.clients.set('acme-broker', false);
    expect(await isSubjectActive('client:acme-broker', t0 + REVOCATION_CACHE_MS - 1)).toBe(true);
    expect(state.lookups).toBe(1);
    expect(await isSubjectActive('client:acme-broker', t0 + REVOCATION_CACHE_MS)).toBe(false);
    expect(state.lookups).toBe(2);
  });

  it('refuses a disabled user, an unknown client and a subject of another kind with 401', async () => {
    state.users.set(USER_ID, false);
    await expect(assertSubjectActive({ subject: `user:${USER_ID}` })).rejects.toMatchObject({ kind: 'unauthenticated' });
    await expect(assertSubjectActive({ subject: 'client:nobody' })).rejects.toMatchObject({ kind: 'unauthenticated' });
    await expect(assertSubjectActive({ subject: 'robot:1' })).rejects.toMatchObject({ kind: 'unauthenticated' });
    await expect(assertSubjectActive({ subject: 'user:not-a-uuid' })).rejects.toMatchObject({ kind: 'unauthenticated' });
    state.users.set(USER_ID, true);
    forgetSubject(`user:${USER_ID}`);
    await expect(assertSubjectActive({ subject: `user:${USER_ID}` })).resolves.toBeUndefined();
  });

  it('shares one lookup among concurrent requests of a subject, and forgetSubject makes a local revocation bite at once', async () => {
    state.clients.set('acme-broker', true);
    const answers = await Promise.all(Array.from({ length: 20 }, () => isSubjectActive('client:acme-broker')));
    expect(answers.every(Boolean)).toBe(true);
    expect(state.lookups).toBe(1);
    state.clients.set('acme-broker', false);
    forgetSubject('client:acme-broker');
    expect(await isSubjectActive('client:acme-broker')).toBe(false);
  });
});
