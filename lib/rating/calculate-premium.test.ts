// The parts of the engine every product shares: tax by country, the admin fee, the monthly
// surcharge, commissions, the plans a product offers (deposits and ten-month plans included).
// Variants of the home product stand in for products with other settings.
import { describe, expect, it } from 'vitest';
import { NotFound, ValidationFailed } from '@/lib/errors';
import { getProduct } from '@/lib/products/registry';
import type { ProductDefinition, ProductSettings } from '@/lib/products/types';
import { calculatePremium } from '@/lib/rating/calculate-premium';
import type { TaxCountry } from '@/lib/rating/tax';
import { example, exactSum, rate, thrown } from '@/lib/rating/test-support';

function homeWith(settings: Partial<ProductSettings>): ProductDefinition {
  const home = getProduct('home');
  return { ...home, settings: { ...home.settings, ...settings } };
}

// The home example: net 188.31 (see rate-home.test.ts).
const homeExample = example('home');

describe('tax by country', () => {
  it.each<[TaxCountry, number, number, number]>([
    ['GB', 0.12, 22.6, 235.91], // 188.31 × 12 % = 22.5972
    ['DE', 0.19, 35.78, 249.09], // 35.7789
    ['IE', 0.03, 5.65, 218.96], // 5.6493
    ['NL', 0.21, 39.55, 252.86], // 39.5451
  ])('%s: rate %s, tax %s, payable %s', (taxCountry, taxRate, tax, payable) => {
    const { data } = rate(homeWith({ taxCountry }), homeExample, 'annual');
    expect(data).toMatchObject({ taxCountry, taxRate, net: 188.31, tax, adminFee: 25, payable });
  });

  it('is charged on the net only: neither the admin fee nor the commissions change it', () => {
    const { data } = rate(homeWith({ adminFee: 60, brokerCommissionRate: 0.2 }), homeExample, 'annual');
    expect(data).toMatchObject({ net: 188.31, tax: 22.6, adminFee: 60, payable: 270.91, brokerCommission: 37.66 });
  });
});

describe('tax by place of risk', () => {
  it('home is taxed in its own country whatever the residence; travel and pet by the residence, in any letter case', () => {
    const abroad = example('home', (p) => {
      p.customer.address = { line1: 'Hauptstraße 5', city: 'Berlin', postcode: '10115', country: 'DE' };
    });
    expect(rate('home', abroad, 'annual').data).toMatchObject({ taxCountry: 'GB', taxRate: 0.12 });
    const lower = example('pet', (p) => {
      p.customer.address = { line1: '1 Main Street', city: 'Cork', postcode: 'T12 X70A', country: 'ie' };
    });
    expect(rate('pet', lower, 'annual').data).toMatchObject({ taxCountry: 'IE', taxRate: 0.03, taxJurisdiction: 'Ireland' });
    // Without an address yet, the product's own country stands in until the residence is known.
    const unknown = example('travel', (p) => {
      delete p.customer.address;
    });
    expect(rate('travel', unknown).data).toMatchObject({ taxCountry: 'DE', taxRate: 0.19 });
  });

  it('a product country without a rate on the inception date cannot be rated (422 at the inception date)', () => {
    const error = thrown(() => rate(homeWith({ taxCountry: 'XX' as TaxCountry }), homeExample, 'annual'));
    expect(error).toBeInstanceOf(ValidationFailed);
    expect((error as ValidationFailed).errors).toEqual([
      { path: '/policy/dateInception', message: 'no insurance premium tax is known for XX on 2026-02-01' },
    ]);
  });
});

describe('admin fee', () => {
  it('is a flat amount added to the payable, untaxed, due with the first instalment', () => {
    const { data, installments } = rate(homeWith({ adminFee: 12.5 }), homeExample, 'quarterly');
    expect(data).toMatchObject({ tax: 22.6, adminFee: 12.5, payable: 223.41 }); // 188.31 + 22.60 + 12.50
    // (223.41 − 12.50) ÷ 4 = 52.7275 → 52.72; first 52.75 + 12.50.
    expect(installments.map((i) => i.amount)).toEqual([65.25, 52.72, 52.72, 52.72]);
  });

  it('may be zero', () => {
    const { data, installments } = rate(homeWith({ adminFee: 0 }), homeExample, 'annual');
    expect(data).toMatchObject({ adminFee: 0, payable: 210.91 });
    expect(installments.map((i) => i.amount)).toEqual([210.91]);
  });
});

