import { EditQuote } from '@/components/quotes/edit-quote';

export const metadata = { title: 'Edit quote · Policy Ledger' };

export default async function EditQuotePage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return (
    <div className="panel">
      <EditQuote id={id} />
    </div>
  );
}
