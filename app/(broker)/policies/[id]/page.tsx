import { PolicyView } from '@/components/policies/policy-view';

export const metadata = { title: 'Policy · Policy Ledger' };

export default async function PolicyPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <PolicyView id={id} />;
}
