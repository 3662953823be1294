// Travel rules JSON Schema cannot state: travellers born by inception (always), and for bind an
// annual cover of exactly one year and countries that lie within the destination.
import type { FieldError } from '@/lib/errors';
import { addYears, compareDates, isIsoDate } from '@/lib/rating/dates';
import type { ProductPayload } from '@/lib/products/types';
import { validationMessages, type MessageLanguage } from '@/lib/products/validation-messages';
import { destinationOf, tripTypeOf } from '@/lib/products/travel/trip';
import { DESTINATION_LABELS, DESTINATION_REGIONS, regionOf } from '@/lib/products/travel/tables';

export function travelChecks(payload: ProductPayload, language: MessageLanguage = 'en'): FieldError[] {
  const m = validationMessages(language);
  const errors: FieldError[] = [];
  const inception = payload.policy.dateInception;
  payload.objects.forEach((traveller, i) => {
    const dob = traveller.dateOfBirth;
    if (isIsoDate(dob) && isIsoDate(inception) && compareDates(dob, inception) > 0) {
      errors.push({ path: `/objects/${i}/dateOfBirth`, message: m.birthAfterInception });
    }
  });
  return errors;
}

export function travelBindChecks(payload: ProductPayload): FieldError[] {
  const m = validationMessages();
  const errors: FieldError[] = [];
  const { policy } = payload;
  if (tripTypeOf(policy) === 'annual' && isIsoDate(policy.dateInception) && policy.dateExpiry !== addYears(policy.dateInception, 1)) {
    errors.push({
      path: '/policy/dateExpiry',
      message: m.annualLastsOneYear(addYears(policy.dateInception, 1)),
    });
  }
  const destination = destinationOf(policy);
  const countries = Array.isArray(policy.countries) ? policy.countries : [];
  if (destination) {
    countries.forEach((code, i) => {
      if (typeof code === 'string' && !DESTINATION_REGIONS[destination].includes(regionOf(code))) {
        errors.push({
          path: `/policy/countries/${i}`,
          message: m.notInDestination(code, DESTINATION_LABELS[destination]),
        });
      }
    });
  }
  return errors;
}
