'use client';

import { useQueryClient } from '@tanstack/react-query';
import { policyKey } from '@/lib/client/policy-queries';
import { useMemo } from 'react';
import { editablePayload, withRatingNotes } from '@/lib/client/schema-form/filters';
import type { JsonSchema } from '@/lib/client/schema-form/json-schema';
import { changedPart } from '@/lib/client/schema-form/values';
import type { QuotePayload } from '@/lib/client/types';
import { useLedger } from '@/lib/client/use-ledger';
import { SchemaForm } from '@/components/schema-form/schema-form';

interface Props {
  id: string;
  href: string;
  schema: JsonSchema;
  data: QuotePayload;
  onDone: () => void;
}

export function DataChangeForm({ id, href, schema, data, onDone }: Props) {
  const ledger = useLedger();
  const queryClient = useQueryClient();
  const original = useMemo(() => ({ product: schema.properties?.product?.const, ...editablePayload(data) }), [schema, data]);
  // Every field is shown; those that affect the premium carry a note, and the ledger refuses them
  // with a 422 that the form shows at the field (it stays the one authority on what may change).
  const noted = useMemo(() => withRatingNotes(schema), [schema]);
  const save = async (payload: unknown) => {
    const change = (changedPart(original, payload) ?? {}) as Record<string, unknown>;
    delete change.product;
    if (Object.keys(change).length === 0) throw new Error('Change at least one field.');
    await ledger.call(href, { method: 'POST', body: change });
    await queryClient.invalidateQueries({ queryKey: policyKey(id) });
    onDone();
  };
  return (
    <div className="panel inset" data-testid="data-change-form">
      <h3>Data change</h3>
      <p className="hint">
        Contact details and other fields without effect on the premium; a new version, no money moves. Fields marked “affects the premium”
        need a mid-term adjustment.
      </p>
      <SchemaForm schema={noted} initial={original} submitLabel="Save data change" onSubmit={save} />
    </div>
  );
}
