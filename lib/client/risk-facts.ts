import { formatMoney, humanize } from './format';

// The few facts of a risk an underwriter looks at first, per product, as label and text. A product
// without its own list shows none: the quote page has everything.

type Json = Record<string, unknown>;
export interface RiskFact {
  label: string;
  value: string;
}

const text = (value: unknown): string => (value === undefined || value === null || value === '' ? '—' : String(value));

const FACTS: Record<string, (object: Json, policy: Json, currency: string) => RiskFact[]> = {
  home: (object, _policy, currency) => [
    { label: 'Sum insured', value: formatMoney(Number(object.sumInsured), currency) },
    { label: 'Postcode', value: text(object.postcode) },
    { label: 'Building', value: humanize(text(object.buildingType)) },
    { label: 'Claims in 5 years', value: text(object.claimsLast5Years) },
  ],
  travel: (_object, policy) => [
    { label: 'Destination', value: humanize(text(policy.destination)) },
    { label: 'Trip', value: humanize(text(policy.tripType)) },
    { label: 'Winter sports', value: policy.winterSports ? 'Yes' : 'No' },
  ],
  pet: (object, _policy, currency) => [
    { label: 'Pet', value: `${humanize(text(object.species))}, ${text(object.breed)}` },
    { label: 'Age', value: `${text(object.age)} years` },
    { label: 'Vet fee limit', value: formatMoney(Number(object.vetFeeLimit), currency) },
  ],
};

export function riskFacts(productCode: string, data: { policy?: Json; objects?: Json[] } | undefined, currency: string): RiskFact[] {
  const facts = FACTS[productCode];
  if (!facts || !data) return [];
  const travellers = productCode === 'travel' ? [{ label: 'Travellers', value: String(data.objects?.length ?? 0) }] : [];
  return [...facts(data.objects?.[0] ?? {}, data.policy ?? {}, currency), ...travellers];
}

/** How long something has waited, in the largest whole unit: `5 min`, `3 h`, `2 days`. */
export function waitingFor(since: string, now = Date.now()): string {
  const minutes = Math.max(0, Math.floor((now - Date.parse(since)) / 60_000));
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h`;
  return `${Math.floor(hours / 24)} days`;
}
