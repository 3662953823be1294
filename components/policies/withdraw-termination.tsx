'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formatDate, formatMoney } from '@/lib/client/format';
import { policyKey } from '@/lib/client/policy-queries';
import { problemMessage } from '@/lib/client/problem';
import { useLedger } from '@/lib/client/use-ledger';

interface Preview {
  data: {
    effectiveDate: string;
    creditNoteNumber: string;
    charge: { payable: number } | null;
    invoiceNumber: string | null;
  };
}

/** Withdraw a pending termination: the dry run says what is charged back, then confirm. */
export function WithdrawTermination({ id, href, currency, onDone }: { id: string; href: string; currency: string; onDone: () => void }) {
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
    <div className="panel inset" data-testid="withdraw-termination">
      <h3>Withdraw the termination</h3>
      {run.error && (
        <div className="alert" role="alert">
          {problemMessage(run.error)}
        </div>
      )}
      {!preview ? (
        <div className="form-actions">
          <button type="button" className="secondary" disabled={run.isPending} onClick={() => run.mutate(true)}>
            Preview the withdrawal
          </button>
        </div>
      ) : (
        <div aria-live="polite" data-testid="withdraw-preview">
          <p>
            The termination from {formatDate(preview.data.effectiveDate)} is withdrawn: credit note {preview.data.creditNoteNumber} is
            reversed ({formatMoney(preview.data.charge?.payable ?? 0, currency)} charged again) and the instalments are restored.
          </p>
          <div className="form-actions">
            <button type="button" disabled={run.isPending} onClick={() => run.mutate(false)}>
              Confirm withdrawal
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
