import { EditQuote } from '@/components/quotes/edit-quote';

export const metadata = { title: 'Edit quote · Policy Ledger' };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export default async function EditQuotePage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<{ from?: string | string[] }>;
}) {
  const { id } = await params;
  const { from } = await searchParams;
  // `from`: the quote this one was copied from (the copy button opens the copy here).
  const copiedFrom = typeof from === 'string' && UUID.test(from) ? from : undefined;
  return (
    <div className="panel">
      <EditQuote id={id} copiedFrom={copiedFrom} />
    </div>
  );
}
