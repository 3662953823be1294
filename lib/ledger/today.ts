import type { Tx } from '@/lib/db/client';
import { businessNow } from '@/lib/dates/clock';
import { DEFAULT_TIME_ZONE, localToday } from '@/lib/dates/local-day';
import { getProduct } from '@/lib/products/registry';

// "Today" for the ledger's rules (inception in the past at bind, cooling-off, renewal window,
// pending terminations, expiry): the local date of the product's time zone when it has one,
// else the tenant's (DOMAIN.md §1).

/** The product's own zone, when it differs from its tenant's. */
function productTimeZone(productCode?: string): string | undefined {
  return productCode ? getProduct(productCode).settings.timeZone : undefined;
}

export async function businessTimeZone(tx: Tx, tenantId: string, productCode?: string): Promise<string> {
  const own = productTimeZone(productCode);
  if (own) return own;
  const tenant = await tx.tenant.findUnique({ where: { id: tenantId }, select: { timeZone: true } });
  return tenant?.timeZone ?? DEFAULT_TIME_ZONE;
}

export async function businessToday(tx: Tx, tenantId: string, productCode?: string, now: Date = businessNow()): Promise<string> {
  return localToday(await businessTimeZone(tx, tenantId, productCode), now);
}

/** The same date from a tenant already read (the request's tenant), with no query. */
export function businessTodayOf(tenant: { timeZone: string }, productCode?: string, now: Date = businessNow()): string {
  return localToday(productTimeZone(productCode) ?? tenant.timeZone, now);
}
