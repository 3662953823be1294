import { describe, expect, it } from 'vitest';
import { InvalidState } from '@/lib/errors';
import { assertQuoteValid, expiredQuoteActions, quoteExpired, quoteValidUntil, validityOf } from './quote-validity';

const calculatedAt = new Date('2027-01-10T15:30:00.000Z');
const facts = { status: 'calculated' as const, calculatedAt, validityDays: 30 };

describe('quote validity', () => {
  it('runs 30 days to the instant from the calculation: 10 Jan 15:30 to 9 Feb 15:30', () => {
    expect(quoteValidUntil(facts)?.toISOString()).toBe('2027-02-09T15:30:00.000Z');
    expect(quoteExpired(facts, new Date('2027-02-09T15:30:00.000Z'))).toBe(false);
    expect(quoteExpired(facts, new Date('2027-02-09T15:30:00.001Z'))).toBe(true);
    expect(quoteValidUntil({ ...facts, status: 'bound' })?.toISOString()).toBe('2027-02-09T15:30:00.000Z');
  });

  it('takes the period from the quote’s product (30 days for the demo products)', () => {
    const row = { status: 'bound', calculatedAt, productCode: 'travel' };
    expect(validityOf(row)).toEqual({ status: 'bound', calculatedAt, validityDays: 30 });
  });

  it('has no validity without a price on offer', () => {
    // Nothing to expire: bind or issue is left to the state machine.
    expect(() => assertQuoteValid({ ...facts, status: 'draft' }, 'bind', new Date('2030-01-01T00:00:00Z'))).not.toThrow();
    for (const status of ['draft', 'in-manual-referral', 'declined', 'issuing', 'issued']) {
      expect(quoteValidUntil({ ...facts, status })).toBeNull();
      expect(quoteExpired({ ...facts, status }, new Date('2030-01-01T00:00:00Z'))).toBe(false);
    }
    expect(quoteValidUntil({ ...facts, calculatedAt: null })).toBeNull();
  });

  it('refuses bind and issue once expired with 409, offering the recalculation', () => {
    expect(() => assertQuoteValid(facts, 'bind', new Date('2027-02-09T15:30:00.000Z'))).not.toThrow();
    let refusal: unknown;
    try {
      assertQuoteValid({ ...facts, status: 'bound' }, 'issue', new Date('2027-02-10T00:00:00.000Z'));
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(InvalidState);
    const invalid = refusal as InvalidState;
    expect(invalid.message).toBe(
      "Cannot issue: the quote's price was valid until 2027-02-09T15:30:00.000Z (30 days from its calculation); recalculate it first",
    );
    expect(invalid.currentState).toBe('bound');
    expect(invalid.allowedActions).toEqual(['calculate', 'update', 'decline', 'copy', 'download']);
  });

  it('an expired calculated quote keeps what it may do but bind', () => {
    expect(expiredQuoteActions('calculated')).toEqual(['update', 'calculate', 'refer', 'decline', 'copy', 'download']);
  });
});
