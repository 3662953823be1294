// Bundled rating tables of the home contents product (DOMAIN.md §9). Our own simplified data:
// each UK postcode area is placed in a contents risk zone A (lowest) … E (highest).
import { money, type Decimal } from '@/lib/money';

export type RiskZone = 'A' | 'B' | 'C' | 'D' | 'E';
export type BuildingType = 'flat' | 'terraced' | 'semi-detached' | 'detached';
export type HomeExcess = 100 | 250 | 500;
export type FloodRisk = 'low' | 'medium' | 'high';

export const RISK_ZONES: readonly RiskZone[] = ['A', 'B', 'C', 'D', 'E'];
export const BUILDING_TYPES: readonly BuildingType[] = ['flat', 'terraced', 'semi-detached', 'detached'];
export const HOME_EXCESSES: readonly HomeExcess[] = [100, 250, 500];

/** Unknown postcode areas are rated in the middle zone (factor 1.0) and reported as a warning. */
export const DEFAULT_ZONE: RiskZone = 'C';

export const SUM_INSURED_MIN = 5_000;
export const SUM_INSURED_MAX = 150_000;
export const CLAIMS_MAX = 20;

export const BASE_RATE = money('0.0045');
export const MINIMUM_PREMIUM = money(75);

export const ZONE_FACTORS: Readonly<Record<RiskZone, Decimal>> = {
  A: money('0.8'),
  B: money('0.9'),
  C: money('1.0'),
  D: money('1.2'),
  E: money('1.5'),
};

export const BUILDING_FACTORS: Readonly<Record<BuildingType, Decimal>> = {
  flat: money('0.9'),
  terraced: money('1.0'),
  'semi-detached': money('1.05'),
  detached: money('1.15'),
};

export const BURGLAR_ALARM_FACTOR = money('0.95');
export const APPROVED_LOCKS_FACTOR = money('0.95');
export const ACCIDENTAL_DAMAGE_FACTOR = money('1.20');

/** Claims in the last five years; two or more are referred and rated at the one-claim factor meanwhile. */
export const CLAIMS_FACTORS: readonly Decimal[] = [money('1.0'), money('1.25')];

export const EXCESS_FACTORS: Readonly<Record<HomeExcess, Decimal>> = {
  100: money('1.0'),
  250: money('0.92'),
  500: money('0.85'),
};

const ZONE_AREAS: Readonly<Record<RiskZone, string>> = {
  E: 'B E EC L M N NW SE SW W WC',
  D: 'BD BL BR BS CR CV DA EN G HA IG KT LE LS LU MK NE NG OL RM S SL SM SR SS TW UB WD WS WV',
  C: 'AB AL BB BH BN BT CB CF CH CM CO CT DD DE DH DN DY EH FK FY GL GU HD HP HU HX IP KA KY LN ME ML NN NP NR OX PA PE PL PO PR RG RH SA SG SK SN SO ST TF TS WA WF WN YO',
  B: 'BA CA CW DL DT EX HG HR LA LL SP SY TA TN TQ TR WR',
  A: 'DG HS IV KW LD PH TD ZE',
};

/** Postcode area (the letters before the first digit) → zone. */
export const ZONE_BY_AREA: ReadonlyMap<string, RiskZone> = new Map(
  RISK_ZONES.flatMap((zone) => ZONE_AREAS[zone].split(' ').map((area) => [area, zone] as const)),
);

/** Areas along large rivers and estuaries carry medium flood risk; the districts listed below, high. */
const FLOOD_MEDIUM_AREAS = new Set(['CA', 'DN', 'GL', 'HU', 'LN', 'PE', 'TA', 'YO', 'WR', 'SY', 'LA']);
const FLOOD_HIGH_DISTRICTS = new Set([
  'CA1',
  'CA2',
  'CA3',
  'DN14',
  'DN15',
  'GL19',
  'GL20',
  'HU1',
  'HU2',
  'HU3',
  'HU9',
  'LA9',
  'PE12',
  'PE13',
  'PE14',
  'TA7',
  'TA9',
  'TA10',
  'WR2',
  'YO1',
  'YO8',
  'YO23',
  'SY1',
  'SY3',
]);

export function floodRiskOf(area: string, district: string): FloodRisk {
  if (FLOOD_HIGH_DISTRICTS.has(district)) return 'high';
  return FLOOD_MEDIUM_AREAS.has(area) ? 'medium' : 'low';
}

export interface ParsedPostcode {
  /** Upper case with one space before the inward code: `SW1A 1AA`. */
  normalized: string;
  /** `SW1A`. */
  district: string;
  /** `SW`. */
  area: string;
}

const POSTCODE = /^([A-Z]{1,2})([0-9][A-Z0-9]?)([0-9][A-Z]{2})$/;

/** UK postcode parts, or null when the text is not shaped like a UK postcode. */
export function parsePostcode(text: string): ParsedPostcode | null {
  // Stryker disable next-line Regex: removing runs of spaces one at a time or all at once gives the same text
  const compact = text.toUpperCase().replace(/\s+/g, '');
  const m = POSTCODE.exec(compact);
  // Stryker disable next-line ConditionalExpression: once the pattern matched its three groups are set; the checks only narrow the types
  if (!m || m[1] === undefined || m[2] === undefined || m[3] === undefined) return null;
  const district = m[1] + m[2];
  return { normalized: `${district} ${m[3]}`, district, area: m[1] };
}

export interface ZoneLookup {
  area: string | null;
  zone: RiskZone;
  known: boolean;
}

/** The zone of a postcode; an unknown or malformed one gives the default zone with `known: false`. */
export function zoneOfPostcode(postcode: string): ZoneLookup {
  const parsed = parsePostcode(postcode);
  if (parsed === null) return { area: null, zone: DEFAULT_ZONE, known: false };
  const zone = ZONE_BY_AREA.get(parsed.area);
  return zone === undefined ? { area: parsed.area, zone: DEFAULT_ZONE, known: false } : { area: parsed.area, zone, known: true };
}
