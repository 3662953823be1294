// Home enrichment: the risk zone from the postcode area (sync: rating needs it) and the flood
// risk of the postcode district (async: informational for underwriters and documents).
import { objectsOf, warning } from '@/lib/products/common/enrichment-parts';
import type { FieldError } from '@/lib/errors';
import type { EnrichmentStep, JsonObject } from '@/lib/products/types';
import { DEFAULT_ZONE, floodRiskOf, parsePostcode, zoneOfPostcode, type FloodRisk, type RiskZone } from '@/lib/products/home/tables';

export interface ZoneEntry {
  /** The postcode as entered: rating trusts this entry only while the object still has it. */
  postcode: string | null;
  area: string | null;
  zone: RiskZone;
  known: boolean;
}

export function riskZoneEntry(postcode: unknown): ZoneEntry {
  if (typeof postcode !== 'string') return { postcode: null, area: null, zone: DEFAULT_ZONE, known: false };
  return { postcode, ...zoneOfPostcode(postcode) };
}

export const riskZoneStep: EnrichmentStep = {
  name: 'riskZone',
  title: 'Risk zone from the postcode area',
  mode: 'sync',
  run(payload: JsonObject) {
    const warnings: FieldError[] = [];
    const objects = objectsOf(payload).map((object, i) => {
      const entry = riskZoneEntry(object.postcode);
      if (!entry.known) {
        warnings.push(
          warning(
            `/objects/${i}/postcode`,
            `Postcode area ${entry.area ?? '(none)'} is not in the zone table; rated in the default zone ${DEFAULT_ZONE}`,
          ),
        );
      }
      return entry;
    });
    return { objects, warnings };
  },
};

export interface FloodEntry {
  postcode: string | null;
  district: string | null;
  floodRisk: FloodRisk | 'unknown';
}

export const floodRiskStep: EnrichmentStep = {
  name: 'floodRisk',
  title: 'Flood risk of the postcode district',
  mode: 'async',
  run(payload: JsonObject) {
    const warnings: FieldError[] = [];
    const objects = objectsOf(payload).map((object, i): FloodEntry => {
      const postcode = typeof object.postcode === 'string' ? object.postcode : null;
      const parsed = postcode === null ? null : parsePostcode(postcode);
      if (!parsed || !zoneOfPostcode(parsed.normalized).known) {
        warnings.push(warning(`/objects/${i}/postcode`, 'No flood data for this postcode; an underwriter may ask'));
        return { postcode, district: parsed?.district ?? null, floodRisk: 'unknown' };
      }
      return { postcode, district: parsed.district, floodRisk: floodRiskOf(parsed.area, parsed.district) };
    });
    return { objects, warnings };
  },
};

export const HOME_ENRICHMENT: readonly EnrichmentStep[] = [riskZoneStep, floodRiskStep];
