'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { policyKey } from '@/lib/client/policy-queries';
import { problemMessage } from '@/lib/client/problem';
import { useLedger } from '@/lib/client/use-ledger';

interface Props<P> {
  id: string;
  /** The action's link (`policy:reinstate`, `policy:withdraw-termination`): POSTed with `dryRun`. */
  href: string;
  title: string;
  testId: string;
  previewTestId: string;
  previewLabel: string;
  confirmLabel: string;
  /** What the dry run says will happen, shown above the confirm button. */
  describe: (preview: P) => ReactNode;
  onDone: () => void;
}

/** A policy action without input: the dry run says what it will do, then Confirm does it. */
export function DryRunAction<P>({ id, href, title, testId, previewTestId, previewLabel, confirmLabel, describe, onDone }: Props<P>) {
  const ledger = useLedger();
  const queryClient = useQueryClient();
  const [preview, setPreview] = useState<P>();
  const run = useMutation({
    mutationFn: (dryRun: boolean) => ledger.call<P>(href, { method: 'POST', body: {}, query: { dryRun } }),
    onSuccess: async (answer, dryRun) => {
      if (dryRun) return setPreview(answer);
      await queryClient.invalidateQueries({ queryKey: policyKey(id) });
      onDone();
    },
  });
  return (
    <div className="panel inset" data-testid={testId}>
      <h3>{title}</h3>
      {run.error && (
        <div className="alert" role="alert">
          {problemMessage(run.error)}
        </div>
      )}
      {preview === undefined ? (
        <div className="form-actions">
          <button type="button" className="secondary" disabled={run.isPending} onClick={() => run.mutate(true)}>
            {previewLabel}
          </button>
        </div>
      ) : (
        <div aria-live="polite" data-testid={previewTestId}>
          {describe(preview)}
          <div className="form-actions">
            <button type="button" disabled={run.isPending} onClick={() => run.mutate(false)}>
              {confirmLabel}
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
