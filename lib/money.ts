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

/**
 * The number of a Decimal with at most two decimals (`toAmount` rounds it first), without the
 * string that Decimal's `toNumber` builds and parses. decimal.js documents its value as `s` (sign),
 * `e` (base-10 exponent) and `d` (base-10^7 words, word i worth 10^(7 × (⌊e/7⌋ − i)), no trailing
 * zero words). Below 10^13 the words add up to an exact whole number of cents under 2^53, and
 * cents ÷ 100 is the double nearest the amount: the one parsing its decimal string gives. Larger
 * amounts take decimal.js's path.
 */
function centsAmountToNumber(value: Decimal): number {
  const words = value.d;
  if (!words || value.e >= 13) return value.toNumber();
  // The power of 10^7 of the word at hand, from the first word down.
  let power = Math.floor(value.e / 7);
  let cents = 0;
  for (const word of words) {
    if (power === 1) cents += word * 1e9;
    else if (power === 0) cents += word * 100;
    // The word after the point: the cents in its first two digits, zeros after them. With at most
    // two decimals there is no word below it.
    else cents += word / 100_000;
    power--;
  }
  const amount = cents / 100;
  // Stryker disable next-line EqualityOperator: a finite Decimal's sign is 1 or -1, never 0
  return value.s < 0 && amount !== 0 ? -amount : amount;
}

/** A JSON number with at most two decimals; never `-0`. */
export function toAmount(value: MoneyInput): number {
  const amount = money(value);
  // Most amounts reach here already rounded (every premium step is): no second rounding then.
  return centsAmountToNumber(amount.decimalPlaces() <= 2 ? amount : roundMoney(amount));
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
