import { describe, expect, it, vi } from 'vitest';
import type { Principal } from './principal';

// The listener is the process's LISTEN connection; these tests never reach a database.
const listener = vi.hoisted(() => ({ listening: true, subscribe: async () => () => undefined }));
vi.mock('@/lib/jobs/listener', () => ({ listener }));

const { cachedPrincipal, cachedTokenCount, forgetTokens, matchOfNotice, rememberToken, TOKEN_CACHE_ENTRIES_MAX } =
  await import('./token-cache');

const principal = (subject: string, tenantTag = 'acme'): Principal => ({
  subject,
  tenantTag,
  roles: ['broker'],
  tokenId: `jti-${subject}`,
});
const NOW = 1_800_000_000_000;
const inOneHour = NOW / 1000 + 3600;

describe('the verified-token cache', () => {
  it('answers a remembered token until its exp, and not at or after it', () => {
    forgetTokens();
    rememberToken('token-a', principal('client:a'), inOneHour, 'key-1', NOW);
    expect(cachedPrincipal('token-a', NOW)).toEqual(principal('client:a'));
    expect(cachedPrincipal('token-a', inOneHour * 1000 - 1)).toEqual(principal('client:a'));
    expect(cachedPrincipal('token-a', inOneHour * 1000)).toBeUndefined();
    // Once past exp the entry is gone, even for an earlier clock.
    expect(cachedPrincipal('token-a', NOW)).toBeUndefined();
  });

  it('does not remember a token that has already expired', () => {
    forgetTokens();
    rememberToken('token-old', principal('client:old'), NOW / 1000, 'key-1', NOW);
    expect(cachedTokenCount()).toBe(0);
  });

  it('keeps at most its bound, dropping the least recently used first', () => {
    forgetTokens();
    for (let index = 0; index < TOKEN_CACHE_ENTRIES_MAX; index++)
      rememberToken(`token-${index}`, principal(`client:${index}`), inOneHour, 'key-1', NOW);
    expect(cachedPrincipal('token-0', NOW)?.subject).toBe('client:0'); // now the most recently used
    rememberToken('token-new', principal('client:new'), inOneHour, 'key-1', NOW);
    expect(cachedTokenCount()).toBe(TOKEN_CACHE_ENTRIES_MAX);
    expect(cachedPrincipal('token-1', NOW)).toBeUndefined();
    expect(cachedPrincipal('token-0', NOW)?.subject).toBe('client:0');
    expect(cachedPrincipal('token-new', NOW)?.subject).toBe('client:new');
  });

  it('forgets what a revocation names: a subject, a tenant, a token or a key', () => {
    forgetTokens();
    rememberToken('t1', principal('client:a'), inOneHour, 'key-1', NOW);
    rememberToken('t2', principal('client:b'), inOneHour, 'key-1', NOW);
    rememberToken('t3', principal('client:c', 'globex'), inOneHour, 'key-2', NOW);
    rememberToken('t4', principal('user:d'), inOneHour, 'key-2', NOW);
    expect(forgetTokens({ subject: 'client:a' })).toBe(1);
    expect(cachedPrincipal('t1', NOW)).toBeUndefined();
    expect(forgetTokens({ tenantTag: 'globex' })).toBe(1);
    expect(cachedPrincipal('t3', NOW)).toBeUndefined();
    expect(forgetTokens({ kid: 'key-2' })).toBe(1);
    expect(cachedPrincipal('t4', NOW)).toBeUndefined();
    expect(forgetTokens({ tokenId: 'jti-client:b' })).toBe(1);
    expect(cachedTokenCount()).toBe(0);
  });

  it('neither answers nor remembers while the revocation channel is down, since a revocation would go unheard', () => {
    forgetTokens();
    rememberToken('token-kept', principal('client:kept'), inOneHour, 'key-1', NOW);
    listener.listening = false;
    try {
      expect(cachedPrincipal('token-kept', NOW)).toBeUndefined();
      rememberToken('token-during', principal('client:during'), inOneHour, 'key-1', NOW);
    } finally {
      listener.listening = true;
    }
    expect(cachedPrincipal('token-during', NOW)).toBeUndefined();
    expect(cachedTokenCount()).toBe(1);
  });

  it('reads revocation notices; a lost connection or an unreadable notice forgets everything', () => {
    expect(matchOfNotice('{"subject":"client:a","tenantTag":"acme","other":1}')).toEqual({ subject: 'client:a', tenantTag: 'acme' });
    expect(matchOfNotice(null)).toEqual({});
    expect(matchOfNotice('not json')).toEqual({});
    expect(matchOfNotice('{"subject":42}')).toEqual({});
  });
});
