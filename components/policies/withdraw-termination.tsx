'use client';

import { formatDate, formatMoney } from '@/lib/client/format';
import { DryRunAction } from './dry-run-action';

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
  return (
    <DryRunAction<Preview>
      id={id}
      href={href}
      title="Withdraw the termination"
      testId="withdraw-termination"
      previewTestId="withdraw-preview"
      previewLabel="Preview the withdrawal"
      confirmLabel="Confirm withdrawal"
      onDone={onDone}
      describe={(preview) => (
        <p>
          The termination from {formatDate(preview.data.effectiveDate)} is withdrawn: credit note {preview.data.creditNoteNumber} is
          reversed ({formatMoney(preview.data.charge?.payable ?? 0, currency)} charged again) and the instalments are restored.
        </p>
      )}
    />
  );
}
