import { keepRecent, takeRecent } from '@/lib/recently-used';
import type { AsyncRequestView } from './get-request';

// A request leaves `pending` once, for `success` or `failed`, and nothing changes it afterwards
// (the issue job and its give-up handler both write only a pending request; no request is ever
// deleted). So a settled request read from the database is answered again from this process
// without asking the database: clients poll a request on after it settled, and a long poll on a
// settled request answers at once. A pending request is read every time. Only what a read of the
// row under its tenant gave is kept, never what a notice said, and the key holds the tenant the
// read was scoped to: another tenant's token still reads (and is refused) under its own.

/** How many settled requests a process keeps (least recently read leave first): about 0.5 kB each. */
const SETTLED_KEPT_MAX = 5_000;
/**
 * A kept answer is not reused after this: a database restored from a backup under a running
 * process can lack a request this process read, and it says so again within this bound.
 */
const SETTLED_KEPT_FOR_MS = 5 * 60_000;

interface KeptRequest {
  view: AsyncRequestView;
  keptAtMs: number;
}

// On globalThis: Next.js bundles routes apart; one cache a process.
const globalForRequests = globalThis as unknown as { ledgerSettledRequests?: Map<string, KeptRequest> };
const kept = (globalForRequests.ledgerSettledRequests ??= new Map<string, KeptRequest>());

const keyOf = (tenantId: string, requestId: string) => `${tenantId}:${requestId}`;

/** The settled request as this tenant last read it, while it may still be reused; else undefined. */
export function settledRequestKept(tenantId: string, requestId: string, nowMs = Date.now()): AsyncRequestView | undefined {
  const key = keyOf(tenantId, requestId);
  const found = takeRecent(kept, key);
  if (!found) return undefined;
  if (nowMs - found.keptAtMs < SETTLED_KEPT_FOR_MS) return found.view;
  kept.delete(key);
  return undefined;
}

/** Keeps a request just read from the database under `tenantId`, if it has settled. */
export function keepIfSettled(tenantId: string, view: AsyncRequestView, nowMs = Date.now()): void {
  if (view.status === 'pending') return;
  keepRecent(kept, keyOf(tenantId, view.requestId), { view: Object.freeze(view), keptAtMs: nowMs }, SETTLED_KEPT_MAX);
}
