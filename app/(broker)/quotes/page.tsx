import Link from 'next/link';
import { Suspense } from 'react';
import { QuoteList } from '@/components/quotes/quote-list';
import { Loading } from '@/components/ui/loading';

export const metadata = { title: 'Quotes · Policy Ledger' };

export default function QuotesPage() {
  return (
    <div className="stack">
      <div className="page-title">
        <h1>Quotes and policies</h1>
        <div className="button-row">
          <Link className="button secondary" href="/quotes?payment=overdue">
            Overdue payments
          </Link>
          <Link className="button" href="/quotes/new">
            New quote
          </Link>
        </div>
      </div>
      <div className="panel">
        {/* The list reads its filters from the address (useSearchParams). */}
        <Suspense fallback={<Loading label="Loading quotes…" />}>
          <QuoteList />
        </Suspense>
      </div>
    </div>
  );
}
