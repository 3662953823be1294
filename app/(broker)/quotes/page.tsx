import Link from 'next/link';
import { QuoteList } from '@/components/quotes/quote-list';

export const metadata = { title: 'Quotes · Policy Ledger' };

export default function QuotesPage() {
  return (
    <div className="stack">
      <div className="page-title">
        <h1>Quotes and policies</h1>
        <Link className="button" href="/quotes/new">
          New quote
        </Link>
      </div>
      <div className="panel">
        <QuoteList />
      </div>
    </div>
  );
}
