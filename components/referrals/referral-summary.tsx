import { formatDateTime } from '@/lib/client/format';
import { waitingFor } from '@/lib/client/risk-facts';
import type { ReferralRecord } from '@/lib/client/types';

/** Why the quote was referred (the broker's comment or the rules that fired) and the decision. */
export function ReferralSummary({ referral }: { referral: ReferralRecord }) {
  return (
    <div className="referral" data-testid="referral">
      <p>
        <strong>{referral.source === 'rule' ? 'Referred by a rule' : 'Referred by the broker'}</strong>
        <span className="muted">
          {' '}
          · {formatDateTime(referral.referredAt)}
          {referral.referredBy && !referral.referredBy.startsWith('user:') ? ` · ${referral.referredBy}` : ''}
        </span>
      </p>
      {!referral.decision && (
        // Who has it and since when: a referral waits for any underwriter of the tenant.
        <p data-testid="referral-waiting">
          With the underwriters since {formatDateTime(referral.referredAt)} · waiting {waitingFor(referral.referredAt)}
        </p>
      )}
      {referral.comment && <blockquote>{referral.comment}</blockquote>}
      {referral.rules.length > 0 && (
        <ul className="rules">
          {referral.rules.map((rule) => (
            // The rule's message is for people; its code stays a tooltip for whoever maintains the rules.
            <li key={rule.rule} title={rule.rule}>
              {rule.message}
            </li>
          ))}
        </ul>
      )}
      {referral.decision && (
        <p data-testid="referral-decision">
          <strong>{referral.decision.decision === 'approve' ? 'Referral approved' : 'Referral rejected'}</strong>
          <span className="muted"> · {formatDateTime(referral.decision.decidedAt)}</span>: {referral.decision.comment}
        </p>
      )}
    </div>
  );
}
