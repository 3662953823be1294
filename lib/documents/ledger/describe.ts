// How the ledger's product data reads on paper: the insured objects, the cover and the changed
// fields of an endorsement, in the document's language. Known products get their own wording;
// any other product falls back to its schema's English field titles.

import { formatMoney } from '../format';
import type { DocumentLanguage, FieldChange, InsuredObject, LabelledValue } from '../model';
import type { JsonSchema } from '@/lib/products/common/json-schema';

type Json = Record<string, unknown>;
type Words = Record<DocumentLanguage, string>;

export interface ProductData {
  policy: Json;
  customer: Json;
  agent?: Json;
  objects: Json[];
}

const w = (en: string, de: string): Words => ({ en, de });

/** Field labels of the demo products, by field name; the same name means the same thing in all three. */
const FIELD_LABELS: Record<string, Words> = {
  addressLine1: w('Address', 'Anschrift'),
  city: w('City', 'Ort'),
  postcode: w('Postcode', 'Postleitzahl'),
  sumInsured: w('Sum insured', 'Versicherungssumme'),
  buildingType: w('Building type', 'Gebäudeart'),
  burglarAlarm: w('Burglar alarm', 'Alarmanlage'),
  approvedLocks: w('Approved locks', 'Geprüfte Schlösser'),
  claimsLast5Years: w('Claims in 5 years', 'Schäden in 5 Jahren'),
  accidentalDamage: w('Accidental damage', 'Unbeabsichtigte Beschädigung'),
  excess: w('Excess per claim', 'Selbstbeteiligung je Schaden'),
  firstName: w('First name', 'Vorname'),
  lastName: w('Last name', 'Nachname'),
  dateOfBirth: w('Date of birth', 'Geburtsdatum'),
  destination: w('Destination', 'Reisegebiet'),
  tripType: w('Trip type', 'Reiseart'),
  winterSports: w('Winter sports', 'Wintersport'),
  countries: w('Countries', 'Reiseländer'),
  name: w('Name', 'Name'),
  species: w('Species', 'Tierart'),
  breed: w('Breed', 'Rasse'),
  age: w('Age in years', 'Alter in Jahren'),
  vetFeeLimit: w('Vet fee limit', 'Tierarztkosten-Höchstbetrag'),
  microchipNumber: w('Microchip number', 'Mikrochipnummer'),
  paymentPlan: w('Payment plan', 'Zahlweise'),
  dateInception: w('Start of cover', 'Versicherungsbeginn'),
  dateExpiry: w('End of cover', 'Versicherungsablauf'),
  email: w('E-mail', 'E-Mail'),
  phone: w('Phone', 'Telefon'),
  line1: w('Address', 'Anschrift'),
  line2: w('Address (2)', 'Anschrift (2)'),
};

const VALUE_LABELS: Record<string, Words> = {
  flat: w('Flat', 'Wohnung'),
  terraced: w('Terraced house', 'Reihenhaus'),
  'semi-detached': w('Semi-detached house', 'Doppelhaushälfte'),
  detached: w('Detached house', 'Einfamilienhaus'),
  europe: w('Europe', 'Europa'),
  'worldwide-excluding-usa': w('Worldwide excluding USA', 'Weltweit ohne USA'),
  worldwide: w('Worldwide', 'Weltweit'),
  single: w('Single trip', 'Einzelreise'),
  annual: w('Annual multi-trip', 'Jahresreise'),
  dog: w('Dog', 'Hund'),
  cat: w('Cat', 'Katze'),
  monthly: w('Monthly', 'Monatlich'),
  quarterly: w('Quarterly', 'Vierteljährlich'),
};

/** Fields that hold an amount of money in the product's currency. */
const MONEY_FIELDS = new Set(['sumInsured', 'excess', 'vetFeeLimit']);

export class Describer {
  constructor(
    readonly language: DocumentLanguage,
    readonly currency: string,
    readonly schema?: JsonSchema,
  ) {}

  label(field: string, schema?: JsonSchema): string {
    const known = FIELD_LABELS[field];
    if (known) return known[this.language];
    return (schema?.title ?? field).replace(/\s*\([A-Z]{3}\)$/, '');
  }

  value(field: string, value: unknown): string {
    if (value === null || value === undefined || value === '') return '–';
    if (typeof value === 'boolean') return value ? w('Yes', 'Ja')[this.language] : w('No', 'Nein')[this.language];
    if (typeof value === 'number' && MONEY_FIELDS.has(field)) return formatMoney(value, this.currency, this.language);
    if (typeof value === 'number') return new Intl.NumberFormat(this.language === 'de' ? 'de-DE' : 'en-GB').format(value);
    if (Array.isArray(value)) return value.map((item) => this.value(field, item)).join(', ');
    if (typeof value === 'object') {
      return Object.values(value as Json)
        .filter((part) => part !== null && part !== undefined && part !== '')
        .map(String)
        .join(', ');
    }
    const text = String(value);
    return VALUE_LABELS[text]?.[this.language] ?? text;
  }

