import Link from 'next/link';
import { useState } from 'react';
import { formatDateTime, humanize } from '@/lib/client/format';
import type { QuoteMeta } from '@/lib/client/types';
import { CopyButton } from '@/components/ui/copy-button';
import { StatusBadge } from '@/components/ui/status-badge';

export function QuoteHeader({ id, meta, customerName }: { id: string; meta: QuoteMeta; customerName: string }) {
  return (
    <header className="record-header">
      <div>
        <p className="eyebrow">
          {humanize(meta.product)} quote{meta.renewalOf ? ' · renewal' : ''}
        </p>
        <h1>
          {meta.quoteNumber} <span className="muted">· {customerName}</span>
        </h1>
        <CopyButton text={meta.quoteNumber} what="quote number" />
        <p className="muted">Last changed {formatDateTime(meta.updatedAt)}</p>
        {meta.validUntil && <QuoteValidity validUntil={meta.validUntil} />}
      </div>
      {/* Room for the link an issue brings, held from the start, so its coming moves nothing. */}
      <div className="header-side reserve-policy-link">
        <StatusBadge status={meta.status} testId="quote-status" />
        {meta.status === 'issued' && (
          <Link className="button" href={`/policies/${id}`}>
            Open policy {meta.policyNumber}
          </Link>
        )}
      </div>
    </header>
  );
}

/** When the price expires; once past, bind and issue wait for a recalculation. */
function QuoteValidity({ validUntil }: { validUntil: string }) {
  // The time the page was shown: the answer says when it expires, the page only words it.
  const [shownAt] = useState(() => Date.now());
  const expired = Date.parse(validUntil) < shownAt;
  return (
    <p className={expired ? 'alert' : 'muted'} data-testid="quote-validity" role={expired ? 'status' : undefined}>
      {expired
        ? `The price expired on ${formatDateTime(validUntil)}: recalculate the quote before binding or issuing it.`
        : `Price valid until ${formatDateTime(validUntil)}.`}
    </p>
  );
}
