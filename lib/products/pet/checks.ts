// Pet rule JSON Schema cannot state: a pet is born by the inception date.
import type { FieldError } from '@/lib/errors';
import { compareDates, isIsoDate } from '@/lib/rating/dates';
import type { ProductPayload } from '@/lib/products/types';
import { validationMessages, type MessageLanguage } from '@/lib/products/validation-messages';

export function petChecks(payload: ProductPayload, language: MessageLanguage = 'en'): FieldError[] {
  const m = validationMessages(language);
  const errors: FieldError[] = [];
  const inception = payload.policy.dateInception;
  payload.objects.forEach((pet, i) => {
    const dob = pet.dateOfBirth;
    if (isIsoDate(dob) && isIsoDate(inception) && compareDates(dob, inception) > 0) {
      errors.push({ path: `/objects/${i}/dateOfBirth`, message: m.birthAfterInception });
    }
  });
  return errors;
}