  /** Every filled scalar field of an object, labelled; `skip` leaves out fields already in the heading. */
  details(object: Json, itemSchema: JsonSchema | undefined, skip: readonly string[] = []): LabelledValue[] {
    return Object.entries(object)
      .filter(([field, value]) => !skip.includes(field) && value !== undefined && value !== null && value !== '')
      .map(([field, value]) => ({ label: this.label(field, itemSchema?.properties?.[field]), value: this.value(field, value) }));
  }

  itemSchema(): JsonSchema | undefined {
    return this.schema?.properties?.objects?.items;
  }
}

const text = (value: unknown): string => (typeof value === 'string' ? value : value === undefined || value === null ? '' : String(value));

function objectHeading(productCode: string, object: Json, index: number, d: Describer): { label: string; skip: string[] } {
  const l = d.language;
  switch (productCode) {
    case 'home': {
      const where = [object.addressLine1, [object.postcode, object.city].filter(Boolean).join(' ')].map(text).filter(Boolean).join(', ');
      return { label: `${w('Home contents', 'Hausrat')[l]}${where ? ` – ${where}` : ''}`, skip: ['addressLine1', 'city', 'postcode'] };
    }
    case 'travel':
      return {
        label: `${w('Traveller', 'Reisende/r')[l]} ${index + 1}: ${[object.firstName, object.lastName].map(text).filter(Boolean).join(' ')}`,
        skip: ['firstName', 'lastName'],
      };
    case 'pet':
      return {
        label: `${text(object.name) || w('Pet', 'Tier')[l]}${object.breed ? ` (${d.value('breed', object.breed)})` : ''}`,
        skip: ['name', 'breed'],
      };
    default:
      return { label: `${d.itemSchema()?.title ?? w('Insured object', 'Versicherter Gegenstand')[l]} ${index + 1}`, skip: [] };
  }
}

export function insuredObjects(productCode: string, data: ProductData, d: Describer): InsuredObject[] {
  return data.objects.map((object, index) => {
    const heading = objectHeading(productCode, object, index, d);
    return { label: heading.label, details: d.details(object, d.itemSchema(), heading.skip) };
  });
}

/** The policy-level options (destination, trip type…) and the limits that matter in a claim. */
export function coverRows(productCode: string, data: ProductData, d: Describer): LabelledValue[] {
  const policyOptions = Object.entries(data.policy).filter(
    ([field, value]) => !['dateInception', 'dateExpiry', 'paymentPlan', 'id'].includes(field) && value !== undefined && value !== null,
  );
  const rows = policyOptions.map(([field, value]) => ({
    label: d.label(field, d.schema?.properties?.policy?.properties?.[field]),
    value: d.value(field, value),
  }));
  if (productCode === 'home') {
    const sum = data.objects.reduce((total, object) => total + (typeof object.sumInsured === 'number' ? object.sumInsured : 0), 0);
    rows.push({ label: w('Contents sum insured', 'Versicherungssumme Hausrat')[d.language], value: d.value('sumInsured', sum) });
  }
  for (const field of ['excess', 'vetFeeLimit']) {
    const first = data.objects.find((object) => typeof object[field] === 'number');
    if (first) rows.push({ label: d.label(field), value: d.value(field, first[field]) });
  }
  return rows;
}

/** Flattens data to `path → value` for comparing two versions field by field. */
function flatten(value: unknown, prefix: string, out: Map<string, unknown>): void {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, child] of Object.entries(value as Json)) flatten(child, prefix ? `${prefix}.${key}` : key, out);
  } else if (Array.isArray(value) && value.some((item) => item !== null && typeof item === 'object')) {
    value.forEach((item, index) => flatten(item, `${prefix}.${index}`, out));
  } else {
    out.set(prefix, value);
  }
}

/** The fields that differ between two versions, labelled like the schedule shows them. */
export function fieldChanges(productCode: string, before: ProductData, after: ProductData, d: Describer): FieldChange[] {
  const a = new Map<string, unknown>();
  const b = new Map<string, unknown>();
  flatten(before, '', a);
  flatten(after, '', b);
  const paths = [...new Set([...a.keys(), ...b.keys()])];
  const changes: FieldChange[] = [];
  for (const path of paths) {
    const old = a.get(path);
    const next = b.get(path);
    if (JSON.stringify(old) === JSON.stringify(next)) continue;
    const parts = path.split('.');
    const field = parts[parts.length - 1] ?? path;
    const index = parts[0] === 'objects' && parts.length > 2 ? Number(parts[1]) : undefined;
    const owner =
      index !== undefined
        ? `${objectHeading(productCode, (after.objects[index] ?? before.objects[index] ?? {}) as Json, index, d).label}: `
        : parts[0] === 'customer'
          ? `${w('Policyholder', 'Versicherungsnehmer')[d.language]}: `
          : '';
    changes.push({ field: `${owner}${d.label(field)}`, before: d.value(field, old), after: d.value(field, next) });
  }
  return changes;
}
