'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { problemMessage } from '@/lib/client/problem';
import { quoteKey } from '@/lib/client/queries';
import { useLedger } from '@/lib/client/use-ledger';

type Decision = 'approve' | 'reject';

/** Approve or reject a referral with a comment (underwriters and admins). */
export function ReferralDecisionForm({ id, quoteNumber, onDone }: { id: string; quoteNumber: string; onDone?: () => void }) {
  const ledger = useLedger();
  const queryClient = useQueryClient();
  const commentId = useId();
  const [comment, setComment] = useState('');
  const [missing, setMissing] = useState(false);
  const decide = useMutation({
    mutationFn: (decision: Decision) =>
      ledger.call(`/sales/policies/${id}/referrals/decision`, { body: { decision, comment: comment.trim() } }),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: quoteKey(id) }),
        queryClient.invalidateQueries({ queryKey: ['quotes'] }),
      ]);
      onDone?.();
    },
  });
  const submit = (decision: Decision) => (event: FormEvent) => {
    event.preventDefault();
    if (!comment.trim()) {
      setMissing(true);
      return;
    }
    setMissing(false);
    decide.mutate(decision);
  };
  return (
    <form className="decision" onSubmit={submit('approve')} aria-label={`Decide referral of ${quoteNumber}`}>
      <div className="field">
        <label htmlFor={commentId}>Underwriter’s comment</label>
        <textarea
          id={commentId}
          rows={2}
          maxLength={2000}
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
      <div className="form-actions">
        <button type="submit" disabled={decide.isPending}>
          Approve
        </button>
        <button type="button" className="danger" disabled={decide.isPending} onClick={submit('reject')}>
          Reject
        </button>
      </div>
    </form>
  );
}