describe('monthly surcharge', () => {
  it('applies to net + tax on the monthly plan only, and is neither taxed nor commissioned', () => {
    const annual = rate('home', homeExample, 'annual').data;
    const monthly = rate('home', homeExample, 'monthly').data;
    expect(monthly.instalmentSurcharge).toBe(6.33);
    expect([monthly.tax, monthly.brokerCommission, monthly.mgaCommission, monthly.insurerNet]).toEqual([
      annual.tax,
      annual.brokerCommission,
      annual.mgaCommission,
      annual.insurerNet,
    ]);
    expect(exactSum([annual.payable, monthly.instalmentSurcharge]).toNumber()).toBe(monthly.payable);
  });

  it('follows the product setting (none when it is zero)', () => {
    expect(rate(homeWith({ monthlySurcharge: 0 }), homeExample, 'monthly').data).toMatchObject({ instalmentSurcharge: 0, payable: 235.91 });
    // (188.31 + 22.60) × 5 % = 10.5455 → 10.55.
    expect(rate(homeWith({ monthlySurcharge: 0.05 }), homeExample, 'monthly').data).toMatchObject({
      instalmentSurcharge: 10.55,
      payable: 246.46,
    });
  });
});

describe('commissions', () => {
  it('are each rounded half-up on the net; the insurer keeps the rest', () => {
    // 188.31 × 20 % = 37.662 → 37.66; × 5 % = 9.4155 → 9.42; 188.31 − 37.66 − 9.42 = 141.23.
    const { data } = rate(homeWith({ brokerCommissionRate: 0.2, mgaCommissionRate: 0.05 }), homeExample, 'annual');
    expect(data).toMatchObject({
      brokerCommission: 37.66,
      brokerCommissionRate: 0.2,
      mgaCommission: 9.42,
      mgaCommissionRate: 0.05,
      insurerNet: 141.23,
    });
  });

  it('do not change what the customer pays', () => {
    expect(rate(homeWith({ brokerCommissionRate: 0.2, mgaCommissionRate: 0.05 }), homeExample, 'annual').data.payable).toBe(235.91);
  });
});

describe('instalment plans of a product', () => {
  it('a monthly plan of ten instalments with a 20 % deposit', () => {
    const product = homeWith({ instalmentPlans: { annual: { count: 1 }, monthly: { count: 10, depositPercent: 20 } } });
    const { data, installments } = rate(product, homeExample, 'monthly');
    expect(data.payable).toBe(242.24);
    // 217.24 without the fee; deposit 20 % = 43.448 → 43.44; 173.80 ÷ 9 = 19.3111 → 19.31;
    // 0.01 left over goes to the deposit: 43.45 + 25 = 68.45.
    expect(installments.map((i) => i.amount)).toEqual([68.45, ...Array<number>(9).fill(19.31)]);
    expect(installments.map((i) => i.dueDate)).toEqual([
      '2026-02-01',
      '2026-03-01',
      '2026-04-01',
      '2026-05-01',
      '2026-06-01',
      '2026-07-01',
      '2026-08-01',
      '2026-09-01',
      '2026-10-01',
      '2026-11-01',
    ]);
    expect(exactSum(installments.map((i) => i.amount)).toNumber()).toBe(242.24);
  });

  it('a quarterly plan with a 40 % deposit', () => {
    const product = homeWith({ instalmentPlans: { annual: { count: 1 }, quarterly: { count: 4, depositPercent: 40 } } });
    // 210.91 × 40 % = 84.364 → 84.36; 126.55 ÷ 3 = 42.1833 → 42.18; 0.01 left → 84.37 + 25.
    expect(rate(product, homeExample, 'quarterly').installments.map((i) => i.amount)).toEqual([109.37, 42.18, 42.18, 42.18]);
  });

  it('a plan the product does not offer cannot be rated', () => {
    const product = homeWith({ instalmentPlans: { annual: { count: 1 } } });
    const error = thrown(() => rate(product, homeExample, 'quarterly'));
    expect(error).toBeInstanceOf(ValidationFailed);
    expect((error as ValidationFailed).errors).toEqual([
      { path: '/policy/paymentPlan', message: 'quarterly is not offered for Home contents' },
    ]);
  });

  it('an unknown plan on the policy is refused with its pointer', () => {
    const payload = example('home', (p) => Object.assign(p.policy, { paymentPlan: 'weekly' }));
    const error = thrown(() => calculatePremium({ product: 'home', data: payload }));
    expect((error as ValidationFailed).errors).toEqual([
      { path: '/policy/paymentPlan', message: 'must be one of annual, quarterly, monthly' },
    ]);
  });
});

describe('calculatePremium input', () => {
  it('takes the product by code', () => {
    expect(calculatePremium({ product: 'home', data: homeExample, plan: 'annual' }).data.payable).toBe(235.91);
  });

  it('an unknown product code is a NotFound', () => {
    expect(() => calculatePremium({ product: 'boat', data: homeExample })).toThrow(NotFound);
  });

  it('data that is not an object, or has no policy, is refused with a pointer', () => {
    expect((thrown(() => calculatePremium({ product: 'home', data: [] })) as ValidationFailed).errors).toEqual([
      { path: '', message: 'must be a JSON object' },
    ]);
    expect((thrown(() => calculatePremium({ product: 'home', data: { objects: [] } })) as ValidationFailed).errors).toEqual([
      { path: '/policy', message: 'must be an object' },
    ]);
  });

  it('does not change the payload it rates', () => {
    const payload = example('home');
    const before = structuredClone(payload);
    rate('home', payload, 'monthly');
    expect(payload).toEqual(before);
  });
});
