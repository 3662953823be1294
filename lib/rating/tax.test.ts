import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BadRequest } from '@/lib/errors';
import { money } from '@/lib/money';
import { IPT_RATES, isTaxCountry, taxOn, taxRateOf } from '@/lib/rating/tax';
import { thrown } from '@/lib/rating/test-support';

describe('insurance premium tax', () => {
  it('knows the rates of DOMAIN.md §2', () => {
    expect(IPT_RATES).toEqual({ GB: 0.12, DE: 0.19, IE: 0.03, NL: 0.21 });
    expect(taxRateOf('GB').toString()).toBe('0.12');
    expect(taxRateOf('DE').toString()).toBe('0.19');
    expect(taxRateOf('IE').toString()).toBe('0.03');
    expect(taxRateOf('NL').toString()).toBe('0.21');
  });

  it('an unknown country is a bad request naming the allowed countries', () => {
    expect(isTaxCountry('FR')).toBe(false);
    expect(isTaxCountry('toString')).toBe(false);
    const error = thrown(() => taxRateOf('FR'));
    expect(error).toBeInstanceOf(BadRequest);
    expect((error as BadRequest).message).toBe("No insurance premium tax rate is known for country 'FR'");
    expect((error as BadRequest).errors).toEqual([{ path: 'documentCountry', message: 'must be one of GB, DE, IE, NL' }]);
  });

  it.each([
    ['188.31', 'GB', '22.60'], // 22.5972
    ['365.04', 'GB', '43.80'], // 43.8048
    ['43.68', 'DE', '8.30'], // 8.2992
    ['12.50', 'NL', '2.63'], // 2.625, half-up
    ['0.16', 'IE', '0.00'], // 0.0048
    ['-31.10', 'GB', '-3.73'], // a return premium's tax: -3.732
  ])('tax on %s in %s is %s', (net, country, tax) => {
    expect(taxOn(net, taxRateOf(country)).toFixed(2)).toBe(tax);
  });

  it('is the half-up rounding of net × rate, never off by more than half a cent', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000 }), fc.constantFrom('GB', 'DE', 'IE', 'NL'), (cents, country) => {
        const net = money(cents).div(100);
        const exact = net.times(taxRateOf(country));
        const tax = taxOn(net, taxRateOf(country));
        expect(tax.decimalPlaces()).toBeLessThanOrEqual(2);
        expect(tax.minus(exact).abs().lte('0.005')).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});
