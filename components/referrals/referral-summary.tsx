import { formatDateTime } from '@/lib/client/format';
import { pageLanguage } from '@/lib/client/language';
import { actorWords, ruleWords } from '@/lib/client/messages';
import { waitingFor } from '@/lib/client/risk-facts';
import type { ReferralRecord } from '@/lib/client/types';

/** Why the quote was referred (the broker's comment or the rules that fired) and the decision. */
export function ReferralSummary({ referral }: { referral: ReferralRecord }) {
  const language = pageLanguage();
  const automatic = referral.referredBy ? actorWords(referral.referredBy, language) : undefined;
  return (
    <div className="referral" data-testid="referral">
      <p>
        <strong>{referral.source === 'rule' ? 'Referred by a rule' : 'Referred by the broker'}</strong>
        <span className="muted">
          {' '}
          · {formatDateTime(referral.referredAt)}
          {automatic ? ` · ${automatic}` : ''}
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
            // The catalogue's words in the page's language; the rule's own sentence (with the figures)
            // and its code stay a tooltip for whoever maintains the rules.
            <li key={rule.rule} title={`${rule.message} (${rule.rule})`} data-rule={rule.rule}>
              {ruleWords(rule.rule, language)}
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
