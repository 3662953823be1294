'use client';

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useEffect } from 'react';
import type { AsyncRequest } from '@/lib/client/types';
import { quoteKey } from '@/lib/client/queries';
import { useLedger } from '@/lib/client/use-ledger';
import { ProblemAlert } from '@/components/ui/problem-alert';

/** Follows an issue request by long polling and goes to the policy page when it succeeds. */
export function IssueProgress({ quoteId, requestId }: { quoteId: string; requestId: string }) {
  const ledger = useLedger();
  const queryClient = useQueryClient();
  const router = useRouter();
  const request = useQuery({
    queryKey: ['request', requestId],
    enabled: ledger.ready,
    queryFn: ({ signal }) => ledger.call<AsyncRequest>(`/requests/${requestId}`, { signal, query: { longPolling: true } }),
    // The server holds each call until the status changes; ask again at once while pending.
    refetchInterval: (query) => (query.state.data?.status === 'success' || query.state.data?.status === 'failed' ? false : 50),
  });
  const policyId = request.data?.status === 'success' ? request.data.data?.policyId : undefined;
  useEffect(() => {
    if (!policyId) return;
    // The quote is issued now: what the cache holds of it (bound) must not be shown again.
    void Promise.all([
      queryClient.invalidateQueries({ queryKey: quoteKey(quoteId) }),
      queryClient.invalidateQueries({ queryKey: ['quotes'] }),
    ]);
    router.push(`/policies/${policyId}`);
  }, [policyId, quoteId, queryClient, router]);

  const status = request.data?.status ?? 'pending';
  return (
    <div className="panel inset" data-testid="issue-progress">
      <p role="status">
        {status === 'pending' && 'Issuing the policy: numbering, invoices and instalments…'}
        {status === 'success' && `${request.data?.data?.message ?? 'Issued.'} Opening the policy…`}
        {status === 'failed' && `Issuing failed: ${request.data?.error?.message ?? 'no reason given'}.`}
      </p>
      {status === 'pending' && <progress aria-label="Issuing" />}
      <ProblemAlert error={request.error} />
    </div>
  );
}
