'use client';

import Link from 'next/link';
import { useState } from 'react';
import { formatMoney, humanize } from '@/lib/client/format';
import { useQuoteList } from '@/lib/client/queries';
import { EmptyState } from '@/components/ui/empty-state';
import { Loading } from '@/components/ui/loading';
import { ProblemAlert } from '@/components/ui/problem-alert';
import { Pager } from '@/components/quotes/pager';
import { ReferralDecisionForm } from './referral-decision-form';
import { ReferralSummary } from './referral-summary';

/** Open referrals, a page at a time; each decided in place. */
export function ReferralQueue() {
  const [page, setPage] = useState(1);
  const list = useQuoteList({ search: '', status: 'in-manual-referral', page });
  const total = list.data?.meta.total ?? 0;
  const pageSize = list.data?.meta.pageSize ?? 20;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  // Deciding the last referrals of the last page leaves it empty: step back to the one before
  // (a state update while rendering, which React applies before showing anything).
  if (list.data && !list.isPlaceholderData && page > pages) setPage(pages);
  if (list.isPending) return <Loading label="Loading referrals…" />;
  const rows = list.data?.data ?? [];
  return (
    <>
      <ProblemAlert error={list.error} />
      {rows.length === 0 && !list.error && <EmptyState>No open referrals.</EmptyState>}
      <ul className="cards">
        {rows.map((row) => (
          <li key={row.id} className="panel card" data-testid="referral-card">
            <h2>
              <Link href={`/quotes/${row.id}`}>{row.quoteNumber}</Link> <span className="muted">· {row.customerName}</span>
            </h2>
            <p className="muted">
              {humanize(row.productCode)} · payable {formatMoney(row.payable, row.currency)}
            </p>
            {row.referral && <ReferralSummary referral={row.referral} />}
            <ReferralDecisionForm id={row.id} quoteNumber={row.quoteNumber} />
          </li>
        ))}
      </ul>
      {total > pageSize && <Pager page={page} pageSize={pageSize} total={total} onPage={setPage} />}
    </>
  );
}
