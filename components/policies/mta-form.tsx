'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type MouseEvent } from 'react';
import { formatDate, formatMoney, humanize, todayIso } from '@/lib/client/format';
import { policyKey } from '@/lib/client/policy-queries';
import type { LeafFilter } from '@/lib/client/schema-form/describe';
import { editablePayload } from '@/lib/client/schema-form/filters';
import type { JsonSchema } from '@/lib/client/schema-form/json-schema';
import { changedLeaves } from '@/lib/client/schema-form/values';
import type { QuotePayload } from '@/lib/client/types';
import { useLedger } from '@/lib/client/use-ledger';
import { Loading } from '@/components/ui/loading';
import { ProblemAlert } from '@/components/ui/problem-alert';
import { dateHintText, LocaleDateInput, usePageLanguage } from '@/components/ui/date-field';
import { SchemaForm } from '@/components/schema-form/schema-form';
import { AmountsTable, type Amounts } from './adjustment-preview';

interface Replayed {
  version: string;
  effectiveDate: string;
  changed: string[];
  reversed: Amounts;
  adjustment: Amounts;
}

interface Preview {
  data: {
    effectiveDate: string;
    daysRemaining: number;
    termDays: number;
    currency: string;
    kind: string;
    adjustment: Amounts;
    outOfSequence: boolean;
    replayed: Replayed[];
    net: Amounts;
  };
}

/** Rating fields an MTA may change: not the term dates or the payment plan (the API refuses those). */
const mtaFields: LeafFilter = (leaf) =>
  leaf.schema['x-rating'] === true && !['policy.dateInception', 'policy.dateExpiry', 'policy.paymentPlan'].includes(leaf.name);

interface Props {
  id: string;
  href: string;
  schema: JsonSchema;
  data: QuotePayload;
  onDone: () => void;
}

/** A click on any button of the form (add, remove, price) changes or re-prices the input. */
function withdrawOnButton(event: MouseEvent<HTMLDivElement>, withdraw: () => void): void {
  if (event.target instanceof Element && event.target.closest('button')) withdraw();
}

