'use client';

import Link from 'next/link';
import { useState } from 'react';
import { formatDate, formatMoney, humanize } from '@/lib/client/format';
import { pageLanguage } from '@/lib/client/language';
import { inWords } from '@/lib/client/messages';
import { usePolicy } from '@/lib/client/policy-queries';
import { useProductSchema } from '@/lib/client/queries';
import { DefinitionList } from '@/components/ui/definition-list';
import { Loading, PanelPlaceholder } from '@/components/ui/loading';
import { ProblemAlert } from '@/components/ui/problem-alert';
import { CopyButton } from '@/components/ui/copy-button';
import { StatusBadge } from '@/components/ui/status-badge';
import { PayloadView } from '@/components/schema-form/payload-view';
import { DocumentList } from './document-list';
import { InvoicesView } from './invoices-view';
import { PaymentsPanel } from './payments-panel';
import { PolicyActions } from './policy-actions';
import { VersionTimeline } from './version-timeline';

export function PolicyView({ id }: { id: string }) {
  const [version, setVersion] = useState<string>();
  const policy = usePolicy(id, version);
  const schema = useProductSchema(policy.data?.meta.product);
  if (policy.isPending) return <Loading label="Loading the policy…" />;
  if (!policy.data) {
    // The page keeps its heading when the policy cannot be read (a wrong or foreign link).
    return (
      <div className="stack">
        <h1>Policy</h1>
        <ProblemAlert error={policy.error} />
      </div>
    );
  }
  const { meta, data } = policy.data;
  const latest = meta.version === meta.latestVersion;
  const customer = [data.customer.firstName, data.customer.lastName].filter(Boolean).join(' ');
  return (
    <div className="stack">
      <header className="record-header">
        <div>
          <p className="eyebrow">{humanize(meta.product)} policy</p>
          <h1>
            {meta.policyNumber} <span className="muted">· {customer}</span>
          </h1>
          {meta.policyNumber && <CopyButton text={meta.policyNumber} what="policy number" />}
          <p className="muted">
            From quote <Link href={`/quotes/${id}`}>{meta.quoteNumber}</Link>
            {meta.renewal.quoteId && (
              <>
                {' '}
                · renewal quote <Link href={`/quotes/${meta.renewal.quoteId}`}>in progress</Link>
              </>
            )}
            {meta.renewal.reason === 'not-renewable' && <> · {inWords(meta.renewal.detail ?? '', pageLanguage())}</>}
          </p>
        </div>
        <div className="header-side">
          <StatusBadge status={meta.status} testId="policy-status" />
        </div>
      </header>
      <ProblemAlert error={policy.error} />
      <DefinitionList
        items={[
          { label: 'Cover', value: `${formatDate(String(data.policy.dateInception))} – ${formatDate(String(data.policy.dateExpiry))}` },
          {
            label: 'Premium for the term',
            value: <span data-testid="period-premium">{formatMoney(meta.periodPremium, meta.currency)}</span>,
          },
          {
            label: 'Version shown',
            value: <span data-testid="version-shown">{`${meta.version} of ${meta.latestVersion} (${meta.versionLabel})`}</span>,
          },
          { label: 'Effective from', value: formatDate(meta.effectiveFrom) },
          ...(meta.pendingTermination
            ? [
                {
                  label: 'Termination pending',
                  value: (
                    <span data-testid="pending-termination">
                      {`from ${formatDate(meta.pendingTermination.effectiveDate)} (${humanize(meta.pendingTermination.terminationType)}); cover runs until then`}
                    </span>
                  ),
                },
              ]
            : meta.terminatedAt
              ? [
                  { label: 'Terminated from', value: formatDate(meta.terminatedAt) },
                  ...(meta.reinstatement
                    ? [
                        {
                          label: 'Reinstatement',
                          value: (
                            <span data-testid="reinstatement">
                              {meta.reinstatement.eligible && meta.reinstatement.until
                                ? `possible until ${formatDate(meta.reinstatement.until)}`
                                : `not possible: ${meta.reinstatement.reason ?? 'not terminated'}`}
                            </span>
                          ),
                        },
                      ]
                    : []),
                ]
              : []),
        ]}
      />
      {latest &&
        (schema.data ? (
          <PolicyActions key={meta.version} id={id} policy={policy.data} schema={schema.data} />
        ) : (
          <PanelPlaceholder title="Actions" label="Loading the actions…" size="button-row" />
        ))}
      {!latest && (
        <p className="hint" role="note">
          An earlier version is shown; changes start from the latest version.
        </p>
      )}
      <div className="columns">
        <div className="stack">
          <VersionTimeline
            versions={meta.versions}
            selected={meta.version}
            onSelect={(next) => setVersion(next === meta.latestVersion ? undefined : next)}
          />
          <DocumentList id={id} />
        </div>
        <section className="panel" aria-labelledby="policy-data-title">
          <h2 id="policy-data-title">Policy data (version {meta.version})</h2>
          {schema.data ? <PayloadView schema={schema.data} data={data} /> : <Loading reserve="table" />}
        </section>
      </div>
      <PaymentsPanel id={id} />
      <InvoicesView id={id} />
    </div>
  );
}
