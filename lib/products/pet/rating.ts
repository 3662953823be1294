// Pet net premium (DOMAIN.md §9): per pet 180 (dog) or 110 (cat) a year × breed group × age band
// × vet fee limit × excess; pets add up; pro-rated for a term other than a year. The product
// has no minimum premium.
import { enumField, itemObject } from '@/lib/products/common/read';
import type { NetRating, RatingContext } from '@/lib/products/types';
import { breedGroupAt, petAgeAt, speciesAt } from '@/lib/products/pet/pet-facts';
import { PET_DEFAULTS } from '@/lib/products/pet/schema';
import {
  BASE_PREMIUM,
  EXCESS_FACTORS,
  GROUP_FACTORS,
  PET_EXCESSES,
  petAgeBandOf,
  VET_FEE_FACTORS,
  VET_FEE_LIMITS,
} from '@/lib/products/pet/tables';
import { PremiumSteps } from '@/lib/rating/premium-steps';
import { money } from '@/lib/money';

const ONE = money(1);

function ratePet(ctx: RatingContext, index: number): PremiumSteps {
  const base = `/objects/${index}`;
  const pet = itemObject(ctx.objects, index, '/objects');
  const steps = new PremiumSteps();
  const name = typeof pet.name === 'string' ? ` ${pet.name}` : '';

  const species = speciesAt(pet, base);
  steps.base(`${base}/species`, `Pet ${index + 1}${name}: ${species} base premium`, species, BASE_PREMIUM[species], ONE);

  const breed = breedGroupAt(ctx, index, species);
  const known = breed.known ? '' : ', breed not in table';
  steps.apply(
    `${base}/breed`,
    `Breed ${breed.input} (risk group ${breed.group}${known})`,
    breed.input,
    GROUP_FACTORS[breed.group],
    'factor',
  );

  const age = petAgeAt(ctx, index);
  const band = petAgeBandOf(age);
  const ageField = pet.dateOfBirth === undefined ? `${base}/age` : `${base}/dateOfBirth`;
  steps.apply(ageField, `Age ${age} (band ${band.label}${band.refer ? ', referred' : ''})`, age, band.factor, 'factor');

  const limit = enumField(pet, 'vetFeeLimit', base, VET_FEE_LIMITS, PET_DEFAULTS.vetFeeLimit);
  steps.apply(`${base}/vetFeeLimit`, `Vet fee limit ${limit}`, limit, VET_FEE_FACTORS[limit], limit === 2000 ? 'factor' : 'loading');

  const excess = enumField(pet, 'excess', base, PET_EXCESSES, PET_DEFAULTS.excess);
  steps.apply(`${base}/excess`, `Excess ${excess}`, excess, EXCESS_FACTORS[excess], excess === 99 ? 'factor' : 'discount');
  return steps;
}

export function ratePets(ctx: RatingContext): NetRating {
  const steps = new PremiumSteps();
  for (let i = 0; i < ctx.objects.length; i++) steps.include(ratePet(ctx, i));
  if (ctx.objects.length > 1) steps.subtotal('/objects', `Total for ${ctx.objects.length} pets`, ctx.objects.length);
  steps.prorate(ctx.termDays);
  return { net: steps.amount, fields: steps.fields };
}
