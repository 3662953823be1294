import { describe, expect, it } from 'vitest';
import { reinstatementEligibility } from './reinstatement-eligibility';

const terminated = { policyStatus: 'terminated', terminatedAt: '2027-03-01', expiry: '2027-12-01', windowDays: 30 };

describe('reinstatement eligibility', () => {
  it('is open from the termination date through 30 days after it, and closed the day after', () => {
    // 1 Mar + 30 days = 31 Mar
    expect(reinstatementEligibility({ ...terminated, today: '2027-03-01' })).toEqual({ eligible: true, until: '2027-03-31', block: null });
    expect(reinstatementEligibility({ ...terminated, today: '2027-03-31' }).eligible).toBe(true);
    const late = reinstatementEligibility({ ...terminated, today: '2027-04-01' });
    expect(late).toEqual({
      eligible: false,
      until: '2027-03-31',
      block: 'the reinstatement period of 30 days from 2027-03-01 ended on 2027-03-31',
    });
  });

  it('is closed once the term has ended, even inside the period', () => {
    const ended = reinstatementEligibility({ ...terminated, terminatedAt: '2027-11-20', today: '2027-12-01' });
    expect(ended).toEqual({
      eligible: false,
      until: '2027-12-20',
      block: 'the term ended on 2027-12-01: there is no cover left to restore',
    });
    expect(reinstatementEligibility({ ...terminated, terminatedAt: '2027-11-20', today: '2027-11-30' }).eligible).toBe(true);
  });

  it('needs a terminated policy', () => {
    for (const policyStatus of ['active', 'pending-termination', 'expired']) {
      const answer = reinstatementEligibility({ ...terminated, policyStatus, today: '2027-03-02' });
      expect(answer).toEqual({ eligible: false, until: null, block: `a policy in state ${policyStatus} is not terminated` });
    }
    expect(reinstatementEligibility({ ...terminated, terminatedAt: null, today: '2027-03-02' }).eligible).toBe(false);
  });
});
