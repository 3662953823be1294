// Age and breed group of a pet, shared by enrichment, rating, referral and checks.
import { ageOn, isIsoDate } from '@/lib/rating/dates';
import {
  enumField,
  isObject,
  itemObject,
  optionalDateField,
  optionalNumberField,
  stringField,
  unratable,
} from '@/lib/products/common/read';
import type { JsonObject, RatingContext } from '@/lib/products/types';
import { breedGroupOf, SPECIES, type BreedLookup, type RiskGroup, type Species } from '@/lib/products/pet/tables';

/** Age in whole years at inception: from the date of birth when given, else the stated age. */
export function petAgeAt(ctx: RatingContext, index: number): number {
  const base = `/objects/${index}`;
  const pet = itemObject(ctx.objects, index, '/objects');
  const dob = optionalDateField(pet, 'dateOfBirth', base);
  if (dob !== undefined) {
    const age = ageOn(dob, ctx.inception);
    return age >= 0 ? age : unratable(`${base}/dateOfBirth`, 'must not be after the inception date');
  }
  const age = optionalNumberField(pet, 'age', base);
  return age !== undefined && Number.isInteger(age) && age >= 0
    ? age
    : unratable(`${base}/age`, 'give the date of birth or the age in years');
}

/** The same age without throwing, for enrichment over incomplete data. */
export function petAgeOrNull(pet: JsonObject, inception: unknown): number | null {
  if (isIsoDate(pet.dateOfBirth)) {
    return isIsoDate(inception) && ageOn(pet.dateOfBirth, inception) >= 0 ? ageOn(pet.dateOfBirth, inception) : null;
  }
  return typeof pet.age === 'number' && Number.isInteger(pet.age) && pet.age >= 0 ? pet.age : null;
}

export function speciesAt(pet: JsonObject, base: string): Species {
  return enumField(pet, 'species', base, SPECIES);
}

/** The group from the stored enrichment while it still describes this species and breed; else looked up now. */
export function breedGroupAt(ctx: RatingContext, index: number, species: Species): BreedLookup & { input: string } {
  const base = `/objects/${index}`;
  const input = stringField(itemObject(ctx.objects, index, '/objects'), 'breed', base);
  const stored = ctx.enrichment.breedRisk;
  if (isObject(stored) && Array.isArray(stored.objects)) {
    const entry: unknown = stored.objects[index];
    if (isObject(entry) && entry.input === input && entry.species === species) {
      const group = ([1, 2, 3, 4] as const).find((g): g is RiskGroup => g === entry.group);
      if (group !== undefined && typeof entry.breed === 'string') {
        return { input, breed: entry.breed, group, known: entry.known === true };
      }
    }
  }
  return { input, ...breedGroupOf(species, input) };
}
