'use client';

import { useQueryClient } from '@tanstack/react-query';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useMemo } from 'react';
import { LedgerProblem } from '@/lib/client/problem';
import { quoteKey, useProductSchema, useQuoteForEdit } from '@/lib/client/queries';
import { editableAfterBind, editablePayload } from '@/lib/client/schema-form/filters';
import { changedPart } from '@/lib/client/schema-form/values';
import { useLedger } from '@/lib/client/use-ledger';
import { Loading } from '@/components/ui/loading';
import { ProblemAlert } from '@/components/ui/problem-alert';
import { SchemaForm } from '@/components/schema-form/schema-form';
import { CopiedFrom } from './copied-from';

/** A quote's cover cannot start on a day that has passed (bind would refuse it). */
const INCEPTION = ['policy.dateInception'];

export const STALE_EDIT_MESSAGE =
  'Someone else changed this quote since you opened it. Reload the page to see their changes, then edit again.';

/**
 * Edits a quote in the generated form and sends only what changed (PUT …/{id}/), with If-Match
 * set to the ETag of the read the form started from, so a change made meanwhile is not overwritten.
 */
export function EditQuote({ id, copiedFrom }: { id: string; copiedFrom?: string }) {
  const ledger = useLedger();
  const router = useRouter();
  const queryClient = useQueryClient();
  const loaded = useQuoteForEdit(id);
  const quote = loaded.data?.read;
  const schema = useProductSchema(quote?.meta.product);
  const original = useMemo(() => (quote ? { product: quote.meta.product, ...editablePayload(quote.data) } : undefined), [quote]);
  const bound = quote?.meta.status === 'bound';

  if (loaded.isPending || schema.isPending) return <Loading label="Loading the quote…" />;
  if (!quote || !schema.data || !original) return <ProblemAlert error={loaded.error ?? schema.error} />;

  const save = async (payload: unknown) => {
    const change = changedPart(original, payload) as Record<string, unknown> | undefined;
    if (change) {
      delete change.product;
      if (Object.keys(change).length) {
        try {
          await ledger.call(`/sales/policies/${id}/`, { method: 'PUT', body: change, ifMatch: loaded.data?.etag });
        } catch (error) {
          // 409 with our ETag: the revision moved on. (A 409 while enrichment runs keeps its own message.)
          if (error instanceof LedgerProblem && error.status === 409 && /changed since it was read/i.test(error.message)) {
            throw new Error(STALE_EDIT_MESSAGE);
          }
          throw error;
        }
      }
    }
    await queryClient.invalidateQueries({ queryKey: quoteKey(id) });
    router.push(`/quotes/${id}`);
  };

  return (
    <>
      <h1>Edit {quote.meta.quoteNumber}</h1>
      {copiedFrom && <CopiedFrom id={copiedFrom} />}
      {bound && <p className="hint">The quote is bound: only the fields that may change before issue are shown.</p>}
      <SchemaForm
        notPast={bound ? undefined : INCEPTION}
        schema={schema.data}
        initial={original}
        filter={bound ? editableAfterBind : undefined}
        submitLabel="Save changes"
        onSubmit={save}
        actions={() => (
          <Link className="button secondary" href={`/quotes/${id}`}>
            Cancel
          </Link>
        )}
      />
    </>
  );
}
