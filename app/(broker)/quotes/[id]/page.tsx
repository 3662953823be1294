import { QuoteView } from '@/components/quotes/quote-view';

export const metadata = { title: 'Quote · Policy Ledger' };

export default async function QuotePage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <QuoteView id={id} />;
}
