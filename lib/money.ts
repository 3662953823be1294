// Money arithmetic on decimal.js. Binary floats never take part in a money calculation: a JSON
// number is converted through its shortest decimal string (0.1 stays exactly 0.1) and results
// leave as numbers with at most two decimals (API-CONTRACT §8).
import DecimalJs from 'decimal.js';

/**
 * A private clone so that no other module's `Decimal.set(...)` can change our precision or
 * rounding. 20 significant digits cover amounts up to 10^12 with room for rate factors; every
 * money result is rounded to the cent explicitly anyway.
 */
const Dec = DecimalJs.clone({ precision: 20, rounding: DecimalJs.ROUND_HALF_UP, toExpNeg: -21, toExpPos: 21 });

export type Decimal = DecimalJs;
export type MoneyInput = DecimalJs | number | string;

/** Amount and ISO 4217 currency as carried in JSON. */
export interface Money {
  amount: number;
  currency: string;
}

export const ZERO: Decimal = new Dec(0);

export function money(value: MoneyInput): Decimal {
  // Decimals are immutable, so one of ours can be shared instead of copied (the hot path).
  if (value instanceof Dec) return value;
  if (typeof value === 'number' && !Number.isFinite(value)) {
    throw new RangeError(`Not a finite amount: ${value}`);
  }
  return new Dec(value);
}

/** Half-up to the cent; ties move away from zero (-0.005 becomes -0.01), the commercial rule. */
export function roundMoney(value: MoneyInput): Decimal {
  return money(value).toDecimalPlaces(2, DecimalJs.ROUND_HALF_UP);
}

/** Towards zero to the cent: instalments are cut down and the cents left go to the first one. */
export function roundMoneyDown(value: MoneyInput): Decimal {
  return money(value).toDecimalPlaces(2, DecimalJs.ROUND_DOWN);
}

/** A JSON number with at most two decimals; never `-0`. */
export function toAmount(value: MoneyInput): number {
  const n = roundMoney(value).toNumber();
  return n === 0 ? 0 : n;
}

export function toMoney(value: MoneyInput, currency: string): Money {
  return { amount: toAmount(value), currency };
}

export function sumMoney(values: Iterable<MoneyInput>): Decimal {
  let total = ZERO;
  for (const v of values) total = total.plus(v);
  return total;
}

/** True when `value` is finite and has no more than two decimals (a valid JSON money amount). */
export function isCentAmount(value: number): boolean {
  return Number.isFinite(value) && money(value).decimalPlaces() <= 2;
}
