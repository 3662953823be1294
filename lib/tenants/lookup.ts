import { prisma } from '@/lib/db/client';

export interface TenantRef {
  id: string;
  tag: string;
  name: string;
  brandColor: string;
  /** IANA zone of the tenant's business dates (lib/ledger/today.ts). */
  timeZone: string;
}

// Tenants change rarely and are read on every request: cache them briefly per process.
const CACHE_TTL_MS = 60_000;
const TAG_PATTERN = /^[a-z0-9][a-z0-9-]{0,62}$/;
const globalForTenants = globalThis as unknown as { ledgerTenants?: Map<string, { tenant: TenantRef | null; atMs: number }> };
const cache = (globalForTenants.ledgerTenants ??= new Map());

export function isTenantTag(value: string): boolean {
  return TAG_PATTERN.test(value);
}

export async function findTenantByTag(tag: string): Promise<TenantRef | null> {
  if (!isTenantTag(tag)) return null;
  const hit = cache.get(tag);
  if (hit && Date.now() - hit.atMs < CACHE_TTL_MS) return hit.tenant;
  const tenant = await prisma.tenant.findUnique({
    where: { tag },
    select: { id: true, tag: true, name: true, brandColor: true, timeZone: true },
  });
  if (cache.size > 10_000) cache.clear();
  cache.set(tag, { tenant, atMs: Date.now() });
  return tenant;
}

/** Drops the cached entry after a tenant is created or renamed, so this process sees it at once. */
export function forgetTenant(tag: string): void {
  cache.delete(tag);
}
