import { randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair, importJWK, type JWK, type CryptoKey } from 'jose';
import { prisma } from '@/lib/db/client';
import { RETIRED_KEY_PUBLISHED_SECONDS, TOKEN_ALGORITHM } from './config';

// Signing keys live in the database so that every process signs and verifies with the same
// set. The newest unretired key signs; retired keys are still published (JWKS) and accepted
// until the tokens they signed have expired, so rotation logs nobody out.

interface PublishedKey {
  kid: string;
  publicJwk: JWK;
  key: CryptoKey | Uint8Array;
}

interface KeyCache {
  loadedAtMs: number;
  signing?: { kid: string; key: CryptoKey | Uint8Array };
  published: Map<string, PublishedKey>;
}

const CACHE_TTL_MS = 60_000;
/** An unknown kid may trigger a reload at most this often (a flood of forged kids must not hit the DB). */
const UNKNOWN_KID_RELOAD_MS = 5_000;

const globalForKeys = globalThis as unknown as { ledgerKeyCache?: KeyCache; ledgerKeyLoad?: Promise<KeyCache> };

async function loadKeys(): Promise<KeyCache> {
  const cutoff = new Date(Date.now() - RETIRED_KEY_PUBLISHED_SECONDS * 1000);
  const rows = await prisma.signingKey.findMany({
    where: { OR: [{ retiredAt: null }, { retiredAt: { gt: cutoff } }] },
    orderBy: { createdAt: 'desc' },
  });
  const published = new Map<string, PublishedKey>();
  let signing: KeyCache['signing'];
  for (const row of rows) {
    const publicJwk = row.publicJwk as JWK;
    published.set(row.kid, { kid: row.kid, publicJwk, key: await importJWK(publicJwk, row.alg) });
    if (!signing && row.retiredAt === null) {
      signing = { kid: row.kid, key: await importJWK(row.privateJwk as JWK, row.alg) };
    }
  }
  return { loadedAtMs: Date.now(), signing, published };
}

async function keyCache(forceReload = false): Promise<KeyCache> {
  const cached = globalForKeys.ledgerKeyCache;
  if (cached && !forceReload && Date.now() - cached.loadedAtMs < CACHE_TTL_MS) return cached;
  globalForKeys.ledgerKeyLoad ??= loadKeys().finally(() => {
    globalForKeys.ledgerKeyLoad = undefined;
  });
  const fresh = await globalForKeys.ledgerKeyLoad;
  globalForKeys.ledgerKeyCache = fresh;
  return fresh;
}

/** Creates a signing key when none is active; safe when several processes start at once. */
export async function ensureSigningKey(): Promise<void> {
  await prisma.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(727002)`;
    const active = await tx.signingKey.count({ where: { retiredAt: null } });
    if (active === 0) await tx.signingKey.create({ data: await newKeyRow() });
  });
  await keyCache(true);
}

/** Adds a new signing key and retires the previous ones (still published until their tokens expire). */
export async function rotateSigningKey(): Promise<string> {
  const row = await newKeyRow();
  await prisma.$transaction([
    prisma.signingKey.updateMany({ where: { retiredAt: null }, data: { retiredAt: new Date() } }),
    prisma.signingKey.create({ data: row }),
  ]);
  await keyCache(true);
  return row.kid;
}

async function newKeyRow() {
  const { publicKey, privateKey } = await generateKeyPair(TOKEN_ALGORITHM, { extractable: true });
  const kid = randomUUID();
  const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: TOKEN_ALGORITHM, use: 'sig' };
  const privateJwk = { ...(await exportJWK(privateKey)), kid, alg: TOKEN_ALGORITHM };
  return { kid, alg: TOKEN_ALGORITHM, publicJwk, privateJwk };
}

export async function currentSigningKey(): Promise<{ kid: string; key: CryptoKey | Uint8Array }> {
  let cache = await keyCache();
  if (!cache.signing) {
    await ensureSigningKey();
    cache = await keyCache();
  }
  if (!cache.signing) throw new Error('no signing key could be created');
  return cache.signing;
}

let lastUnknownKidReloadMs = 0;

export async function verificationKey(kid: string | undefined): Promise<CryptoKey | Uint8Array | undefined> {
  if (!kid) return undefined;
  let found = (await keyCache()).published.get(kid);
  if (!found && Date.now() - lastUnknownKidReloadMs > UNKNOWN_KID_RELOAD_MS) {
    lastUnknownKidReloadMs = Date.now();
    found = (await keyCache(true)).published.get(kid);
  }
  return found?.key;
}

export async function publishedJwks(): Promise<{ keys: JWK[] }> {
  const cache = await keyCache();
  return { keys: [...cache.published.values()].map((entry) => entry.publicJwk) };
}