/** Mid-term adjustment: change rating fields, see the dry-run price, then confirm. */
export function MtaForm({ id, href, schema, data, onDone }: Props) {
  const ledger = useLedger();
  const queryClient = useQueryClient();
  const [effectiveDate, setEffectiveDate] = useState(() => {
    const inception = String(data.policy.dateInception ?? '');
    return inception > todayIso() ? inception : todayIso();
  });
  const [pending, setPending] = useState<{ body: unknown; preview: Preview }>();
  // While the price is asked for, its place is held: an answer that comes after the click's moment
  // would otherwise push the page below it down (a layout shift the broker did not cause).
  const [pricing, setPricing] = useState(false);
  const [effectiveProblem, setEffectiveProblem] = useState<string | null>(null);
  const language = usePageLanguage();
  const original = { product: schema.properties?.product?.const, ...editablePayload(data) };
  const confirm = useMutation({
    mutationFn: (body: unknown) => ledger.call(href, { method: 'POST', body }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: policyKey(id) });
      onDone();
    },
  });

  const price = async (payload: unknown) => {
    // Only the changed leaves: dated before a later adjustment, the change applies on the version
    // in force on its date, and must not carry the later adjustment's fields back with it.
    const change = (changedLeaves(original, payload) ?? {}) as Record<string, unknown>;
    delete change.product;
    if (Object.keys(change).length === 0) throw new Error('Change at least one field.');
    if (effectiveProblem) throw new Error(`Effective from: ${effectiveProblem}`);
    const body = { effectiveDate, ...change };
    setPricing(true);
    try {
      const preview = await ledger.call<Preview>(href, { method: 'POST', body, query: { dryRun: true } });
      setPending({ body, preview });
    } finally {
      setPricing(false);
    }
  };

  return (
    <div className="panel inset" data-testid="mta-form">
      <h3>Mid-term adjustment</h3>
      {/* A price belongs to the input it priced: any edit (a typed value, a choice, an added or
          removed item) withdraws it, and pricing again shows the new one. Confirm sends the body
          that was priced. */}
      <div onChange={() => setPending(undefined)} onClick={(event) => withdrawOnButton(event, () => setPending(undefined))}>
        <SchemaForm
          schema={schema}
          initial={original}
          filter={mtaFields}
          submitLabel="Price the change"
          busyLabel="Pricing…"
          onSubmit={price}
        >
          <div className="field inline">
            <label htmlFor="mta-effective">Effective from</label>
            <div className="hint" id="mta-effective-hint">
              {dateHintText(language)}
            </div>
            <LocaleDateInput
              id="mta-effective"
              value={effectiveDate}
              invalid={Boolean(effectiveProblem)}
              describedBy={effectiveProblem ? 'mta-effective-hint mta-effective-error' : 'mta-effective-hint'}
              onChange={(iso, typed, problem) => {
                setEffectiveDate(iso ?? typed);
                setEffectiveProblem(problem);
              }}
            />
            {effectiveProblem && (
              <div className="field-error" id="mta-effective-error">
                {effectiveProblem}
              </div>
            )}
          </div>
        </SchemaForm>
      </div>
      {pricing && !pending && (
        <div className="panel inset reserve-preview" aria-busy="true">
          <Loading label="Pricing the change…" />
        </div>
      )}
      {pending && (
        <div className="panel inset" data-testid="mta-preview" aria-live="polite">
          <p>
            <strong>{humanize(pending.preview.data.kind)}</strong>:{' '}
            {formatMoney(pending.preview.data.adjustment.payable, pending.preview.data.currency)} for {pending.preview.data.daysRemaining}{' '}
            of {pending.preview.data.termDays} days from {formatDate(pending.preview.data.effectiveDate)}.
          </p>
          <AmountsTable caption="Adjustment (dry run)" amounts={pending.preview.data.adjustment} currency={pending.preview.data.currency} />
          {pending.preview.data.outOfSequence && <ReplayPreview preview={pending.preview} />}
          <ProblemAlert error={confirm.error} />
          <div className="form-actions">
            <button type="button" disabled={confirm.isPending} onClick={() => confirm.mutate(pending.body)}>
              Confirm adjustment
            </button>
            <button type="button" className="secondary" onClick={() => setPending(undefined)}>
              Change again
            </button>
          </div>
        </div>
      )}
    </div>
  );
}

/** Out of sequence: each later MTA is taken back and applied again on top of this change. */
function ReplayPreview({ preview }: { preview: Preview }) {
  const { currency, replayed, net } = preview.data;
  return (
    <div data-testid="mta-replayed">
      <p>
        This change is dated before {replayed.length === 1 ? 'a later adjustment' : `${replayed.length} later adjustments`}: each is taken
        back and applied again on top of it, re-priced.
      </p>
      <table>
        <caption>Later adjustments applied again</caption>
        <thead>
          <tr>
            <th scope="col">Version</th>
            <th scope="col">From</th>
            <th scope="col">Changed</th>
            <th scope="col">Taken back</th>
            <th scope="col">Charged again</th>
          </tr>
        </thead>
        <tbody>
          {replayed.map((entry) => (
            <tr key={entry.version}>
              <td>{entry.version}</td>
              <td>{formatDate(entry.effectiveDate)}</td>
              <td>{entry.changed.join(', ')}</td>
              <td>{formatMoney(-entry.reversed.payable, currency)}</td>
              <td>{formatMoney(entry.adjustment.payable, currency)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p>
        <strong>Net of all steps</strong>: {formatMoney(net.payable, currency)}
      </p>
      <AmountsTable caption="Net of all steps (dry run)" amounts={net} currency={currency} />
    </div>
  );
}
