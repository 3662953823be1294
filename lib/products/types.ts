// What a product is made of. The registry, validation, enrichment and the rating engine only
// know this interface; a product folder fills it in.
import type { FieldError } from '@/lib/errors';
import type { Decimal } from '@/lib/money';
import type { TerminationReasonCode } from './termination-reasons';
import type { MessageLanguage } from './validation-messages';
import type { TaxCountry } from '@/lib/rating/tax';
import type { LineOfBusiness } from '@/lib/rating/tax-table';
import type { PaymentPlan, PremiumField, Referral } from '@/lib/rating/types';
import type { JsonSchema } from '@/lib/products/common/json-schema';

export type JsonObject = Record<string, unknown>;

export interface PolicyData {
  dateInception: string;
  dateExpiry: string;
  paymentPlan?: PaymentPlan;
  [option: string]: unknown;
}

/**
 * A create payload that passed the product schema (defaults applied). A type alias, not an
 * interface, so that it is assignable to `JsonObject` where steps take any stored data.
 */
export type ProductPayload = {
  product: string;
  policy: PolicyData;
  customer: JsonObject;
  agent?: JsonObject;
  objects: JsonObject[];
};

export interface ShortRateBand {
  /** Cancelled with an effective date up to this many months after inception… */
  withinMonths: number;
  /** …the insurer keeps this percentage of the term's net premium. */
  keepPercent: number;
}

export interface InstalmentPlanSetting {
  /** Instalments in a full year; fewer when the term ends earlier. */
  count: number;
  /** Share of the premium (without the admin fee) due as the first instalment. */
  depositPercent?: number;
}

export interface CoolingOffExclusions {
  onceStarted: boolean;
  termShorterThanMonths: number;
}

export interface ProductSettings {
  currency: string;
  /** The product's own country: the place of risk when it is `product-country`. */
  taxCountry: TaxCountry;
  /** The line of business whose tax rate applies (UK IPT: travel at the higher rate). */
  lineOfBusiness: LineOfBusiness;
  /**
   * Where the risk lies for tax: the product's country (home contents: the property, whose
   * postcodes the product rates, is there) or the policyholder's country of residence.
   */
  placeOfRisk: 'product-country' | 'residence';
  adminFee: number;
  brokerCommissionRate: number;
  mgaCommissionRate: number;
  /** Surcharge on net + tax when paying monthly, e.g. 0.03. */
  monthlySurcharge: number;
  renewalWindowDays: number;
  coolingOffDays: number;
  /**
   * When cooling-off does not apply although inside its days (UK and German travel rules): once
   * cover has started (a trip under way), or for a term shorter than this many months.
   */
  coolingOffExclusions?: CoolingOffExclusions;
  shortRateTable: readonly ShortRateBand[];
  /**
   * A cancellation from inception (not taken up: effective on or before inception) returns the
   * whole premium; the fees (administrative fee and instalment surcharge) are returned or kept
   * as the product says. A flat termination asked for as such (issued by mistake) returns all.
   */
  cancellationFromInception: { fees: InceptionCancellationFees };
  /** Days after the termination date within which a terminated policy may be reinstated. */
  reinstatementDays: number;
  /** Days from its calculation for which a quote may be bound and issued at its price. */
  quoteValidityDays: number;
  /** Sum insured above which a quote is referred; null when the product has none. */
  authorityLimit: number | null;
  /** Plans the product offers; the schema's `paymentPlan` enum is derived from it. */
  instalmentPlans: Readonly<Partial<Record<PaymentPlan, InstalmentPlanSetting>>>;
  /** IANA zone whose dates the product's cover and "today" follow, when it differs from the tenant's. */
  timeZone?: string;
  arrears: ArrearsSetting;
  /** The reasons a termination may give (a code from this list, plus an optional note). */
  terminationReasons: readonly TerminationReasonCode[];
}

export type InceptionCancellationFees = 'returned' | 'retained';

/** What happens when an instalment is not paid (the daily arrears job). */
export interface ArrearsSetting {
  /** Days after an instalment's due date before the policy may be cancelled for non-payment. */
  graceDays: number;
  /** Cancel (pro-rata, from the day the grace period ends) when an instalment is still owed after it. */
  cancelForNonPayment: boolean;
}

/** Step output, stored under `enrichment[step.name]`; `warnings` reports fallbacks. */
export type EnrichmentOutput = JsonObject & { warnings?: FieldError[] };

export interface EnrichmentStep {
  name: string;
  title: string;
  /** `sync` steps run inside create; `async` steps run as queued jobs afterwards. */
  mode: 'sync' | 'async';
  /** Pure over the bundled tables; never throws on incomplete data (it warns instead). */
  run(payload: JsonObject): EnrichmentOutput;
}

export interface RatingContext {
  data: JsonObject;
  policy: JsonObject;
  objects: readonly unknown[];
  enrichment: Readonly<Record<string, unknown>>;
  inception: string;
  expiry: string;
  /** expiry − inception: the DOMAIN's days of cover. */
  termDays: number;
}

export interface NetRating {
  /** Net premium for the term, rounded to the cent. */
  net: Decimal;
  fields: PremiumField[];
}

export interface ReferralRule {
  rule: string;
  description: string;
  check(ctx: RatingContext, settings: ProductSettings): Referral[];
}

export interface ProductDefinition {
  code: string;
  title: string;
  description: string;
  schema: JsonSchema;
  settings: ProductSettings;
  /** A complete, valid create payload with dates relative to `asOf` (so it never goes stale). */
  example(asOf: string): ProductPayload;
  enrichment: readonly EnrichmentStep[];
  rate(ctx: RatingContext): NetRating;
  referralRules: readonly ReferralRule[];
  /** JSON pointers (`*` for every array item) that must be filled in before bind. */
  bindRequired: readonly string[];
  /** Cross-field rules JSON Schema cannot say; run after the schema passed. */
  checks?(payload: ProductPayload, language?: MessageLanguage): FieldError[];
  /** Consistency rules for bind and issue only. */
  bindChecks?(payload: ProductPayload, asOf: string): FieldError[];
  /** Renewal rules (DOMAIN.md §6); without them a policy renews with its data as it is. */
  renewal?: RenewalRules;
  /**
   * True when the expiry date is itself covered (a single trip's return day, DOMAIN.md §1): cover
   * then ends at the local midnight after it. Without it the expiry day is not covered.
   */
  coversExpiryDay?(policy: JsonObject): boolean;
}

export interface RenewalRules {
  /** The data with the facts that change with time moved on by whole years (a stated age). */
  moveFacts?(payload: ProductPayload, years: number): ProductPayload;
  /**
   * Why a policy with this policy data does not renew at all (a single trip), or null when it
   * does. Without it every policy of the product renews.
   */
  nonRenewableReason?(policy: JsonObject): string | null;
}

export interface ProductSummary {
  code: string;
  title: string;
  description: string;
  schemaPath: string;
  currency: string;
  example: ProductPayload;
  terminationReasons: { code: TerminationReasonCode; label: string }[];
}
