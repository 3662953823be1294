// Rules about the policy term that every product shares and JSON Schema cannot express.
import type { FieldError } from '@/lib/errors';
import { addDays, addMonths, ageOn, compareDates, isIsoDate } from '@/lib/rating/dates';
import { isObject } from '@/lib/products/common/read';
import type { JsonObject, ProductDefinition } from '@/lib/products/types';
import { validationMessages, type MessageLanguage } from '@/lib/products/validation-messages';

export const TERM_MONTHS_MAX = 18;
export const POLICYHOLDER_AGE_MIN = 18;

/**
 * The first day no longer covered: the expiry date, or the day after it when the product covers
 * the expiry day (a trip 1–14 May ends at the start of 15 May: 14 days of cover).
 */
export function coverEndOf(product: Pick<ProductDefinition, 'coversExpiryDay'>, policy: JsonObject, expiry: string): string {
  return product.coversExpiryDay?.(policy) ? addDays(expiry, 1) : expiry;
}

/**
 * At least one day of cover (expiry after inception; on or after it when the expiry day is
 * covered, so a day trip is one day), and a term of at most 18 months.
 */
export function termChecks(
  policy: JsonObject,
  product: Pick<ProductDefinition, 'coversExpiryDay'> = {},
  language: MessageLanguage = 'en',
): FieldError[] {
  const m = validationMessages(language);
  const { dateInception: from, dateExpiry: to } = policy;
  if (!isIsoDate(from) || !isIsoDate(to)) return [];
  if (compareDates(coverEndOf(product, policy, to), from) <= 0) {
    const message = product.coversExpiryDay?.(policy) ? m.expiryNotBeforeInception : m.expiryAfterInception;
    return [{ path: '/policy/dateExpiry', message }];
  }
  const latest = addMonths(from, TERM_MONTHS_MAX);
  if (compareDates(to, latest) > 0) {
    return [{ path: '/policy/dateExpiry', message: m.termAtMost(TERM_MONTHS_MAX, latest) }];
  }
  return [];
}

/** Bind-time rules: inception not in the past, and a policyholder of age at inception. */
export function bindTermChecks(payload: JsonObject, asOf: string): FieldError[] {
  const errors: FieldError[] = [];
  const policy = isObject(payload.policy) ? payload.policy : {};
  const inception = policy.dateInception;
  if (isIsoDate(inception) && compareDates(inception, asOf) < 0) {
    errors.push({ path: '/policy/dateInception', message: `Inception date ${inception} is in the past (today is ${asOf})` });
  }
  const customer = isObject(payload.customer) ? payload.customer : {};
  const dob = customer.dateOfBirth;
  if (isIsoDate(dob) && isIsoDate(inception) && ageOn(dob, inception) < POLICYHOLDER_AGE_MIN) {
    errors.push({ path: '/customer/dateOfBirth', message: `The policyholder must be at least ${POLICYHOLDER_AGE_MIN} at inception` });
  }
  return errors;
}
