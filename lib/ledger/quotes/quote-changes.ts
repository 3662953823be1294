import { withTenant } from '@/lib/db/tenant';
import { findQuote } from './quote-record';

export const CHANGES_PAGE_SIZE_MAX = 100;

/** GET /sales/policies/{id}/changes: the quote's history from the event log, newest first. */
export async function quoteChanges(tenantId: string, id: string, page: number, pageSize: number) {
  return withTenant(tenantId, async (tx) => {
    await findQuote(tx, tenantId, id);
    const [events, total] = await Promise.all([
      tx.event.findMany({ where: { tenantId, policyId: id }, orderBy: { id: 'desc' }, skip: (page - 1) * pageSize, take: pageSize }),
      tx.event.count({ where: { tenantId, policyId: id } }),
    ]);
    return {
      data: events.map((event) => ({
        id: String(event.id),
        type: event.type,
        actor: event.actor,
        at: event.createdAt.toISOString(),
        before: event.before,
        after: event.after,
        data: event.data,
      })),
      meta: { page, pageSize, total },
    };
  });
}
