'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { problemMessage } from '@/lib/client/problem';
import { quoteKey } from '@/lib/client/queries';
import { useLedger } from '@/lib/client/use-ledger';
import { ConfirmStep } from '@/components/ui/confirm-step';

type Decision = 'approve' | 'reject';

const WORDS: Record<Decision, { button: string; confirm: string; consequence: string; done: string }> = {
  approve: {
    button: 'Approve referral',
    confirm: 'Confirm approval',
    consequence: 'The broker can bind at the quoted premium.',
    done: 'Referral approved',
  },
  reject: {
    button: 'Reject referral',
    confirm: 'Confirm rejection',
    consequence: 'The quote cannot be bound; the broker sees your comment and can copy it into a new quote.',
    done: 'Referral rejected',
  },
};

export const decisionDone = (decision: Decision) => WORDS[decision].done;

/**
 * Approve or reject a referral with a comment (underwriters and admins). A decision cannot be
 * taken back, so the button asks first and the second click, on the named confirmation, sends it.
 */
export function ReferralDecisionForm({
  id,
  quoteNumber,
  onDone,
}: {
  id: string;
  quoteNumber: string;
  onDone?: (decision: Decision) => void;
}) {
  const ledger = useLedger();
  const queryClient = useQueryClient();
  const commentId = useId();
  const [comment, setComment] = useState('');
  const [missing, setMissing] = useState(false);
  const [asking, setAsking] = useState<Decision>();
  const decide = useMutation({
    mutationFn: (decision: Decision) =>
      ledger.call(`/sales/policies/${id}/referrals/decision`, { body: { decision, comment: comment.trim() } }),
    onSuccess: async (_answer, decision) => {
      onDone?.(decision);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: quoteKey(id) }),
        queryClient.invalidateQueries({ queryKey: ['quotes'] }),
      ]);
    },
  });
  // Nothing is sent without a comment, also when it was cleared after the first click.
  const step = (decision: Decision) => {
    if (!comment.trim()) {
      setMissing(true);
      return;
    }
    setMissing(false);
    if (asking === decision) decide.mutate(decision);
    else setAsking(decision);
  };
  const submit = (decision: Decision) => (event: FormEvent) => {
    event.preventDefault();
    step(decision);
  };
  return (
    <form className="decision" noValidate onSubmit={submit(asking ?? 'approve')} aria-label={`Decide referral of ${quoteNumber}`}>
      <div className="field">
        <label htmlFor={commentId}>
          Underwriter’s comment <span className="required-marker">(required)</span>
        </label>
        <textarea
          id={commentId}
          rows={2}
          maxLength={2000}
          required
          value={comment}
          aria-invalid={missing || undefined}
          aria-describedby={missing ? `${commentId}-error` : undefined}
          onChange={(event) => setComment(event.target.value)}
        />
        {missing && (
          <div id={`${commentId}-error`} className="field-error">
            Give a comment for the broker.
          </div>
        )}
      </div>
      {decide.error && (
        <div className="alert" role="alert">
          {problemMessage(decide.error)}
        </div>
      )}
      {asking ? (
        <ConfirmStep
          label={`${WORDS[asking].button} of ${quoteNumber}`}
          confirmLabel={WORDS[asking].confirm}
          busy={decide.isPending}
          danger={asking === 'reject'}
          onConfirm={() => step(asking)}
          onCancel={() => setAsking(undefined)}
        >
          <strong>
            {WORDS[asking].button} of {quoteNumber}?
          </strong>{' '}
          {WORDS[asking].consequence}
        </ConfirmStep>
      ) : (
        <div className="form-actions">
          <button type="submit">{WORDS.approve.button}</button>
          <button type="button" className="danger" onClick={submit('reject')}>
            {WORDS.reject.button}
          </button>
        </div>
      )}
    </form>
  );
}
