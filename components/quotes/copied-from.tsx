'use client';

import Link from 'next/link';
import { formatDate, humanize } from '@/lib/client/format';
import { useQuote } from '@/lib/client/queries';

/** On a copy's first edit: where it came from, and what the underwriter or the customer said there. */
export function CopiedFrom({ id }: { id: string }) {
  const source = useQuote(id);
  const meta = source.data?.meta;
  if (!meta) return null;
  const decision = meta.referral?.decision;
  return (
    <div className="notice" data-testid="copied-from">
      <p>
        A copy of <Link href={`/quotes/${id}`}>{meta.quoteNumber}</Link>. Change what is needed, save, and calculate again.
      </p>
      {decision && (
        <p>
          <strong>{decision.decision === 'approve' ? 'Referral approved' : 'Referral rejected'}</strong> on {formatDate(decision.decidedAt)}
          : “{decision.comment}”
        </p>
      )}
      {meta.decline && (
        <p>
          <strong>Declined by the customer</strong> on {formatDate(meta.decline.declinedAt)}: {humanize(meta.decline.reason)}.
        </p>
      )}
    </div>
  );
}
