// Pet enrichment (sync): each pet's breed risk group and age band at inception.
import type { FieldError } from '@/lib/errors';
import { objectsOf, policyOf, warning } from '@/lib/products/common/enrichment-parts';
import type { EnrichmentStep, JsonObject } from '@/lib/products/types';
import { petAgeOrNull } from '@/lib/products/pet/pet-facts';
import { breedGroupOf, DEFAULT_GROUP, petAgeBandOf, SPECIES } from '@/lib/products/pet/tables';

export const breedRiskStep: EnrichmentStep = {
  name: 'breedRisk',
  title: 'Breed risk group and age band',
  mode: 'sync',
  run(payload: JsonObject) {
    const warnings: FieldError[] = [];
    const inception = policyOf(payload).dateInception;
    const objects = objectsOf(payload).map((pet, i) => {
      const species = SPECIES.find((s) => s === pet.species) ?? null;
      const input = typeof pet.breed === 'string' ? pet.breed : null;
      const lookup = species && input !== null ? breedGroupOf(species, input) : null;
      if (!lookup?.known) {
        warnings.push(
          warning(
            `/objects/${i}/breed`,
            `Breed ${input ?? '(none)'} is not in the breed table; rated in the default group ${DEFAULT_GROUP}`,
          ),
        );
      }
      const age = petAgeOrNull(pet, inception);
      return {
        species,
        input,
        breed: lookup?.breed ?? null,
        group: lookup?.group ?? DEFAULT_GROUP,
        known: lookup?.known ?? false,
        age,
        ageBand: age === null ? null : petAgeBandOf(age).label,
      };
    });
    return { objects, warnings };
  },
};

export const PET_ENRICHMENT: readonly EnrichmentStep[] = [breedRiskStep];
