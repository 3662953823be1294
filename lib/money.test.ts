import DecimalJs from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { isCentAmount, money, roundMoney, roundMoneyDown, sumMoney, toAmount, toMoney, ZERO } from '@/lib/money';

/** `units / 10^scale` as a decimal string, e.g. (-12345n, 3) → "-12.345". */
function decimalString(units: bigint, scale: number): string {
  const sign = units < 0n ? '-' : '';
  const digits = (units < 0n ? -units : units).toString().padStart(scale + 1, '0');
  return `${sign}${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
}

/** Half-up (away from zero) to the cent on integers only: the reference the Decimal code must match. */
function referenceHalfUp(units: bigint, scale: number): string {
  const divisor = 10n ** BigInt(scale - 2);
  const magnitude = units < 0n ? -units : units;
  let cents = magnitude / divisor;
  if ((magnitude % divisor) * 2n >= divisor) cents += 1n;
  return decimalString(units < 0n ? -cents : cents, 2);
}

describe('money', () => {
  it('reads a JSON number through its shortest decimal string, so 0.1 stays 0.1', () => {
    expect(money(0.1).toString()).toBe('0.1');
    expect(money(0.1).plus(0.2).toString()).toBe('0.3');
    expect(money('1.005').equals(money(1.005))).toBe(true);
  });

  it('refuses amounts that are not finite', () => {
    expect(() => money(Number.NaN)).toThrow(new RangeError('Not a finite amount: NaN'));
    expect(() => money(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });

  it('returns its own Decimals unchanged instead of copying them', () => {
    const d = money('12.34');
    expect(money(d)).toBe(d);
  });
});

describe('roundMoney (half-up to the cent)', () => {
  it.each([
    ['1.005', '1.01'],
    ['1.004', '1.00'],
    ['2.675', '2.68'],
    ['0.125', '0.13'],
    ['68.235', '68.24'],
    ['-0.005', '-0.01'],
    ['-1.005', '-1.01'],
    ['-1.004', '-1.00'],
    ['10', '10.00'],
  ])('%s → %s', (input, expected) => {
    expect(roundMoney(input).toFixed(2)).toBe(expected);
  });

  it('rounds numbers whose binary float is below the tie the decimal way (1.005 and 2.675 round up)', () => {
    // In binary, 1.005 is 1.00499999999999989…, which Math.round-style code rounds down.
    expect(roundMoney(1.005).toNumber()).toBe(1.01);
    expect(roundMoney(2.675).toNumber()).toBe(2.68);
    expect(roundMoney(1.255).toNumber()).toBe(1.26);
  });

  it('agrees with an integer reference for any amount with up to six decimals', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 15n), max: 10n ** 15n }), fc.integer({ min: 3, max: 6 }), (units, scale) => {
        expect(roundMoney(decimalString(units, scale)).toFixed(2)).toBe(referenceHalfUp(units, scale));
      }),
      { numRuns: 300 },
    );
  });
});

describe('roundMoneyDown (towards zero to the cent)', () => {
  it.each([
    ['18.1033', '18.10'],
    ['18.109', '18.10'],
    ['0.009', '0.00'],
    ['-18.109', '-18.10'],
  ])('%s → %s', (input, expected) => {
    expect(roundMoneyDown(input).toFixed(2)).toBe(expected);
  });
});

describe('toAmount', () => {
  it('gives a JSON number with at most two decimals', () => {
    expect(toAmount('22.5972')).toBe(22.6);
    expect(toAmount(money('188.31').times('0.12'))).toBe(22.6);
    expect(toAmount('1234567890.125')).toBe(1234567890.13);
  });

  it('never gives -0', () => {
    expect(Object.is(toAmount(-0), 0)).toBe(true);
    expect(Object.is(toAmount('-0.004'), 0)).toBe(true);
    expect(Object.is(toAmount(money('-0.001')), 0)).toBe(true);
    expect(Object.is(toAmount(money(5).minus(5).negated()), 0)).toBe(true);
    fc.assert(
      fc.property(fc.double({ min: -0.00499, max: 0.00499, noNaN: true }), (value) => {
        expect(Object.is(toAmount(value), 0)).toBe(true);
      }),
      { numRuns: 200 },
    );
  });

  it('is always a cent amount equal to the half-up rounding', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 13n), max: 10n ** 13n }), fc.integer({ min: 2, max: 5 }), (units, scale) => {
        const amount = toAmount(decimalString(units, scale));
        expect(isCentAmount(amount)).toBe(true);
        expect(money(amount).toFixed(2)).toBe(referenceHalfUp(units, scale));
      }),
      { numRuns: 300 },
    );
  });

  it('gives the very number its decimal string parses to, at every word boundary of the Decimal', () => {
    // decimal.js keeps seven digits a word, aligned to the point: these cross each boundary,
    // and the last three lie at or above 10^13, where the amount takes decimal.js's own path.
    for (const text of [
      '0.01',
      '0.1',
      '0.99',
      '1',
      '1.05',
      '9999999.99',
      '10000000',
      '10000000.01',
      '1234567.89',
      '123456789.12',
      '9999999999999.99',
      '10000000000000',
      '12345678901234.56',
      '99999999999999999.99',
    ]) {
      expect(toAmount(text)).toBe(Number(text));
      expect(toAmount(`-${text}`)).toBe(-Number(text));
    }
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 17n), max: 10n ** 17n }), (cents) => {
        const text = decimalString(cents, 2);
        expect(toAmount(text)).toBe(Number(text));
        expect(toAmount(money(text).times(3).div(3))).toBe(Number(text));
      }),
      { numRuns: 2_000 },
    );
  });

  it('reads amounts under 10^13 from their digits, and rounds only those with more than two decimals', () => {
    // The speed of a rating rests on this (docs/benchmark-log.md, "Rating without decimal.js's
    // strings"): no amount of a premium goes through decimal.js's string conversion.
    const amounts = ['0.05', '1.5', '-1.5', '75', '9999999.99', '10000000.01', '-123456789.12', '9999999999999.99'].map((text) =>
      money(text),
    );
    const toNumber = vi.spyOn(DecimalJs.prototype, 'toNumber');
    const toDecimalPlaces = vi.spyOn(DecimalJs.prototype, 'toDecimalPlaces');
    try {
      expect(amounts.map((amount) => toAmount(amount))).toEqual([
        0.05, 1.5, -1.5, 75, 9999999.99, 10000000.01, -123456789.12, 9999999999999.99,
      ]);
      expect(toNumber).not.toHaveBeenCalled();
      expect(toDecimalPlaces).not.toHaveBeenCalled();
      expect(toAmount(money('1.005'))).toBe(1.01);
      expect(toDecimalPlaces).toHaveBeenCalledTimes(1);
      expect(toNumber).not.toHaveBeenCalled();
      expect(toAmount(money('12345678901234.56'))).toBe(12345678901234.56);
      expect(toNumber).toHaveBeenCalledTimes(1);
    } finally {
      toNumber.mockRestore();
      toDecimalPlaces.mockRestore();
    }
  });

  it('toMoney pairs the amount with its currency', () => {
    expect(toMoney('75.005', 'GBP')).toEqual({ amount: 75.01, currency: 'GBP' });
  });
});

describe('sumMoney', () => {
  it('adds without float leakage', () => {
    expect(0.1 + 0.2).not.toBe(0.3); // the trap it avoids
    expect(sumMoney([0.1, 0.2]).toNumber()).toBe(0.3);
    expect(sumMoney(Array.from({ length: 10 }, () => 0.1)).toNumber()).toBe(1);
    expect(sumMoney(['18.10', 18.1, money('18.1')]).toFixed(2)).toBe('54.30');
    expect(sumMoney([]).equals(ZERO)).toBe(true);
  });

  it('adds cent amounts exactly, whatever their number', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -10_000_000, max: 10_000_000 }), { maxLength: 50 }), (cents) => {
        const expected = cents.reduce((a, b) => a + b, 0);
        expect(
          sumMoney(cents.map((c) => c / 100))
            .times(100)
            .toNumber(),
        ).toBe(expected);
      }),
      { numRuns: 200 },
    );
  });
});

describe('isCentAmount', () => {
  it('accepts finite numbers with at most two decimals', () => {
    expect(isCentAmount(0)).toBe(true);
    expect(isCentAmount(12)).toBe(true);
    expect(isCentAmount(12.3)).toBe(true);
    expect(isCentAmount(12.34)).toBe(true);
    expect(isCentAmount(-0.01)).toBe(true);
  });

  it('rejects more decimals, float noise and non-finite numbers', () => {
    expect(isCentAmount(12.345)).toBe(false);
    expect(isCentAmount(0.1 + 0.2)).toBe(false);
    expect(isCentAmount(Number.NaN)).toBe(false);
    expect(isCentAmount(Number.POSITIVE_INFINITY)).toBe(false);
  });
});
