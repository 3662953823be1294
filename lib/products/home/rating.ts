// Home contents net premium (DOMAIN.md §9): 0.45 % of the sum insured × zone × building type,
// alarm and lock discounts, claims loading, accidental damage loading, excess; pro-rated for a
// term other than a year; at least 75.
import { money } from '@/lib/money';
import { formatNumber } from '@/lib/products/common/format';
import { booleanField, enumField, isObject, itemObject, numberField, optionalNumberField, stringField } from '@/lib/products/common/read';
import { riskZoneEntry } from '@/lib/products/home/enrichment';
import { HOME_DEFAULTS } from '@/lib/products/home/schema';
import {
  ACCIDENTAL_DAMAGE_FACTOR,
  APPROVED_LOCKS_FACTOR,
  BASE_RATE,
  BUILDING_FACTORS,
  BUILDING_TYPES,
  BURGLAR_ALARM_FACTOR,
  CLAIMS_FACTORS,
  EXCESS_FACTORS,
  HOME_EXCESSES,
  MINIMUM_PREMIUM,
  RISK_ZONES,
  ZONE_FACTORS,
  type RiskZone,
} from '@/lib/products/home/tables';
import type { JsonObject, NetRating, RatingContext } from '@/lib/products/types';
import { PremiumSteps } from '@/lib/rating/premium-steps';

const ONE_CLAIM = CLAIMS_FACTORS[1] ?? money('1.25');
const NO_CLAIMS = CLAIMS_FACTORS[0] ?? money('1.0');

/** The zone from the stored enrichment while it still describes this postcode; else looked up now. */
function zoneFor(ctx: RatingContext, index: number, postcode: string): { zone: RiskZone; area: string | null } {
  const stored = ctx.enrichment.riskZone;
  if (isObject(stored) && Array.isArray(stored.objects)) {
    const entry: unknown = stored.objects[index];
    if (isObject(entry) && entry.postcode === postcode) {
      const zone = RISK_ZONES.find((z) => z === entry.zone);
      if (zone) return { zone, area: typeof entry.area === 'string' ? entry.area : null };
    }
  }
  return riskZoneEntry(postcode);
}

export function claimsOf(object: JsonObject, base: string): number {
  return optionalNumberField(object, 'claimsLast5Years', base) ?? HOME_DEFAULTS.claimsLast5Years;
}

function rateContents(ctx: RatingContext, index: number): PremiumSteps {
  const base = `/objects/${index}`;
  const object = itemObject(ctx.objects, index, '/objects');
  const steps = new PremiumSteps();

  const sumInsured = numberField(object, 'sumInsured', base);
  steps.base(
    `${base}/sumInsured`,
    `Sum insured ${formatNumber(sumInsured)} × 0.45 %`,
    sumInsured,
    money(sumInsured).times(BASE_RATE),
    BASE_RATE,
  );

  const postcode = stringField(object, 'postcode', base);
  const { zone, area } = zoneFor(ctx, index, postcode);
  steps.apply(`${base}/postcode`, `Risk zone ${zone} (postcode area ${area ?? 'unknown'})`, postcode, ZONE_FACTORS[zone], 'factor');

  const buildingType = enumField(object, 'buildingType', base, BUILDING_TYPES);
  steps.apply(`${base}/buildingType`, `Building type ${buildingType}`, buildingType, BUILDING_FACTORS[buildingType], 'factor');

  if (booleanField(object, 'burglarAlarm', base, HOME_DEFAULTS.burglarAlarm)) {
    steps.apply(`${base}/burglarAlarm`, 'Burglar alarm discount 5 %', true, BURGLAR_ALARM_FACTOR, 'discount');
  }
  if (booleanField(object, 'approvedLocks', base, HOME_DEFAULTS.approvedLocks)) {
    steps.apply(`${base}/approvedLocks`, 'Approved locks discount 5 %', true, APPROVED_LOCKS_FACTOR, 'discount');
  }

  const claims = claimsOf(object, base);
  if (claims === 0) {
    steps.apply(`${base}/claimsLast5Years`, 'No claims in the last 5 years', 0, NO_CLAIMS, 'factor');
  } else {
    // Two or more claims are referred; the one-claim loading gives the underwriter a price to approve.
    const label = claims === 1 ? 'One claim in the last 5 years +25 %' : `${claims} claims in the last 5 years (referred) +25 %`;
    steps.apply(`${base}/claimsLast5Years`, label, claims, ONE_CLAIM, 'loading');
  }

  if (booleanField(object, 'accidentalDamage', base, HOME_DEFAULTS.accidentalDamage)) {
    steps.apply(`${base}/accidentalDamage`, 'Accidental damage cover +20 %', true, ACCIDENTAL_DAMAGE_FACTOR, 'loading');
  }

  const excess = enumField(object, 'excess', base, HOME_EXCESSES, HOME_DEFAULTS.excess);
  steps.apply(`${base}/excess`, `Excess ${excess}`, excess, EXCESS_FACTORS[excess], excess === 100 ? 'factor' : 'discount');
  return steps;
}

export function rateHome(ctx: RatingContext): NetRating {
  const steps = new PremiumSteps();
  for (let i = 0; i < ctx.objects.length; i++) steps.include(rateContents(ctx, i));
  if (ctx.objects.length > 1) steps.subtotal('/objects', `Total for ${ctx.objects.length} homes`, ctx.objects.length);
  steps.prorate(ctx.termDays).minimum(MINIMUM_PREMIUM);
  return { net: steps.amount, fields: steps.fields };
}
