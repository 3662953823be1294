'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { formatDate, formatMoney, humanize, todayIso } from '@/lib/client/format';
import { policyKey } from '@/lib/client/policy-queries';
import { LedgerProblem, problemMessage } from '@/lib/client/problem';
import { useLedger } from '@/lib/client/use-ledger';
import { AmountsTable, type Amounts } from './adjustment-preview';

const TYPES = ['pro-rata', 'short-rate', 'flat'] as const;

interface Preview {
  data: {
    effectiveDate: string;
    appliedType: string;
    coolingOff: boolean;
    currency: string;
    returnPremium: Amounts;
    feesKept: number;
    taxReturned: number;
  };
}

/** Terminate: choose date, type and reason, see the dry-run refund, then confirm. */
export function TerminationForm({ id, href, inception, onDone }: { id: string; href: string; inception: string; onDone: () => void }) {
  const ledger = useLedger();
  const queryClient = useQueryClient();
  const [effectiveDate, setEffectiveDate] = useState(() => (inception > todayIso() ? inception : todayIso()));
  const [terminationType, setType] = useState<(typeof TYPES)[number]>('pro-rata');
  const [reason, setReason] = useState('');
  const [preview, setPreview] = useState<Preview>();
  const body = { reason: reason.trim(), terminationType, ...(terminationType === 'flat' ? {} : { effectiveDate }) };
  const run = useMutation({
    mutationFn: (dryRun: boolean) => ledger.call<Preview>(href, { method: 'POST', body, query: { dryRun } }),
    onSuccess: async (answer, dryRun) => {
      if (dryRun) return setPreview(answer);
      await queryClient.invalidateQueries({ queryKey: policyKey(id) });
      onDone();
    },
  });
  const fieldError = (pointer: string) =>
    run.error instanceof LedgerProblem ? run.error.fieldErrors.find((error) => error.path === pointer)?.message : undefined;
  const reasonError = fieldError('/reason');
  const dateError = fieldError('/effectiveDate');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setPreview(undefined);
    run.mutate(true);
  };
  return (
    <form className="panel inset" onSubmit={submit} data-testid="termination-form" noValidate>
      <h3>Terminate the policy</h3>
      <div className="grid">
        <div className="field">
          <label htmlFor="termination-type">Termination type</label>
          <select id="termination-type" value={terminationType} onChange={(event) => setType(event.target.value as (typeof TYPES)[number])}>
            {TYPES.map((type) => (
              <option key={type} value={type}>
                {humanize(type)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="termination-date">Effective from</label>
          <input
            id="termination-date"
            type="date"
            value={effectiveDate}
            disabled={terminationType === 'flat'}
            aria-invalid={dateError ? true : undefined}
            aria-describedby={dateError ? 'termination-date-error' : undefined}
            onChange={(event) => setEffectiveDate(event.target.value)}
          />
          {terminationType === 'flat' && <div className="hint">Flat terminations run from inception.</div>}
          {dateError && (
            <div id="termination-date-error" className="field-error">
              {dateError}
            </div>
          )}
        </div>
      </div>
      <div className="field">
        <label htmlFor="termination-reason">Reason</label>
        <input
          id="termination-reason"
          value={reason}
          maxLength={500}
          aria-invalid={reasonError ? true : undefined}
          aria-describedby={reasonError ? 'termination-reason-error' : undefined}
          onChange={(event) => setReason(event.target.value)}
        />
        {reasonError && (
          <div id="termination-reason-error" className="field-error">
            {reasonError}
          </div>
        )}
      </div>
      {run.error && !reasonError && !dateError && (
        <div className="alert" role="alert">
          {problemMessage(run.error)}
        </div>
      )}
      <div className="form-actions">
        <button type="submit" className="secondary" disabled={run.isPending}>
          Preview the refund
        </button>
      </div>
      {preview && (
        <div className="panel inset" data-testid="termination-preview" aria-live="polite">
          <p>
            Return premium <strong>{formatMoney(preview.data.returnPremium.payable, preview.data.currency)}</strong> (
            {humanize(preview.data.appliedType)}
            {preview.data.coolingOff ? ', cooling-off' : ''}) from {formatDate(preview.data.effectiveDate)}; fees kept{' '}
            {formatMoney(preview.data.feesKept, preview.data.currency)}.
          </p>
          <AmountsTable caption="Refund (dry run)" amounts={preview.data.returnPremium} currency={preview.data.currency} />
          <div className="form-actions">
            <button type="button" className="danger" disabled={run.isPending} onClick={() => run.mutate(false)}>
              Confirm termination
            </button>
          </div>
        </div>
      )}
    </form>
  );
}
