// The calculation result (spec 2.3) and the pieces of the premium breakdown.

export type PaymentPlan = 'annual' | 'quarterly' | 'monthly';
export const PAYMENT_PLANS: readonly PaymentPlan[] = ['annual', 'quarterly', 'monthly'];

/** How a step changed the premium: the starting amount, a rating factor, an add-on, a discount or the floor. */
export type PremiumEffect = 'base' | 'factor' | 'loading' | 'discount' | 'minimum';

export interface PremiumField {
  /** JSON pointer of the payload field behind the step, or a name such as `termDays`. */
  field: string;
  label: string;
  value: string | number | boolean | null;
  factor: number;
  effect: PremiumEffect;
  /** The premium after this step, rounded to the cent. */
  amount: number;
}

export interface Instalment {
  sequence: number;
  dueDate: string;
  amount: number;
  currency: string;
  includesAdminFee: boolean;
}

export interface Referral {
  /** Stable rule code, e.g. `home.sum-insured-above-authority`. */
  rule: string;
  message: string;
  /** Field that triggered the rule, when there is one. */
  path?: string;
}

export interface CalculationData {
  /** The payable for the period (net + tax + admin fee + instalment surcharge). */
  periodPremium: number;
  currency: string;
  net: number;
  tax: number;
  taxRate: number;
  /** The place of risk's country, whose tax applies. */
  taxCountry: string;
  taxJurisdiction: string;
  /** The tax's name in its jurisdiction, in each language. */
  taxName: { en: string; de: string };
  adminFee: number;
  instalmentSurcharge: number;
  brokerCommission: number;
  brokerCommissionRate: number;
  mgaCommission: number;
  mgaCommissionRate: number;
  insurerNet: number;
  payable: number;
  paymentPlan: PaymentPlan;
  termDays: number;
}

export interface CalculationResult {
  data: CalculationData;
  fields: PremiumField[];
  installments: Instalment[];
  referrals: Referral[];
}
