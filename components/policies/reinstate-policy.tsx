'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formatDate, formatMoney } from '@/lib/client/format';
import { policyKey } from '@/lib/client/policy-queries';
import { problemMessage } from '@/lib/client/problem';
import { useLedger } from '@/lib/client/use-ledger';
import { AmountsTable, type Amounts } from './adjustment-preview';

interface Preview {
  data: {
    effectiveDate: string;
    reinstatableUntil: string | null;
    creditNoteNumber: string;
    currency: string;
    charge: Amounts | null;
    invoiceNumber: string | null;
  };
}

/** Reinstate a terminated policy: the dry run says what is charged back, then confirm. */
export function ReinstatePolicy({ id, href, onDone }: { id: string; href: string; onDone: () => void }) {
  const ledger = useLedger();
  const queryClient = useQueryClient();
  const [preview, setPreview] = useState<Preview>();
  const run = useMutation({
    mutationFn: (dryRun: boolean) => ledger.call<Preview>(href, { method: 'POST', body: {}, query: { dryRun } }),
    onSuccess: async (answer, dryRun) => {
      if (dryRun) return setPreview(answer);
      await queryClient.invalidateQueries({ queryKey: policyKey(id) });
      onDone();
    },
  });
  return (
    <div className="panel inset" data-testid="reinstate-policy">
      <h3>Reinstate the policy</h3>
      {run.error && (
        <div className="alert" role="alert">
          {problemMessage(run.error)}
        </div>
      )}
      {!preview ? (
        <div className="form-actions">
          <button type="button" className="secondary" disabled={run.isPending} onClick={() => run.mutate(true)}>
            Preview the reinstatement
          </button>
        </div>
      ) : (
        <div aria-live="polite" data-testid="reinstate-preview">
          <p>
            Cover is restored from {formatDate(preview.data.effectiveDate)}: credit note {preview.data.creditNoteNumber} is reversed (
            <strong>{formatMoney(preview.data.charge?.payable ?? 0, preview.data.currency)}</strong> charged again) and the instalments are
            restored.
            {preview.data.reinstatableUntil ? ` Possible until ${formatDate(preview.data.reinstatableUntil)}.` : ''}
          </p>
          {preview.data.charge && (
            <AmountsTable caption="Charged back (dry run)" amounts={preview.data.charge} currency={preview.data.currency} />
          )}
          <div className="form-actions">
            <button type="button" disabled={run.isPending} onClick={() => run.mutate(false)}>
              Confirm reinstatement
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
