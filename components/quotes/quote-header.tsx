import Link from 'next/link';
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
      </div>
      <div className="header-side">
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
