'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { LedgerProblem } from '@/lib/client/problem';
import { quoteKey } from '@/lib/client/queries';
import type { LinkMap } from '@/lib/client/types';
import { canDecideReferrals, useLedger } from '@/lib/client/use-ledger';
import { ProblemAlert } from '@/components/ui/problem-alert';
import { ReferralDecisionForm } from '@/components/referrals/referral-decision-form';
import { DeclineForm } from './decline-form';
import { DownloadButton } from './download-button';
import { IssueProgress } from './issue-progress';
import { ReferForm } from './refer-form';

type Panel = 'refer' | 'decline' | 'decide' | null;

interface Props {
  id: string;
  quoteNumber: string;
  /** The quote's status: after a rejection or a decline, copying is the way forward. */
  status?: string;
  links: LinkMap;
}

const ENDED = new Set(['referral-rejected', 'declined']);

/** The buttons the actions call allows, following its links; nothing the links leave out is shown. */
export function QuoteActions({ id, quoteNumber, status, links }: Props) {
  const ledger = useLedger();
  const router = useRouter();
  const queryClient = useQueryClient();
  const [panel, setPanel] = useState<Panel>(null);
  const [requestId, setRequestId] = useState<string>();
  const refresh = () =>
    Promise.all([queryClient.invalidateQueries({ queryKey: quoteKey(id) }), queryClient.invalidateQueries({ queryKey: ['quotes'] })]);
  const post = useMutation({
    mutationFn: ({ key, body }: { key: string; body: unknown }) =>
      ledger.call<{ requestId?: string }>(links[key]!.href, { method: 'POST', body }),
    onSuccess: async (answer, { key }) => {
      setPanel(null);
      if (key === 'quote:issue' && answer?.requestId) setRequestId(answer.requestId);
      else await refresh();
    },
    onError: () => refresh(),
  });
  // A copy is a new draft: open it for editing, carrying where it came from (and so the comment).
  const copy = useMutation({
    mutationFn: () => ledger.call<{ policy: { id: string } }>(links['quote:copy']!.href, { method: 'POST', body: {} }),
    onSuccess: async (answer) => {
      await queryClient.invalidateQueries({ queryKey: ['quotes'] });
      router.push(`/quotes/${answer.policy.id}/edit?from=${id}`);
    },
  });
  const busy = post.isPending || copy.isPending || requestId !== undefined;
  const has = (key: string) => key in links;
  const fieldErrors = post.error instanceof LedgerProblem ? post.error.fieldErrors : [];

  return (
    <section className="panel actions" aria-labelledby="actions-title">
      <h2 id="actions-title">Actions</h2>
      <div className="button-row">
        {has('quote:update') && (
          <Link className="button secondary" href={`/quotes/${id}/edit`}>
            Edit
          </Link>
        )}
        {has('quote:calculate') && (
          <button type="button" disabled={busy} onClick={() => post.mutate({ key: 'quote:calculate', body: {} })}>
            Calculate
          </button>
        )}
        {has('quote:download') && (
          <DownloadButton
            href={links['quote:download']!.href}
            method="POST"
            label="Download offer"
            fallbackName={`${quoteNumber}-offer.pdf`}
          />
        )}
        {has('quote:refer') && (
          <button type="button" className="secondary" disabled={busy} aria-expanded={panel === 'refer'} onClick={() => setPanel('refer')}>
            Refer
          </button>
        )}
        {has('quote:referral-decision') && canDecideReferrals(ledger.roles) && (
          <button type="button" className="secondary" disabled={busy} aria-expanded={panel === 'decide'} onClick={() => setPanel('decide')}>
            Decide referral
          </button>
        )}
        {has('quote:decline') && (
          <button
            type="button"
            className="secondary danger-text"
            disabled={busy}
            aria-expanded={panel === 'decline'}
            onClick={() => setPanel('decline')}
          >
            Decline
          </button>
        )}
        {has('quote:bind') && (
          <button type="button" disabled={busy} onClick={() => post.mutate({ key: 'quote:bind', body: {} })}>
            Bind
          </button>
        )}
        {has('quote:issue') && (
          <button type="button" disabled={busy} onClick={() => post.mutate({ key: 'quote:issue', body: {} })}>
            Issue policy
          </button>
        )}
        {has('quote:copy') && (
          <button
            type="button"
            className={status && ENDED.has(status) ? undefined : 'secondary'}
            disabled={busy}
            onClick={() => copy.mutate()}
          >
            Copy into a new quote
          </button>
        )}
      </div>
      {status === 'referral-rejected' && (
        <p className="hint">
          This quote cannot be bound. Copy it into a new quote, change what the underwriter asked for, and calculate again.
        </p>
      )}
      {status === 'declined' && <p className="hint">The customer declined this quote. Copy it to quote again with changes.</p>}
      {(post.isPending || copy.isPending) && (
        <p role="status" className="muted">
          Working…
        </p>
      )}
      <ProblemAlert error={post.error ?? copy.error} />
      {fieldErrors.length > 0 && (
        <ul className="field-problems">
          {fieldErrors.map((error) => (
            <li key={`${error.path}-${error.message}`}>{error.message}</li>
          ))}
        </ul>
      )}
      {panel === 'refer' && (
        <ReferForm
          busy={busy}
          onCancel={() => setPanel(null)}
          onSubmit={(comment) => post.mutate({ key: 'quote:refer', body: { comment } })}
        />
      )}
      {panel === 'decline' && (
        <DeclineForm
          busy={busy}
          onCancel={() => setPanel(null)}
          onSubmit={({ reason, declinedAt }) => post.mutate({ key: 'quote:decline', body: [{ reason }, { declinedAt }] })}
        />
      )}
      {panel === 'decide' && (
        <div className="panel inset">
          <ReferralDecisionForm id={id} quoteNumber={quoteNumber} onDone={() => setPanel(null)} />
        </div>
      )}
      {requestId && <IssueProgress quoteId={id} requestId={requestId} />}
    </section>
  );
}
