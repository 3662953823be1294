// The premium engine: the product rates the net, then tax, admin fee, instalment surcharge,
// commissions and instalments follow the same rules for every product (DOMAIN.md §2–3).
// Pure and deterministic; per call it reads the payload once and does a few dozen Decimal steps.
import { money, roundMoney, toAmount, ZERO, type Decimal } from '@/lib/money';
import { arrayField, dateField, enumField, isObject, objectField, unratable } from '@/lib/products/common/read';
import { coverEndOf } from '@/lib/products/term-checks';
import { getProduct } from '@/lib/products/registry';
import type { ProductDefinition, ProductSettings, RatingContext } from '@/lib/products/types';
import { splitCommission } from '@/lib/rating/commission';
import { daysBetween } from '@/lib/rating/dates';
import { perObject } from '@/lib/rating/per-object';
import { buildInstalments, instalmentCountFor } from '@/lib/rating/instalments';
import { taxOn } from '@/lib/rating/tax';
import { taxFor, type TaxChoice } from '@/lib/rating/tax-table';
import { PAYMENT_PLANS, type CalculationResult, type PaymentPlan } from '@/lib/rating/types';

export interface CalculatePremiumInput {
  product: ProductDefinition | string;
  /** The stored payload (validated when saved); only the fields rating needs are checked again. */
  data: unknown;
  /** Stored enrichment results keyed by step name; a missing or stale entry is looked up afresh. */
  enrichment?: Readonly<Record<string, unknown>>;
  /** Overrides `policy.paymentPlan`, e.g. to show the price of another plan. */
  plan?: PaymentPlan;
}

interface CompiledSettings {
  adminFee: Decimal;
  brokerRate: Decimal;
  mgaRate: Decimal;
  monthlySurcharge: Decimal;
}

/** Settings turned into Decimals once per product, not once per call. */
const settingsOf = perObject((product: ProductDefinition): CompiledSettings => ({
  adminFee: roundMoney(product.settings.adminFee),
  brokerRate: money(product.settings.brokerCommissionRate),
  mgaRate: money(product.settings.mgaCommissionRate),
  monthlySurcharge: money(product.settings.monthlySurcharge),
}));

/** The tax of the place of risk (the product's country, or the policyholder's residence) on the inception date. */
function taxOfPlace(settings: ProductSettings, data: Record<string, unknown>, inception: string): TaxChoice {
  const residence = settings.placeOfRisk === 'residence';
  const customer = isObject(data.customer) ? data.customer : {};
  const address = isObject(customer.address) ? customer.address : {};
  const country = residence && typeof address.country === 'string' ? address.country.toUpperCase() : settings.taxCountry;
  return (
    taxFor(country, settings.lineOfBusiness, inception) ??
    unratable(
      residence ? '/customer/address/country' : '/policy/dateInception',
      `no insurance premium tax is known for ${country} on ${inception}`,
    )
  );
}

export function calculatePremium(input: CalculatePremiumInput): CalculationResult {
  const product = typeof input.product === 'string' ? getProduct(input.product) : input.product;
  const settings = product.settings;
  const compiled = settingsOf(product);

  const data = isObject(input.data) ? input.data : unratable('', 'must be a JSON object');
  const policy = objectField(data, 'policy', '');
  const objects = arrayField(data, 'objects', '');
  if (objects.length === 0) unratable('/objects', 'needs at least one insured object');
  const inception = dateField(policy, 'dateInception', '/policy');
  const expiry = dateField(policy, 'dateExpiry', '/policy');
  // Days of cover: to the expiry date, or through it when the product covers that day (a trip's return day).
  const termDays = daysBetween(inception, coverEndOf(product, policy, expiry));
  if (termDays <= 0) unratable('/policy/dateExpiry', 'must be after the inception date');

  const plan = input.plan ?? enumField(policy, 'paymentPlan', '/policy', PAYMENT_PLANS, 'annual');
  const planSetting = settings.instalmentPlans[plan] ?? unratable('/policy/paymentPlan', `${plan} is not offered for ${product.title}`);

  const ctx: RatingContext = { data, policy, objects, enrichment: input.enrichment ?? {}, inception, expiry, termDays };
  const { net, fields } = product.rate(ctx);

  const taxChoice = taxOfPlace(settings, data, inception);
  const tax = taxOn(net, taxChoice.rate);
  // The monthly surcharge is a charge for credit on what the customer owes for cover (net + tax);
  // it is neither taxed nor commissioned.
  const surcharge = plan === 'monthly' ? roundMoney(net.plus(tax).times(compiled.monthlySurcharge)) : ZERO;
  const payable = net.plus(tax).plus(compiled.adminFee).plus(surcharge);
  const split = splitCommission(net, compiled.brokerRate, compiled.mgaRate);

  const installments = buildInstalments({
    payable,
    adminFee: compiled.adminFee,
    currency: settings.currency,
    inceptionDate: inception,
    plan,
    count: instalmentCountFor(plan, planSetting.count, inception, expiry),
    // Stryker disable next-line ConditionalExpression: an absent deposit and one set to undefined split the same way
    ...(planSetting.depositPercent === undefined ? {} : { depositPercent: planSetting.depositPercent }),
  });

  const referrals = product.referralRules.flatMap((rule) => rule.check(ctx, settings));
  const payableAmount = toAmount(payable);

  return {
    data: {
      periodPremium: payableAmount,
      currency: settings.currency,
      net: toAmount(net),
      tax: toAmount(tax),
      taxRate: taxChoice.rate.toNumber(),
      taxCountry: taxChoice.country,
      taxJurisdiction: taxChoice.jurisdiction,
      taxName: taxChoice.name,
      adminFee: toAmount(compiled.adminFee),
      instalmentSurcharge: toAmount(surcharge),
      brokerCommission: toAmount(split.brokerCommission),
      brokerCommissionRate: settings.brokerCommissionRate,
      mgaCommission: toAmount(split.mgaCommission),
      mgaCommissionRate: settings.mgaCommissionRate,
      insurerNet: toAmount(split.insurerNet),
      payable: payableAmount,
      paymentPlan: plan,
      termDays,
    },
    fields,
    installments,
    referrals,
  };
}
