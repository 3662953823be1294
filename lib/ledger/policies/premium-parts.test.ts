import { describe, expect, it } from 'vitest';
import { money, type MoneyInput } from '@/lib/money';
import { addParts, journalParts, negateParts, partsAsAmounts, partsFromNet, ZERO_PARTS } from './premium-parts';

// The parts of a premium movement, worked by hand (DOMAIN.md §2): GB tax 12 %, broker 15 %, MGA 10 %.

const rates = { taxRate: 0.12, brokerRate: 0.15, mgaRate: 0.1 };

const fixed = (parts: object) =>
  Object.fromEntries(Object.entries(parts).map(([key, value]) => [key, money(value as MoneyInput).toFixed(2)]));

describe('premium parts from a net', () => {
  it('home annual: net 188.31, fee 25', () => {
    // tax 188.31 × 0.12 = 22.5972 → 22.60; broker × 0.15 = 28.2465 → 28.25; MGA × 0.10 = 18.831 → 18.83;
    // insurer 188.31 − 28.25 − 18.83 = 141.23; payable 188.31 + 22.60 + 25.00 = 235.91
    expect(fixed(partsFromNet(188.31, rates, 25))).toEqual({
      net: '188.31',
      tax: '22.60',
      fees: '25.00',
      brokerCommission: '28.25',
      mgaCommission: '18.83',
      insurerNet: '141.23',
      payable: '235.91',
    });
  });

  it('rounds the net to the cent first and charges no fee unless given', () => {
    // 100.005 → 100.01; tax 12.0012 → 12.00; broker 15.0015 → 15.00; MGA 10.001 → 10.00
    expect(fixed(partsFromNet('100.005', rates))).toEqual({
      net: '100.01',
      tax: '12.00',
      fees: '0.00',
      brokerCommission: '15.00',
      mgaCommission: '10.00',
      insurerNet: '75.01',
      payable: '112.01',
    });
  });

  it('a return premium is the mirror of the same additional premium', () => {
    // −46.95: tax −5.634 → −5.63; broker −7.0425 → −7.04; MGA −4.695 → −4.70 (half away from zero)
    expect(fixed(partsFromNet(-46.95, rates))).toEqual({
      net: '-46.95',
      tax: '-5.63',
      fees: '0.00',
      brokerCommission: '-7.04',
      mgaCommission: '-4.70',
      insurerNet: '-35.21',
      payable: '-52.58',
    });
    expect(fixed(negateParts(partsFromNet(46.95, rates)))).toEqual(fixed(partsFromNet(-46.95, rates)));
  });

  it('adds and negates part by part', () => {
    const a = partsFromNet(100, rates, 25); // 100, 12, 25, 15, 10, 75, 137
    const b = partsFromNet(-40, rates); // −40, −4.80, 0, −6, −4, −30, −44.80
    expect(fixed(addParts(a, b))).toEqual({
      net: '60.00',
      tax: '7.20',
      fees: '25.00',
      brokerCommission: '9.00',
      mgaCommission: '6.00',
      insurerNet: '45.00',
      payable: '92.20',
    });
    expect(fixed(negateParts(a))).toEqual({
      net: '-100.00',
      tax: '-12.00',
      fees: '-25.00',
      brokerCommission: '-15.00',
      mgaCommission: '-10.00',
      insurerNet: '-75.00',
      payable: '-137.00',
    });
  });

  it('no movement is zero in every part, and adding it changes nothing', () => {
    const zero = '0.00';
    expect(fixed(ZERO_PARTS)).toEqual({
      net: zero,
      tax: zero,
      fees: zero,
      brokerCommission: zero,
      mgaCommission: zero,
      insurerNet: zero,
      payable: zero,
    });
    const parts = partsFromNet('10.00', rates, '2.50');
    expect(fixed(addParts(parts, ZERO_PARTS))).toEqual(fixed(parts));
  });

  it('answers JSON numbers with two decimals at most, never −0', () => {
    expect(partsAsAmounts(partsFromNet(-46.95, rates))).toEqual({
      net: -46.95,
      tax: -5.63,
      fees: 0,
      brokerCommission: -7.04,
      mgaCommission: -4.7,
      insurerNet: -35.21,
      payable: -52.58,
    });
    expect(Object.is(partsAsAmounts(partsFromNet(0, rates)).fees, 0)).toBe(true);
  });
});

describe('the journal side of a movement', () => {
  it('an additional premium is booked as it is (sign 1)', () => {
    const { sign, parts } = journalParts(partsFromNet(100, rates, 25));
    expect(sign).toBe(1);
    expect(fixed(parts)).toEqual({
      payable: '137.00',
      insurerNet: '75.00',
      brokerCommission: '15.00',
      mgaCommission: '10.00',
      tax: '12.00',
      fees: '25.00',
    });
  });

  it('a return premium is booked reversed with positive parts (sign −1)', () => {
    const { sign, parts } = journalParts(partsFromNet(-40, rates));
    expect(sign).toBe(-1);
    expect(fixed(parts)).toEqual({
      payable: '44.80',
      insurerNet: '30.00',
      brokerCommission: '6.00',
      mgaCommission: '4.00',
      tax: '4.80',
      fees: '0.00',
    });
  });

  it('a zero payable with a negative net (a return that a fee cancels out) is booked reversed', () => {
    // net −10, tax −1.20, fee +11.20: payable 0, but the net goes back to the customer
    const movement = partsFromNet(-10, rates, '11.20');
    expect(movement.payable.isZero()).toBe(true);
    const { sign, parts } = journalParts(movement);
    expect(sign).toBe(-1);
    expect(fixed(parts)).toEqual({
      payable: '0.00',
      insurerNet: '7.50',
      brokerCommission: '1.50',
      mgaCommission: '1.00',
      tax: '1.20',
      fees: '-11.20',
    });
  });

  it('a zero payable with a positive net is booked as it is', () => {
    const movement = partsFromNet(10, rates, '-11.20');
    expect(movement.payable.isZero()).toBe(true);
    expect(journalParts(movement).sign).toBe(1);
    expect(journalParts(partsFromNet(0, rates)).sign).toBe(1);
  });
});
