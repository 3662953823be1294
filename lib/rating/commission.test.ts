import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { money, roundMoney } from '@/lib/money';
import { splitCommission } from '@/lib/rating/commission';

describe('splitCommission', () => {
  it('rounds each commission half-up and leaves the rest to the insurer', () => {
    const split = splitCommission('188.31', '0.15', '0.1');
    expect([split.brokerCommission, split.mgaCommission, split.insurerNet].map((d) => d.toFixed(2))).toEqual(['28.25', '18.83', '141.23']);
  });

  it('rounds a tie up (454.90 × 15 % = 68.235 → 68.24)', () => {
    expect(splitCommission('454.90', '0.15', '0.1').brokerCommission.toFixed(2)).toBe('68.24');
  });

  it('zero rates give the whole net to the insurer', () => {
    const split = splitCommission('75', 0, 0);
    expect([split.brokerCommission, split.mgaCommission, split.insurerNet].map((d) => d.toFixed(2))).toEqual(['0.00', '0.00', '75.00']);
  });

  it('broker + MGA + insurer always equals the net, every part in cents', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000_000 }),
        fc.integer({ min: 0, max: 5_000 }),
        fc.integer({ min: 0, max: 4_000 }),
        (cents, brokerBasisPoints, mgaBasisPoints) => {
          const net = money(cents).div(100);
          const brokerRate = money(brokerBasisPoints).div(10_000);
          const mgaRate = money(mgaBasisPoints).div(10_000);
          const split = splitCommission(net, brokerRate, mgaRate);
          expect(split.brokerCommission.plus(split.mgaCommission).plus(split.insurerNet).equals(net)).toBe(true);
          expect(split.brokerCommission.equals(roundMoney(net.times(brokerRate)))).toBe(true);
          expect(split.mgaCommission.equals(roundMoney(net.times(mgaRate)))).toBe(true);
          expect(split.insurerNet.decimalPlaces()).toBeLessThanOrEqual(2);
          expect(split.insurerNet.isNegative()).toBe(false);
        },
      ),
      { numRuns: 300 },
    );
  });
});
