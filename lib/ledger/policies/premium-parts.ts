import { money, roundMoney, toAmount, ZERO, type Decimal, type MoneyInput } from '@/lib/money';
import { splitCommission } from '@/lib/rating/commission';
import { taxOn } from '@/lib/rating/tax';
import type { PremiumParts } from '@/lib/ledger/billing/journal';

// A premium movement split into the parts the journal books (DOMAIN.md §2, §10). Amounts are
// signed: an additional premium is positive, a return premium negative. Every part is rounded
// to the cent on its own and the totals are derived from the rounded parts.

export interface PremiumAmounts {
  net: Decimal;
  tax: Decimal;
  /** Administrative fee and instalment surcharge (the `fee-income` account). */
  fees: Decimal;
  brokerCommission: Decimal;
  mgaCommission: Decimal;
  insurerNet: Decimal;
  payable: Decimal;
}

export interface PremiumRates {
  taxRate: MoneyInput;
  brokerRate: MoneyInput;
  mgaRate: MoneyInput;
}

/** Tax follows the net; commissions split the net; rounding half-up away from zero keeps -x the mirror of x. */
export function partsFromNet(netInput: MoneyInput, rates: PremiumRates, feesInput: MoneyInput = ZERO): PremiumAmounts {
  const net = roundMoney(netInput);
  const fees = roundMoney(feesInput);
  const tax = taxOn(net, money(rates.taxRate));
  const split = splitCommission(net, rates.brokerRate, rates.mgaRate);
  return {
    net,
    tax,
    fees,
    brokerCommission: split.brokerCommission,
    mgaCommission: split.mgaCommission,
    insurerNet: split.insurerNet,
    payable: net.plus(tax).plus(fees),
  };
}

/** No movement at all. */
export const ZERO_PARTS: PremiumAmounts = {
  net: ZERO,
  tax: ZERO,
  fees: ZERO,
  brokerCommission: ZERO,
  mgaCommission: ZERO,
  insurerNet: ZERO,
  payable: ZERO,
};

export function negateParts(parts: PremiumAmounts): PremiumAmounts {
  return mapParts(parts, (value) => value.negated());
}

export function addParts(a: PremiumAmounts, b: PremiumAmounts): PremiumAmounts {
  return {
    net: a.net.plus(b.net),
    tax: a.tax.plus(b.tax),
    fees: a.fees.plus(b.fees),
    brokerCommission: a.brokerCommission.plus(b.brokerCommission),
    mgaCommission: a.mgaCommission.plus(b.mgaCommission),
    insurerNet: a.insurerNet.plus(b.insurerNet),
    payable: a.payable.plus(b.payable),
  };
}

function mapParts(parts: PremiumAmounts, fn: (value: Decimal) => Decimal): PremiumAmounts {
  return {
    net: fn(parts.net),
    tax: fn(parts.tax),
    fees: fn(parts.fees),
    brokerCommission: fn(parts.brokerCommission),
    mgaCommission: fn(parts.mgaCommission),
    insurerNet: fn(parts.insurerNet),
    payable: fn(parts.payable),
  };
}

/** The journal's unsigned parts and the side: a negative movement books `premiumLines(parts, -1)`. */
export function journalParts(parts: PremiumAmounts): { parts: PremiumParts; sign: 1 | -1 } {
  const sign = parts.payable.isNegative() || (parts.payable.isZero() && parts.net.isNegative()) ? -1 : 1;
  const abs = sign === 1 ? parts : negateParts(parts);
  return {
    sign,
    parts: {
      payable: abs.payable,
      insurerNet: abs.insurerNet,
      brokerCommission: abs.brokerCommission,
      mgaCommission: abs.mgaCommission,
      tax: abs.tax,
      fees: abs.fees,
    },
  };
}

/** JSON numbers (at most two decimals) for answers and events. */
export function partsAsAmounts(parts: PremiumAmounts) {
  return {
    net: toAmount(parts.net),
    tax: toAmount(parts.tax),
    fees: toAmount(parts.fees),
    brokerCommission: toAmount(parts.brokerCommission),
    mgaCommission: toAmount(parts.mgaCommission),
    insurerNet: toAmount(parts.insurerNet),
    payable: toAmount(parts.payable),
  };
}
