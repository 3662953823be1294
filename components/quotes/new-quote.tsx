'use client';

import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useProducts, useProductSchema } from '@/lib/client/queries';
import { useLedger } from '@/lib/client/use-ledger';
import { Loading } from '@/components/ui/loading';
import { ProblemAlert } from '@/components/ui/problem-alert';
import { SchemaForm } from '@/components/schema-form/schema-form';
import { ProductPicker } from './product-picker';

/** A quote's cover cannot start on a day that has passed (bind would refuse it). */
const INCEPTION = ['policy.dateInception'];

/** Choose a product, fill the form its schema generates, create the quote. */
export function NewQuote() {
  const ledger = useLedger();
  const router = useRouter();
  const queryClient = useQueryClient();
  const products = useProducts();
  const [code, setCode] = useState<string>();
  const schema = useProductSchema(code);
  const product = products.data?.find((p) => p.code === code);

  const create = async (payload: unknown) => {
    const created = await ledger.call<{ policy: { id: string } }>('/sales/policies/create', { body: payload });
    await queryClient.invalidateQueries({ queryKey: ['quotes'] });
    router.push(`/quotes/${created.policy.id}`);
  };

  if (products.isPending) return <Loading label="Loading products…" />;
  return (
    <>
      <ProblemAlert error={products.error ?? schema.error} />
      {products.data && <ProductPicker products={products.data} value={code} onChange={setCode} />}
      {code && schema.isPending && <Loading label="Loading the product form…" />}
      {product && schema.data && (
        <SchemaForm
          notPast={INCEPTION}
          key={code}
          schema={schema.data}
          submitLabel="Create quote"
          busyLabel="Creating…"
          onSubmit={create}
          actions={({ reset }) => (
            <button type="button" className="secondary" onClick={() => reset(product.example)}>
              Fill with the example
            </button>
          )}
        />
      )}
    </>
  );
}
