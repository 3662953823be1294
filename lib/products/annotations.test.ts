import { describe, expect, it } from 'vitest';
import { affectsRating, editableAfterBindPaths, notEditableAfterBind, ratingPaths } from '@/lib/products/annotations';
import { changedPaths } from '@/lib/products/paths';
import { getProduct } from '@/lib/products/registry';
import { calculatePremium } from '@/lib/rating/calculate-premium';

const POLICY_RATING = ['/policy/dateInception', '/policy/dateExpiry', '/policy/paymentPlan'];
const CUSTOMER_EDITABLE = ['/customer/email', '/customer/phone', '/customer/address/line2', '/agent'];

describe('x-rating annotations', () => {
  it('home: the dates, the plan and every contents field that prices', () => {
    expect(ratingPaths('home')).toEqual([
      ...POLICY_RATING,
      '/objects/*/postcode',
      '/objects/*/sumInsured',
      '/objects/*/buildingType',
      '/objects/*/burglarAlarm',
      '/objects/*/approvedLocks',
      '/objects/*/claimsLast5Years',
      '/objects/*/accidentalDamage',
      '/objects/*/excess',
    ]);
  });

  it('travel: the trip options and the travellers’ dates of birth', () => {
    expect(ratingPaths('travel')).toEqual([
      ...POLICY_RATING,
      '/policy/destination',
      '/policy/tripType',
      '/policy/winterSports',
      '/objects/*/dateOfBirth',
    ]);
  });

  it('pet: species, breed, age and the cover options', () => {
    expect(ratingPaths('pet')).toEqual([
      ...POLICY_RATING,
      '/objects/*/species',
      '/objects/*/breed',
      '/objects/*/dateOfBirth',
      '/objects/*/age',
      '/objects/*/vetFeeLimit',
      '/objects/*/excess',
    ]);
  });

  it('returns a copy the caller may change', () => {
    ratingPaths('home').push('/customer/firstName');
    expect(ratingPaths('home')).not.toContain('/customer/firstName');
  });

  it('affectsRating: a priced field changed, at any array index', () => {
    expect(affectsRating('home', ['/objects/0/sumInsured'])).toBe(true);
    expect(affectsRating('home', ['/customer/phone', '/policy/paymentPlan'])).toBe(true);
    expect(affectsRating('home', ['/customer/phone', '/objects/0/city'])).toBe(false);
    expect(affectsRating('travel', ['/objects/3/dateOfBirth'])).toBe(true);
    expect(affectsRating('travel', ['/policy/countries/0'])).toBe(false);
    expect(affectsRating('pet', [])).toBe(false);
  });

  it('agrees with the rating engine: changes to fields without x-rating leave the price alone', () => {
    const before = getProduct('home').example('2026-01-15');
    const after = structuredClone(before);
    Object.assign(after.customer, { phone: '+44 20 7946 0000', lastName: 'Smith' });
    Object.assign(after.objects[0] ?? {}, { city: 'York' });
    const changed = changedPaths(before, after);
    expect(changed).toEqual(['/customer/lastName', '/customer/phone', '/objects/0/city']);
    expect(affectsRating('home', changed)).toBe(false);
    expect(calculatePremium({ product: 'home', data: after })).toEqual(calculatePremium({ product: 'home', data: before }));

    Object.assign(after.objects[0] ?? {}, { sumInsured: 50_000 });
    expect(affectsRating('home', changedPaths(before, after))).toBe(true);
    expect(calculatePremium({ product: 'home', data: after }).data.net).toBeGreaterThan(
      calculatePremium({ product: 'home', data: before }).data.net,
    );
  });
});

describe('x-editable-after-bind annotations', () => {
  it('contact details, the agent and product-specific names', () => {
    expect(editableAfterBindPaths('home')).toEqual(CUSTOMER_EDITABLE);
    expect(editableAfterBindPaths('travel')).toEqual([...CUSTOMER_EDITABLE, '/objects/*/firstName', '/objects/*/lastName']);
    expect(editableAfterBindPaths('pet')).toEqual([...CUSTOMER_EDITABLE, '/objects/*/name', '/objects/*/microchipNumber']);
  });

  it('an annotated object covers its whole subtree', () => {
    expect(notEditableAfterBind('home', ['/agent/code', '/agent/name', '/agent'])).toEqual([]);
  });

  it('notEditableAfterBind lists the changed paths that may not change after bind', () => {
    expect(notEditableAfterBind('home', ['/customer/email', '/customer/address/line2'])).toEqual([]);
    expect(notEditableAfterBind('home', ['/customer/email', '/customer/address/line1', '/objects/0/sumInsured'])).toEqual([
      '/customer/address/line1',
      '/objects/0/sumInsured',
    ]);
    expect(notEditableAfterBind('pet', ['/objects/2/microchipNumber', '/objects/2/breed'])).toEqual(['/objects/2/breed']);
  });

  it('no priced field is editable after bind', () => {
    for (const code of ['home', 'travel', 'pet']) {
      expect(
        notEditableAfterBind(
          code,
          ratingPaths(code).map((p) => p.replaceAll('*', '0')),
        ),
      ).toEqual(ratingPaths(code).map((p) => p.replaceAll('*', '0')));
    }
  });
});
