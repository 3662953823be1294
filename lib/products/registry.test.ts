import { describe, expect, it } from 'vitest';
import { NotFound } from '@/lib/errors';
import { findProduct, getProduct, listProducts, productCodeFromSchemaPath, productCodes, schemaPathOf } from '@/lib/products/registry';

describe('product registry', () => {
  it('holds the three demo products', () => {
    expect(productCodes()).toEqual(['home', 'travel', 'pet']);
    expect(getProduct('home').settings).toMatchObject({ currency: 'GBP', taxCountry: 'GB', authorityLimit: 100_000 });
    expect(getProduct('travel').settings).toMatchObject({ currency: 'EUR', taxCountry: 'DE', authorityLimit: null });
    expect(getProduct('pet').settings).toMatchObject({ currency: 'GBP', taxCountry: 'GB', authorityLimit: null });
  });

  it('every product has the DOMAIN.md §9 fee and commissions and offers the annual plan', () => {
    for (const code of productCodes()) {
      const { settings } = getProduct(code);
      expect(settings).toMatchObject({ adminFee: 25, brokerCommissionRate: 0.15, mgaCommissionRate: 0.1, monthlySurcharge: 0.03 });
      expect(settings.instalmentPlans.annual).toEqual({ count: 1 });
    }
    expect(Object.keys(getProduct('home').settings.instalmentPlans)).toEqual(['annual', 'quarterly', 'monthly']);
    expect(Object.keys(getProduct('travel').settings.instalmentPlans)).toEqual(['annual']);
    expect(Object.keys(getProduct('pet').settings.instalmentPlans)).toEqual(['annual', 'quarterly', 'monthly']);
  });

  it('an unknown code is not found', () => {
    expect(findProduct('boat')).toBeUndefined();
    expect(() => getProduct('boat')).toThrow(NotFound);
    expect(() => getProduct('boat')).toThrow('Product boat was not found');
  });

  it('maps codes to schema paths and back', () => {
    expect(schemaPathOf('travel')).toBe('policy/regular/travel');
    expect(getProduct('pet').schema.$id).toBe('policy/regular/pet');
    expect(productCodeFromSchemaPath('policy/regular/home')).toBe('home');
    expect(productCodeFromSchemaPath('/policy/regular/pet')).toBe('pet');
    for (const bad of ['policy/regular/boat', 'policy/home', 'home', '', 'policy/regular/']) {
      expect(() => productCodeFromSchemaPath(bad)).toThrow(NotFound);
    }
  });

  it('lists the products with examples dated from the given day', () => {
    const list = listProducts('2026-01-15');
    expect(list.map((p) => [p.code, p.title, p.schemaPath, p.currency])).toEqual([
      ['home', 'Home contents', 'policy/regular/home', 'GBP'],
      ['travel', 'Travel', 'policy/regular/travel', 'EUR'],
      ['pet', 'Pet', 'policy/regular/pet', 'GBP'],
    ]);
    expect(list.map((p) => p.example.policy.dateInception)).toEqual(['2026-02-01', '2026-02-14', '2026-02-01']);
    expect(listProducts('2026-12-20')[0]?.example.policy).toMatchObject({ dateInception: '2027-01-01', dateExpiry: '2028-01-01' });
  });
});
