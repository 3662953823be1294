import type { Tx } from '@/lib/db/client';
import { recordEvent } from '@/lib/ledger/events';

// Every change to a tenant's accounts is an event in the append-only log, with its actor
// (`client:<id>`, `user:<id>` or `operator` for the command line) and its time.

export type AccountEventType =
  | 'tenant.created'
  | 'tenant.updated'
  | 'api-client.created'
  | 'api-client.secret-rotated'
  | 'api-client.revoked'
  | 'user.created'
  | 'user.updated'
  | 'user.disabled'
  | 'user.enabled'
  | 'user.password-set'
  | 'user.password-link-issued'
  | 'auth.throttled';

export async function recordAccountEvent(
  tx: Tx,
  input: { tenantId: string; type: AccountEventType; actor: string; before?: unknown; after?: unknown; data?: unknown },
): Promise<void> {
  await recordEvent(tx, { ...input, policyId: null });
}
