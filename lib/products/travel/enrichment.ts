// Travel enrichment (sync): the region of the destination and of each country visited, the trip
// days, and each traveller's age band at inception.
import type { FieldError } from '@/lib/errors';
import { objectsOf, policyOf, warning } from '@/lib/products/common/enrichment-parts';
import type { EnrichmentStep, JsonObject } from '@/lib/products/types';
import { destinationOf, ratedDays, termDaysOf, travellerAge, tripTypeOf } from '@/lib/products/travel/trip';
import { ageBandOf, DESTINATION_LABELS, DESTINATION_REGIONS, regionOf } from '@/lib/products/travel/tables';

export const tripStep: EnrichmentStep = {
  name: 'trip',
  title: 'Region, trip days and age bands',
  mode: 'sync',
  run(payload: JsonObject) {
    const warnings: FieldError[] = [];
    const policy = policyOf(payload);
    const destination = destinationOf(policy);
    const tripType = tripTypeOf(policy);
    const termDays = termDaysOf(policy);
    const covered = destination ? DESTINATION_REGIONS[destination] : [];
    const countries = (Array.isArray(policy.countries) ? policy.countries : [])
      .filter((c): c is string => typeof c === 'string')
      .map((code, i) => {
        const region = regionOf(code);
        if (destination && !covered.includes(region)) {
          warnings.push(warning(`/policy/countries/${i}`, `${code} is outside the chosen destination ${DESTINATION_LABELS[destination]}`));
        }
        return { code, region };
      });
    const travellers = objectsOf(payload).map((traveller, i) => {
      const age = travellerAge(traveller, policy.dateInception);
      if (age === null) warnings.push(warning(`/objects/${i}/dateOfBirth`, 'No usable date of birth; the age band is unknown'));
      return { age, band: age === null ? null : ageBandOf(age).label };
    });
    return {
      destination,
      region: destination ? DESTINATION_LABELS[destination] : null,
      coveredRegions: covered,
      countries,
      tripType,
      termDays,
      ratedDays: termDays === null ? null : ratedDays(tripType, termDays),
      travellers,
      warnings,
    };
  },
};

export const TRAVEL_ENRICHMENT: readonly EnrichmentStep[] = [tripStep];
