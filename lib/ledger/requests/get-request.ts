import type { Request } from '@/lib/db/generated/client';
import { tenantRead } from '@/lib/db/tenant-read';
import { NotFound } from '@/lib/errors';
import { LONG_POLL_TIMEOUT_MS, waitFor } from '@/lib/jobs/wait';
import { keepIfSettled, settledRequestKept } from './settled-requests';

export interface AsyncRequestView {
  requestId: string;
  type: string;
  status: 'pending' | 'success' | 'failed';
  data: Record<string, unknown> | null;
  error?: { code: string; message: string };
  createdAt: string;
  updatedAt: string;
}

export async function getRequest(tenantId: string, requestId: string): Promise<AsyncRequestView> {
  const settled = settledRequestKept(tenantId, requestId);
  if (settled) return settled;
  // Polled by every waiting client: the read-only fast path (lib/db/tenant-read.ts).
  const rows = await tenantRead<Pick<Request, 'id' | 'type' | 'status' | 'data' | 'error' | 'createdAt' | 'updatedAt'>>(
    tenantId,
    `SELECT "id", "type", "status", "data", "error", "createdAt", "updatedAt"
      FROM "Request" WHERE "id" = $1::uuid AND "tenantId" = $2::uuid LIMIT 1`,
    [requestId, tenantId],
  );
  const row = rows[0];
  if (!row) throw new NotFound('Request', requestId);
  const view: AsyncRequestView = {
    requestId: row.id,
    type: row.type,
    status: row.status as AsyncRequestView['status'],
    data: (row.data as Record<string, unknown> | null) ?? null,
    ...(row.error ? { error: row.error as { code: string; message: string } } : {}),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
  keepIfSettled(tenantId, view);
  return view;
}

/**
 * Long poll: the request once it has left `pending`, or as it is after the timeout. The notice of
 * its settling carries the request as the row has it (migration 0021), so the waiter answers
 * from it; the first read above already found the request under this tenant.
 */
export async function waitForRequest(tenantId: string, requestId: string, signal?: AbortSignal): Promise<AsyncRequestView> {
  const first = await getRequest(tenantId, requestId);
  if (first.status !== 'pending') return first;
  const settled = await waitFor(
    `request:${requestId}`,
    async () => {
      const current = await getRequest(tenantId, requestId);
      return current.status === 'pending' ? null : current;
    },
    LONG_POLL_TIMEOUT_MS,
    signal,
    tenantId,
    { key: `settled:request:${requestId}`, read: (detail) => settledRequestOf(detail, requestId) },
  );
  return settled ?? (await getRequest(tenantId, requestId));
}

/**
 * The request a settling notice carried, as getRequest shows it; null when it carried none (too
 * large for a notice), names another request, or is not settled.
 */
export function settledRequestOf(detail: string | undefined, requestId: string): AsyncRequestView | null {
  if (detail === undefined) return null;
  let carried: Omit<AsyncRequestView, 'error'> & { error: AsyncRequestView['error'] | null };
  try {
    carried = JSON.parse(detail) as typeof carried;
  } catch {
    return null;
  }
  if (carried.requestId !== requestId || carried.status === 'pending') return null;
  // In getRequest's order, so that both answers are the same to the byte.
  return {
    requestId: carried.requestId,
    type: carried.type,
    status: carried.status,
    data: carried.data ?? null,
    ...(carried.error ? { error: carried.error } : {}),
    createdAt: carried.createdAt,
    updatedAt: carried.updatedAt,
  };
}
