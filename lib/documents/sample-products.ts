// Fixtures of the three demo products (DOMAIN §9) for sample documents: objects, cover and the
// annual net premium before and after a sample mid-term change. Test and benchmark data only.

import { formatMoney } from './format';
import type { DocumentLanguage, FieldChange, InsuredObject, LabelledValue, PaymentPlan } from './model';

export interface SampleProduct {
  code: 'home' | 'travel' | 'pet';
  currency: string;
  /** Insurance premium tax of the product's country: GB 12 %, DE 19 %. */
  taxRate: number;
  plan: PaymentPlan;
  title: Record<DocumentLanguage, string>;
  /** Annual net premium from the product's factors; `changed` applies the sample endorsement. */
  annualNet: (changed: boolean) => number;
  objects: (language: DocumentLanguage, changed: boolean) => InsuredObject[];
  cover: (language: DocumentLanguage) => LabelledValue[];
  changes: (language: DocumentLanguage) => FieldChange[];
}

const pick = (language: DocumentLanguage, en: string, de: string) => (language === 'de' ? de : en);
const yesNo = (language: DocumentLanguage, value: boolean) => (value ? pick(language, 'Yes', 'Ja') : pick(language, 'No', 'Nein'));

const home: SampleProduct = {
  code: 'home',
  currency: 'GBP',
  taxRate: 0.12,
  plan: 'monthly',
  title: { en: 'Home contents insurance', de: 'Hausratversicherung' },
  // 0.45 % of the sum insured; zone C 1.0, semi-detached 1.05, alarm −5 %, excess 250 0.92;
  // the change raises the sum insured to 55,000 and adds accidental damage (+20 %).
  annualNet: (changed) => (changed ? 55_000 * 0.0045 * 1.05 * 0.95 * 0.92 * 1.2 : 40_000 * 0.0045 * 1.05 * 0.95 * 0.92),
  objects: (l, changed) => [
    {
      label: pick(l, 'Home contents at 12 Elm Road, Bristol BS6 5AB', 'Hausrat in 12 Elm Road, Bristol BS6 5AB'),
      details: [
        { label: pick(l, 'Sum insured', 'Versicherungssumme'), value: formatMoney(changed ? 55_000 : 40_000, 'GBP', l) },
        { label: pick(l, 'Building type', 'Gebäudeart'), value: pick(l, 'Semi-detached house', 'Doppelhaushälfte') },
        { label: pick(l, 'Risk zone', 'Risikozone'), value: 'C' },
        { label: pick(l, 'Burglar alarm', 'Alarmanlage'), value: yesNo(l, true) },
        { label: pick(l, 'Claims in 5 years', 'Schäden in 5 Jahren'), value: '0' },
        { label: pick(l, 'Accidental damage', 'Unbeabsichtigte Beschädigung'), value: yesNo(l, changed) },
      ],
    },
  ],
  cover: (l) => [
    { label: pick(l, 'Contents sum insured', 'Versicherungssumme Hausrat'), value: formatMoney(40_000, 'GBP', l) },
    { label: pick(l, 'Single article limit', 'Höchstgrenze je Gegenstand'), value: formatMoney(2_000, 'GBP', l) },
    {
      label: pick(l, 'Alternative accommodation', 'Hotelkosten'),
      value: pick(l, 'up to 20 % of the sum insured', 'bis 20 % der Versicherungssumme'),
    },
    { label: pick(l, 'Excess per claim', 'Selbstbeteiligung je Schaden'), value: formatMoney(250, 'GBP', l) },
  ],
  changes: (l) => [
    { field: pick(l, 'Sum insured', 'Versicherungssumme'), before: formatMoney(40_000, 'GBP', l), after: formatMoney(55_000, 'GBP', l) },
    { field: pick(l, 'Accidental damage', 'Unbeabsichtigte Beschädigung'), before: yesNo(l, false), after: yesNo(l, true) },
  ],
};

