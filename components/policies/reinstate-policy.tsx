'use client';

import { formatDate, formatMoney } from '@/lib/client/format';
import { AmountsTable, type Amounts } from './adjustment-preview';
import { DryRunAction } from './dry-run-action';

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
  return (
    <DryRunAction<Preview>
      id={id}
      href={href}
      title="Reinstate the policy"
      testId="reinstate-policy"
      previewTestId="reinstate-preview"
      previewLabel="Preview the reinstatement"
      confirmLabel="Confirm reinstatement"
      onDone={onDone}
      describe={(preview) => (
        <>
          <p>
            Cover is restored from {formatDate(preview.data.effectiveDate)}: credit note {preview.data.creditNoteNumber} is reversed (
            <strong>{formatMoney(preview.data.charge?.payable ?? 0, preview.data.currency)}</strong> charged again) and the instalments are
            restored.
            {preview.data.reinstatableUntil ? ` Possible until ${formatDate(preview.data.reinstatableUntil)}.` : ''}
          </p>
          {preview.data.charge && (
            <AmountsTable caption="Charged back (dry run)" amounts={preview.data.charge} currency={preview.data.currency} />
          )}
        </>
      )}
    />
  );
}
