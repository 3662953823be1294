'use client';

import Link from 'next/link';
import { useState, type FormEvent } from 'react';
import { formatMoney, humanize } from '@/lib/client/format';
import { useQuote, useQuoteList } from '@/lib/client/queries';
import { riskFacts, waitingFor } from '@/lib/client/risk-facts';
import type { QuoteListRow } from '@/lib/client/types';
import { EmptyState } from '@/components/ui/empty-state';
import { Loading } from '@/components/ui/loading';
import { ProblemAlert } from '@/components/ui/problem-alert';
import { Pager } from '@/components/quotes/pager';
import { decisionDone, ReferralDecisionForm } from './referral-decision-form';
import { ReferralSummary } from './referral-summary';

/** The risk's key facts, read from the quote itself (the list carries no product data). */
function KeyFacts({ row }: { row: QuoteListRow }) {
  const quote = useQuote(row.id);
  const facts = riskFacts(row.productCode, quote.data?.data, row.currency ?? 'GBP');
  if (facts.length === 0) return null;
  return (
    <dl className="facts" data-testid="risk-facts">
      {facts.map((fact) => (
        <div key={fact.label}>
          <dt>{fact.label}</dt>
          <dd>{fact.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Open referrals, the oldest quotes first (first come, first decided), a page at a time; each decided in place. */
export function ReferralQueue() {
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [draft, setDraft] = useState('');
  const [decided, setDecided] = useState<{ id: string; quoteNumber: string; words: string }>();
  const list = useQuoteList({ search, status: 'in-manual-referral', sort: 'createdAt', page });
  const find = (event: FormEvent) => {
    event.preventDefault();
    setSearch(draft.trim());
    setPage(1);
  };
  const total = list.data?.meta.total ?? 0;
  const pageSize = list.data?.meta.pageSize ?? 20;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  // Deciding the last referrals of the last page leaves it empty: step back to the one before
  // (a state update while rendering, which React applies before showing anything).
  if (list.data && !list.isPlaceholderData && page > pages) setPage(pages);
  const rows = list.data?.data ?? [];
  const oldest = rows.reduce<string | undefined>(
    (first, row) => (row.referral && (!first || row.referral.referredAt < first) ? row.referral.referredAt : first),
    undefined,
  );
  return (
    <>
      <form className="filters" role="search" onSubmit={find}>
        <div className="field">
          <label htmlFor="referral-search">Customer or number</label>
          <input id="referral-search" type="search" value={draft} maxLength={100} onChange={(event) => setDraft(event.target.value)} />
        </div>
        <button type="submit" className="secondary">
          Find
        </button>
      </form>
      <ProblemAlert error={list.error} />
      {list.isPending && <Loading label="Loading referrals…" />}
      <p role="status" className="muted" data-testid="referral-count">
        {total === 1 ? '1 open referral' : `${total} open referrals`}
        {search ? ` matching “${search}”` : ''}
        {oldest ? ` · the oldest on this page has waited ${waitingFor(oldest)}` : ''}
      </p>
      {decided && (
        <p className="notice" role="status" data-testid="referral-decided">
          {decided.words}: <Link href={`/quotes/${decided.id}`}>{decided.quoteNumber}</Link>. The broker sees your comment on the quote.
        </p>
      )}
      {rows.length === 0 && !list.error && !list.isPending && (
        <EmptyState>{search ? 'No open referral matches.' : 'No open referrals.'}</EmptyState>
      )}
      {/* Above the cards: another page swaps the cards without moving the pager (layout shift). */}
      {total > pageSize && <Pager page={page} pageSize={pageSize} total={total} onPage={setPage} />}
      <ul className="cards">
        {rows.map((row) => (
          <li key={row.id} className="panel card" data-testid="referral-card">
            <h2>
              <Link href={`/quotes/${row.id}`}>{row.quoteNumber}</Link> <span className="muted">· {row.customerName}</span>
            </h2>
            <p className="muted">
              {humanize(row.productCode)} · payable {formatMoney(row.payable, row.currency)}
              {row.referral && <> · waiting {waitingFor(row.referral.referredAt)}</>}
            </p>
            <KeyFacts row={row} />
            {row.referral && <ReferralSummary referral={row.referral} />}
            <ReferralDecisionForm
              id={row.id}
              quoteNumber={row.quoteNumber}
              onDone={(decision) => setDecided({ id: row.id, quoteNumber: row.quoteNumber, words: decisionDone(decision) })}
            />
          </li>
        ))}
      </ul>
    </>
  );
}