const travel: SampleProduct = {
  code: 'travel',
  currency: 'EUR',
  taxRate: 0.19,
  plan: 'quarterly',
  title: { en: 'Annual travel insurance', de: 'Jahres-Reiseversicherung' },
  // Annual multi-trip: 45 days × 1.20 per traveller (ages 35: 1.0, 42: 1.3), winter sports +35 %;
  // the change moves the destination from Europe (1.0) to worldwide excluding USA (1.6).
  annualNet: (changed) => 45 * 1.2 * (1.0 + 1.3) * 1.35 * (changed ? 1.6 : 1.0),
  objects: (l, changed) => [
    {
      label: pick(l, 'Annual multi-trip cover', 'Jahresreiseschutz für mehrere Reisen'),
      details: [
        {
          label: pick(l, 'Destination', 'Reisegebiet'),
          value: changed ? pick(l, 'Worldwide excluding USA', 'Weltweit ohne USA') : pick(l, 'Europe', 'Europa'),
        },
        { label: pick(l, 'Winter sports', 'Wintersport'), value: yesNo(l, true) },
      ],
    },
    { label: pick(l, 'Traveller 1: Anna Schmidt', 'Reisende 1: Anna Schmidt'), details: [{ label: pick(l, 'Age', 'Alter'), value: '35' }] },
    {
      label: pick(l, 'Traveller 2: Jonas Schmidt', 'Reisender 2: Jonas Schmidt'),
      details: [{ label: pick(l, 'Age', 'Alter'), value: '42' }],
    },
  ],
  cover: (l) => [
    { label: pick(l, 'Emergency medical expenses', 'Medizinische Notfallkosten'), value: formatMoney(1_000_000, 'EUR', l) },
    { label: pick(l, 'Cancellation per person', 'Reiserücktritt je Person'), value: formatMoney(5_000, 'EUR', l) },
    { label: pick(l, 'Baggage per person', 'Reisegepäck je Person'), value: formatMoney(2_000, 'EUR', l) },
    { label: pick(l, 'Excess per claim', 'Selbstbeteiligung je Schadenfall'), value: formatMoney(100, 'EUR', l) },
  ],
  changes: (l) => [
    {
      field: pick(l, 'Destination', 'Reisegebiet'),
      before: pick(l, 'Europe', 'Europa'),
      after: pick(l, 'Worldwide excluding USA', 'Weltweit ohne USA'),
    },
  ],
};

const pet: SampleProduct = {
  code: 'pet',
  currency: 'GBP',
  taxRate: 0.12,
  plan: 'monthly',
  title: { en: 'Pet insurance', de: 'Tierkrankenversicherung' },
  // Dog base 180; Labrador risk group 2 (1.2), age 5 (1.3), vet fee limit 4,000 (1.3) raised to 7,000 (1.6).
  annualNet: (changed) => 180 * 1.2 * 1.3 * (changed ? 1.6 : 1.3),
  objects: (l) => [
    {
      label: pick(l, 'Dog: Biscuit', 'Hund: Biscuit'),
      details: [
        { label: pick(l, 'Breed', 'Rasse'), value: 'Labrador Retriever' },
        { label: pick(l, 'Age', 'Alter'), value: pick(l, '5 years', '5 Jahre') },
        { label: pick(l, 'Microchip', 'Mikrochip'), value: '826098100123456' },
      ],
    },
  ],
  cover: (l) => [
    { label: pick(l, 'Vet fee limit per year', 'Tierarztkosten je Jahr'), value: formatMoney(4_000, 'GBP', l) },
    { label: pick(l, 'Excess per condition', 'Selbstbeteiligung je Erkrankung'), value: formatMoney(99, 'GBP', l) },
    { label: pick(l, 'Third-party liability', 'Hundehaftpflicht'), value: formatMoney(1_000_000, 'GBP', l) },
  ],
  changes: (l) => [
    {
      field: pick(l, 'Vet fee limit per year', 'Tierarztkosten je Jahr'),
      before: formatMoney(4_000, 'GBP', l),
      after: formatMoney(7_000, 'GBP', l),
    },
  ],
};

export const SAMPLE_PRODUCTS = { home, travel, pet } as const;
export type SampleProductCode = keyof typeof SAMPLE_PRODUCTS;
