import { addDays, compareDates } from '@/lib/rating/dates';

// When a terminated policy may be reinstated (issue 16): within the product's period from the
// day cover ended, and only while the term has not ended meanwhile. After its expiry there is
// no cover left to restore: the policy stays terminated and a new quote (or renewal) is the way on.

export interface ReinstatementFacts {
  policyStatus: string;
  /** The day cover ended (the termination's effective date), null when not terminated. */
  terminatedAt: string | null;
  expiry: string;
  windowDays: number;
  today: string;
}

export interface ReinstatementEligibility {
  eligible: boolean;
  /** The last day a reinstatement may be asked for (null when not terminated). */
  until: string | null;
  block: string | null;
}

export function reinstatementEligibility(facts: ReinstatementFacts): ReinstatementEligibility {
  if (facts.policyStatus !== 'terminated' || facts.terminatedAt === null) {
    return { eligible: false, until: null, block: `a policy in state ${facts.policyStatus} is not terminated` };
  }
  const until = addDays(facts.terminatedAt, facts.windowDays);
  if (compareDates(facts.today, facts.expiry) >= 0) {
    return { eligible: false, until, block: `the term ended on ${facts.expiry}: there is no cover left to restore` };
  }
  if (compareDates(facts.today, until) > 0) {
    return {
      eligible: false,
      until,
      block: `the reinstatement period of ${facts.windowDays} days from ${facts.terminatedAt} ended on ${until}`,
    };
  }
  return { eligible: true, until, block: null };
}
