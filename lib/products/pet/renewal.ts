// Pet renewal: a stated age (given when the date of birth is not known) is one year older each
// year, so the age band and the over-10 referral move with it. An age from a date of birth moves
// by itself, since it is taken at the new inception (and wins over a stated age given beside it).
import type { JsonObject, RenewalRules } from '@/lib/products/types';

export const PET_RENEWAL: RenewalRules = {
  moveFacts(payload, years) {
    const objects = payload.objects.map((pet): JsonObject =>
      typeof pet.age === 'number' && pet.dateOfBirth === undefined ? { ...pet, age: pet.age + years } : pet,
    );
    return { ...payload, objects };
  },
};
