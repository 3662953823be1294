'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { pageLanguage } from '@/lib/client/language';
import { inWords } from '@/lib/client/messages';
import { formatDate, formatMoney, humanize } from '@/lib/client/format';
import { LedgerProblem } from '@/lib/client/problem';
import { quoteKey } from '@/lib/client/queries';
import type { LinkMap } from '@/lib/client/types';
import { canDecideReferrals, useLedger } from '@/lib/client/use-ledger';
import { ConfirmStep } from '@/components/ui/confirm-step';
import { ProblemAlert } from '@/components/ui/problem-alert';
import { ReferralDecisionForm } from '@/components/referrals/referral-decision-form';
import { DeclineForm } from './decline-form';
import { DownloadButton } from './download-button';
import { IssueProgress } from './issue-progress';
import { ReferForm } from './refer-form';

type Panel = 'refer' | 'decline' | 'decide' | 'bind' | 'issue' | null;

interface Props {
  id: string;
  quoteNumber: string;
  /** The quote's status: after a rejection or a decline, copying is the way forward. */
  status?: string;
  links: LinkMap;
  /** What a confirmation names: the premium, the plan and the start of cover. */
  terms?: { payable: number | null; currency: string; plan: string; inception?: string };
  /** The premium is being loaded again: a confirmation must not name the old one, so Bind waits. */
  pricing?: boolean;
  /** Fields still needed before bind: Bind stays disabled, with the reason, until there are none. */
  blockers?: number;
  /** The plan whose schedule is on screen: Bind binds the quote's plan, so it waits while another is previewed. */
  previewedPlan?: string;
}

const ENDED = new Set(['referral-rejected', 'declined']);

/** The buttons the actions call allows, following its links; nothing the links leave out is shown. */
export function QuoteActions({ id, quoteNumber, status, links, terms, pricing = false, blockers = 0, previewedPlan }: Props) {
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
  // The server's list of what bind still needs (missing fields, a start date that has passed) is
  // on the page; Bind waits for it to be empty rather than failing on click.
  const bindBlocked =
    blockers > 0
      ? `Bind is possible once ${blockers === 1 ? 'the point' : `the ${blockers} points`} under “Needed before bind” ${blockers === 1 ? 'is' : 'are'} done.`
      : pricing
        ? 'Bind waits while the premium is worked out again.'
        : terms && previewedPlan && previewedPlan !== terms.plan
          ? `The schedule shows the ${humanize(previewedPlan)} plan, but the quote is priced on ${humanize(terms.plan)}: use the ${humanize(previewedPlan)} plan or switch back before binding.`
          : undefined;
  const amount = terms ? formatMoney(terms.payable, terms.currency) : '';
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
          <button
            type="button"
            disabled={busy || bindBlocked !== undefined}
            aria-describedby={bindBlocked ? 'bind-blocked' : undefined}
            aria-expanded={panel === 'bind'}
            onClick={() => setPanel('bind')}
          >
            Bind
          </button>
        )}
        {has('quote:issue') && (
          <button type="button" disabled={busy} aria-expanded={panel === 'issue'} onClick={() => setPanel('issue')}>
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
      {has('quote:bind') && bindBlocked && (
        <p id="bind-blocked" className="hint" data-testid="bind-blocked">
          {bindBlocked}
        </p>
      )}
      {panel === 'bind' && !bindBlocked && (
        <ConfirmStep
          label={`Bind ${quoteNumber}`}
          confirmLabel="Confirm bind"
          busy={busy}
          onConfirm={() => post.mutate({ key: 'quote:bind', body: {} })}
          onCancel={() => setPanel(null)}
        >
          <strong>
            Bind {quoteNumber} at {amount}
          </strong>
          {terms && (
            <>
              {' '}
              ({humanize(terms.plan)} plan), cover from {formatDate(terms.inception)}?
            </>
          )}{' '}
          The customer is committed to these terms; the data can no longer change except the fields allowed after bind.
        </ConfirmStep>
      )}
      {panel === 'issue' && (
        <ConfirmStep
          label={`Issue ${quoteNumber}`}
          confirmLabel="Confirm issue"
          busy={busy}
          onConfirm={() => post.mutate({ key: 'quote:issue', body: {} })}
          onCancel={() => setPanel(null)}
        >
          <strong>
            Issue the policy for {quoteNumber} at {amount}?
          </strong>{' '}
          The policy is numbered, the first invoice and the instalments are raised, and the documents are produced.
        </ConfirmStep>
      )}
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
            <li key={`${error.path}-${error.message}`}>{inWords(error.message, pageLanguage())}</li>
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
