'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { formatDateTime } from '@/lib/client/format';
import type { DeliveryView, SubscriptionView } from '@/lib/events-out/subscriptions';
import { useLedger } from '@/lib/client/use-ledger';
import { EmptyState } from '@/components/ui/empty-state';
import { Loading } from '@/components/ui/loading';
import { ProblemAlert } from '@/components/ui/problem-alert';
import { StatusBadge } from '@/components/ui/status-badge';

// The tenant's webhook subscriptions with their recent deliveries (admins): enable or disable an
// endpoint, and send a delivery again.

type Subscription = Pick<
  SubscriptionView,
  'id' | 'url' | 'description' | 'eventTypes' | 'enabled' | 'disabledReason' | 'consecutiveFailures'
>;

type Delivery = Pick<
  DeliveryView,
  'id' | 'eventId' | 'eventType' | 'attempts' | 'lastStatusCode' | 'lastError' | 'createdAt' | 'nextAttemptAt'
> & { status: 'pending' | 'delivered' | 'failed' };

const RECENT_DELIVERIES = 20;
const webhooksKey = ['webhooks'] as const;

export function WebhookAdmin() {
  const ledger = useLedger();
  const list = useQuery({
    queryKey: webhooksKey,
    enabled: ledger.ready,
    queryFn: ({ signal }) => ledger.call<{ data: Subscription[] }>('/webhooks', { signal }).then((body) => body.data),
  });
  if (list.isPending) return <Loading label="Loading webhooks…" />;
  const subscriptions = list.data ?? [];
  return (
    <>
      <ProblemAlert error={list.error} />
      {subscriptions.length === 0 && !list.error && (
        <EmptyState>No webhook subscriptions yet. Create them with POST /api/v1/ledger/webhooks.</EmptyState>
      )}
      {subscriptions.map((subscription) => (
        <SubscriptionPanel key={subscription.id} subscription={subscription} />
      ))}
    </>
  );
}

function SubscriptionPanel({ subscription }: { subscription: Subscription }) {
  const ledger = useLedger();
  const queryClient = useQueryClient();
  const deliveriesKey = ['webhooks', subscription.id, 'deliveries'] as const;
  const deliveries = useQuery({
    queryKey: deliveriesKey,
    enabled: ledger.ready,
    refetchInterval: 5_000,
    queryFn: ({ signal }) =>
      ledger
        .call<{ data: Delivery[] }>(`/webhooks/${subscription.id}/deliveries`, { signal, query: { limit: RECENT_DELIVERIES } })
        .then((body) => body.data),
  });
  const toggle = useMutation({
    mutationFn: () => ledger.call(`/webhooks/${subscription.id}`, { method: 'PATCH', body: { enabled: !subscription.enabled } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksKey }),
  });
  const redeliver = useMutation({
    mutationFn: (deliveryId: string) => ledger.call(`/webhooks/${subscription.id}/deliveries/${deliveryId}/redeliver`, { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deliveriesKey }),
  });
  const state = subscription.enabled ? 'enabled' : subscription.disabledReason === 'failing' ? 'disabled-failing' : 'disabled';
  return (
    <section className="panel stack" aria-label={`Webhook ${subscription.url}`} data-testid="webhook">
      <h2>
        <code>{subscription.url}</code> <StatusBadge status={state} testId="webhook-status" />
      </h2>
      {subscription.description && <p className="muted">{subscription.description}</p>}
      <p className="muted">
        Events: {subscription.eventTypes.join(', ')}
        {subscription.consecutiveFailures > 0 && ` · ${subscription.consecutiveFailures} failed attempts in a row`}
      </p>
      <ProblemAlert error={toggle.error ?? redeliver.error} />
      <div className="form-actions">
        <button
          type="button"
          className={subscription.enabled ? 'danger' : undefined}
          disabled={toggle.isPending}
          onClick={() => toggle.mutate()}
        >
          {subscription.enabled ? 'Disable' : 'Enable'}
        </button>
      </div>
      <h3>Recent deliveries</h3>
      <ProblemAlert error={deliveries.error} />
      {deliveries.isPending ? (
        <Loading label="Loading deliveries…" />
      ) : (deliveries.data ?? []).length === 0 ? (
        <EmptyState>No deliveries yet.</EmptyState>
      ) : (
        <div className="table-scroll">
          <table data-testid="deliveries">
            <thead>
              <tr>
                <th scope="col">Event</th>
                <th scope="col">Created</th>
                <th scope="col">Status</th>
                <th scope="col">Attempts</th>
                <th scope="col">Last answer</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {(deliveries.data ?? []).map((delivery) => (
                <tr key={delivery.id} data-testid="delivery">
                  <td>
                    <code>{delivery.eventType}</code>
                  </td>
                  <td>{formatDateTime(delivery.createdAt)}</td>
                  <td>
                    <StatusBadge status={delivery.status} testId="delivery-status" />
                  </td>
                  <td data-testid="delivery-attempts">{delivery.attempts}</td>
                  <td>{delivery.lastError ?? (delivery.lastStatusCode ? `HTTP ${delivery.lastStatusCode}` : '—')}</td>
                  <td>
                    <button
                      type="button"
                      disabled={redeliver.isPending}
                      onClick={() => redeliver.mutate(delivery.id)}
                      aria-label={`Redeliver ${delivery.eventType} of ${formatDateTime(delivery.createdAt)}`}
                    >
                      Redeliver
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
