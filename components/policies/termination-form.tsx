'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { formatDate, formatMoney, humanize, todayIso } from '@/lib/client/format';
import { policyKey } from '@/lib/client/policy-queries';
import { useProducts } from '@/lib/client/queries';
import { LedgerProblem, problemMessage } from '@/lib/client/problem';
import { useLedger } from '@/lib/client/use-ledger';
import { dateHintText, LocaleDateInput, usePageLanguage } from '@/components/ui/date-field';
import { AmountsTable, type Amounts } from './adjustment-preview';

const TYPES = ['pro-rata', 'short-rate', 'flat'] as const;

interface Preview {
  data: {
    effectiveDate: string;
    appliedType: string;
    coolingOff: boolean;
    cancellationFromInception: boolean;
    currency: string;
    returnPremium: Amounts;
    feesKept: number;
    taxReturned: number;
  };
}

interface TerminationBody {
  reason: string;
  note?: string;
  terminationType: (typeof TYPES)[number];
  effectiveDate?: string;
}

function sameBody(a: TerminationBody, b: TerminationBody): boolean {
  return a.reason === b.reason && a.note === b.note && a.terminationType === b.terminationType && a.effectiveDate === b.effectiveDate;
}

/** Terminate: choose date, type and reason, see the dry-run refund, then confirm exactly what was previewed. */
export function TerminationForm({
  id,
  href,
  inception,
  schemaPath,
  onDone,
}: {
  id: string;
  href: string;
  inception: string;
  schemaPath: string;
  onDone: () => void;
}) {
  const ledger = useLedger();
  // The product's own reasons (GET /products): the policy names its product by its schema path.
  const products = useProducts();
  const reasons = products.data?.find((product) => product.schemaPath === schemaPath)?.terminationReasons ?? [];
  const queryClient = useQueryClient();
  const [effectiveDate, setEffectiveDate] = useState(() => (inception > todayIso() ? inception : todayIso()));
  const [terminationType, setType] = useState<(typeof TYPES)[number]>('pro-rata');
  const [reason, setReason] = useState('');
  const [note, setNote] = useState('');
  const [preview, setPreview] = useState<{ answer: Preview; body: TerminationBody }>();
  // What is wrong with the typed date, said once the person leaves the field or asks for a preview.
  const [dateProblem, setDateProblem] = useState<{ text: string; shown: boolean } | null>(null);
  const language = usePageLanguage();
  const body: TerminationBody = {
    reason,
    ...(note.trim() ? { note: note.trim() } : {}),
    terminationType,
    ...(terminationType === 'flat' ? {} : { effectiveDate }),
  };
  // A preview belongs to the exact input it priced: once a field changes it is no longer shown,
  // and Confirm sends the body that was previewed, never the form's newer state.
  const previewed = preview && sameBody(preview.body, body) ? preview : undefined;
  const run = useMutation({
    mutationFn: ({ dryRun, sent }: { dryRun: boolean; sent: TerminationBody }) =>
      ledger.call<Preview>(href, { method: 'POST', body: sent, query: { dryRun } }),
    onSuccess: async (answer, { dryRun, sent }) => {
      if (dryRun) return setPreview({ answer, body: sent });
      await queryClient.invalidateQueries({ queryKey: policyKey(id) });
      onDone();
    },
  });
  const fieldError = (pointer: string) =>
    run.error instanceof LedgerProblem ? run.error.fieldErrors.find((error) => error.path === pointer)?.message : undefined;
  const reasonError = fieldError('/reason');
  const noteError = fieldError('/note');
  const dateError = (dateProblem?.shown ? dateProblem.text : undefined) ?? fieldError('/effectiveDate');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setPreview(undefined);
    if (dateProblem && terminationType !== 'flat') return setDateProblem({ ...dateProblem, shown: true });
    run.mutate({ dryRun: true, sent: body });
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
          {terminationType === 'flat' ? (
            <div className="hint" id="termination-date-hint">
              Flat terminations run from inception.
            </div>
          ) : (
            <div className="hint" id="termination-date-hint">
              {dateHintText(language)}. On or before inception ({formatDate(inception)}): cancellation from inception, not taken up.
            </div>
          )}
          <LocaleDateInput
            id="termination-date"
            value={effectiveDate}
            disabled={terminationType === 'flat'}
            invalid={Boolean(dateError)}
            describedBy={dateError ? 'termination-date-hint termination-date-error' : 'termination-date-hint'}
            onBlur={() => setDateProblem((problem) => problem && { ...problem, shown: true })}
            onChange={(iso, typed, problem) => {
              setEffectiveDate(iso ?? typed);
              setDateProblem(problem ? { text: problem, shown: false } : null);
            }}
          />
          {dateError && (
            <div id="termination-date-error" className="field-error">
              {dateError}
            </div>
          )}
        </div>
      </div>
      <div className="field">
        <label htmlFor="termination-reason">Reason</label>
        <select
          id="termination-reason"
          value={reason}
          aria-invalid={reasonError ? true : undefined}
          aria-describedby={reasonError ? 'termination-reason-error' : undefined}
          onChange={(event) => setReason(event.target.value)}
        >
          <option value="">Choose a reason</option>
          {reasons.map((option) => (
            <option key={option.code} value={option.code}>
              {option.label}
            </option>
          ))}
        </select>
        {reasonError && (
          <div id="termination-reason-error" className="field-error">
            {reasonError}
          </div>
        )}
      </div>
      <div className="field">
        <label htmlFor="termination-note">Note</label>
        <input
          id="termination-note"
          value={note}
          maxLength={500}
          aria-invalid={noteError ? true : undefined}
          aria-describedby={noteError ? 'termination-note-error' : undefined}
          onChange={(event) => setNote(event.target.value)}
        />
        {noteError && (
          <div id="termination-note-error" className="field-error">
            {noteError}
          </div>
        )}
      </div>
      {run.error && !reasonError && !noteError && !dateError && (
        <div className="alert" role="alert">
          {problemMessage(run.error)}
        </div>
      )}
      <div className="form-actions">
        <button type="submit" className="secondary" disabled={run.isPending}>
          Preview the refund
        </button>
      </div>
      {preview && !previewed && (
        <p className="hint" role="status" data-testid="termination-preview-stale">
          The terms changed since the preview: preview the refund again to confirm.
        </p>
      )}
      {previewed && (
        <div className="panel inset" data-testid="termination-preview" aria-live="polite">
          <p>
            Return premium <strong>{formatMoney(previewed.answer.data.returnPremium.payable, previewed.answer.data.currency)}</strong> (
            {humanize(previewed.answer.data.appliedType)}
            {previewed.answer.data.coolingOff ? ', cooling-off' : ''}
            {previewed.answer.data.cancellationFromInception ? ', cancellation from inception: not taken up' : ''}) from{' '}
            {formatDate(previewed.answer.data.effectiveDate)}; fees kept{' '}
            {formatMoney(previewed.answer.data.feesKept, previewed.answer.data.currency)}.
          </p>
          <AmountsTable
            caption="Refund (dry run)"
            amounts={previewed.answer.data.returnPremium}
            currency={previewed.answer.data.currency}
          />
          <div className="form-actions">
            <button
              type="button"
              className="danger"
              disabled={run.isPending}
              onClick={() => run.mutate({ dryRun: false, sent: previewed.body })}
            >
              Confirm termination
            </button>
          </div>
        </div>
      )}
    </form>
  );
}
