// Rules about the policy term that every product shares and JSON Schema cannot express.
import type { FieldError } from '@/lib/errors';
import { addMonths, ageOn, compareDates, isIsoDate } from '@/lib/rating/dates';
import { isObject } from '@/lib/products/common/read';
import type { JsonObject } from '@/lib/products/types';

export const TERM_MONTHS_MAX = 18;
export const POLICYHOLDER_AGE_MIN = 18;

/** Expiry after inception, and a term of at most 18 months. */
export function termChecks(policy: JsonObject): FieldError[] {
  const { dateInception: from, dateExpiry: to } = policy;
  if (!isIsoDate(from) || !isIsoDate(to)) return [];
  if (compareDates(to, from) <= 0) {
    return [{ path: '/policy/dateExpiry', message: 'Expiry date must be after the inception date' }];
  }
  const latest = addMonths(from, TERM_MONTHS_MAX);
  if (compareDates(to, latest) > 0) {
    return [{ path: '/policy/dateExpiry', message: `The term may last at most ${TERM_MONTHS_MAX} months: expiry no later than ${latest}` }];
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
