import { describe, expect, it } from 'vitest';
import { riskFacts, waitingFor } from './risk-facts';

describe('risk facts for the referral queue', () => {
  it('shows a home risk by sum insured, postcode, building and claims', () => {
    const facts = riskFacts(
      'home',
      { policy: {}, objects: [{ sumInsured: 120000, postcode: 'LS6 2AB', buildingType: 'semi-detached', claimsLast5Years: 2 }] },
      'GBP',
    );
    expect(facts).toEqual([
      { label: 'Sum insured', value: '£120,000.00' },
      { label: 'Postcode', value: 'LS6 2AB' },
      { label: 'Building', value: 'Semi detached' },
      { label: 'Claims in 5 years', value: '2' },
    ]);
  });

  it('counts travellers and names the trip', () => {
    const facts = riskFacts(
      'travel',
      { policy: { destination: 'worldwide', tripType: 'annual-multi-trip', winterSports: true }, objects: [{}, {}, {}] },
      'EUR',
    );
    expect(facts).toEqual([
      { label: 'Destination', value: 'Worldwide' },
      { label: 'Trip', value: 'Annual multi trip' },
      { label: 'Winter sports', value: 'Yes' },
      { label: 'Travellers', value: '3' },
    ]);
  });

  it('shows nothing for a product without a list, or before the data is read', () => {
    expect(riskFacts('marine', { objects: [{}] }, 'GBP')).toEqual([]);
    expect(riskFacts('pet', undefined, 'GBP')).toEqual([]);
  });

  it('says how long a referral has waited in whole units', () => {
    const now = Date.parse('2026-11-23T12:00:00Z');
    expect(waitingFor('2026-11-23T11:59:30Z', now)).toBe('0 min');
    expect(waitingFor('2026-11-23T11:01:00Z', now)).toBe('59 min');
    expect(waitingFor('2026-11-23T11:00:00Z', now)).toBe('1 h');
    expect(waitingFor('2026-11-21T12:00:01Z', now)).toBe('47 h');
    expect(waitingFor('2026-11-21T12:00:00Z', now)).toBe('2 days');
    expect(waitingFor('2026-11-24T12:00:00Z', now)).toBe('0 min');
  });
});
