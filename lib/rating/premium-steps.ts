// The premium as a sequence of steps. Each step rounds the running premium half-up to the cent,
// so the printed breakdown can be redone by hand with a calculator and lands on the same net.
import { money, roundMoney, toAmount, ZERO, type Decimal } from '@/lib/money';
import type { PremiumEffect, PremiumField } from '@/lib/rating/types';
import { perObject } from '@/lib/rating/per-object';

const DAYS_PER_YEAR = money(365);
const ONE = money(1);

type FieldValue = PremiumField['value'];

/** Table factors are shared constants; converting each to a number once saves a string round trip per step. */
const factorNumber = perObject((factor: Decimal) => factor.toNumber());

export class PremiumSteps {
  private current: Decimal = ZERO;
  readonly fields: PremiumField[] = [];

  get amount(): Decimal {
    return this.current;
  }

  /** Adds a base amount (rate × quantity) to the premium; several bases add up (per traveller, per pet). */
  base(field: string, label: string, value: FieldValue, amount: Decimal, factor: Decimal): this {
    this.current = this.current.plus(roundMoney(amount));
    return this.push(field, label, value, factor, 'base');
  }

  /** Multiplies the running premium by a rating factor, a loading (> 1) or a discount (< 1). */
  apply(field: string, label: string, value: FieldValue, factor: Decimal, effect: Exclude<PremiumEffect, 'base' | 'minimum'>): this {
    this.current = roundMoney(this.current.times(factor));
    return this.push(field, label, value, factor, effect);
  }

  /**
   * Scales an annual premium to a term that is not a whole year: days of cover ÷ 365. Terms of
   * 365 or 366 days are a year (a leap year costs the same), so nothing is shown for them.
   */
  prorate(termDays: number): this {
    if (termDays === 365 || termDays === 366) return this;
    return this.apply(
      'termDays',
      `Term of ${termDays} days (${termDays}/365 of the annual premium)`,
      termDays,
      money(termDays).div(DAYS_PER_YEAR),
      'factor',
    );
  }

  /** The product's minimum premium, applied last to the net. */
  minimum(minimum: Decimal): this {
    if (this.current.gte(minimum)) return this;
    this.current = minimum;
    return this.push('minimumPremium', `Minimum premium ${minimum.toFixed(2)}`, minimum.toNumber(), ONE, 'minimum');
  }

  /** Takes over the steps and the amount of a sub-calculation (one pet of several). */
  include(part: PremiumSteps): this {
    this.current = this.current.plus(part.current);
    for (const f of part.fields) this.fields.push(f);
    return this;
  }

  /** A line that states the running total, e.g. the sum over several insured objects. */
  subtotal(field: string, label: string, value: FieldValue): this {
    return this.push(field, label, value, ONE, 'base');
  }

  private push(field: string, label: string, value: FieldValue, factor: Decimal, effect: PremiumEffect): this {
    this.fields.push({ field, label, value, factor: factorNumber(factor), effect, amount: toAmount(this.current) });
    return this;
  }
}
