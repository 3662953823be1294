import { NewQuote } from '@/components/quotes/new-quote';

export const metadata = { title: 'New quote · Policy Ledger' };

export default function NewQuotePage() {
  return (
    <div className="stack">
      <h1>New quote</h1>
      <div className="panel">
        <NewQuote />
      </div>
    </div>
  );
}
