// Bundled tables of the pet product (DOMAIN.md §9). Breed risk groups are our own simplified
// data: 1 is the healthiest, 4 the breeds with the most veterinary claims (brachycephalic,
// giant and heart-prone breeds).
import { money, type Decimal } from '@/lib/money';

export type Species = 'dog' | 'cat';
export type RiskGroup = 1 | 2 | 3 | 4;
export type VetFeeLimit = 2000 | 4000 | 7000;
export type PetExcess = 99 | 250;

export const SPECIES: readonly Species[] = ['dog', 'cat'];
export const VET_FEE_LIMITS: readonly VetFeeLimit[] = [2000, 4000, 7000];
export const PET_EXCESSES: readonly PetExcess[] = [99, 250];
export const PETS_MAX = 5;
export const PET_AGE_MAX = 30;

/** Breeds missing from the table are rated in group 2 and reported as a warning. */
export const DEFAULT_GROUP: RiskGroup = 2;

export const BASE_PREMIUM: Readonly<Record<Species, Decimal>> = { dog: money(180), cat: money(110) };

export const GROUP_FACTORS: Readonly<Record<RiskGroup, Decimal>> = {
  1: money('1.0'),
  2: money('1.2'),
  3: money('1.45'),
  4: money('1.8'),
};

export const VET_FEE_FACTORS: Readonly<Record<VetFeeLimit, Decimal>> = {
  2000: money('1.0'),
  4000: money('1.3'),
  7000: money('1.6'),
};

export const EXCESS_FACTORS: Readonly<Record<PetExcess, Decimal>> = { 99: money('1.0'), 250: money('0.85') };

export interface AgeBand {
  label: string;
  factor: Decimal;
  refer: boolean;
}

const AGE_BANDS: readonly (AgeBand & { maxAge: number })[] = [
  { maxAge: 3, label: '0–3', factor: money('1.0'), refer: false },
  { maxAge: 7, label: '4–7', factor: money('1.3'), refer: false },
  { maxAge: 10, label: '8–10', factor: money('1.7'), refer: false },
];

/** Over 10 is referred; the 8–10 factor is the price the underwriter is asked to approve. */
const REFERRED_BAND: AgeBand = { label: 'over 10', factor: money('1.7'), refer: true };
export const REFERRAL_AGE_OVER = 10;

export function petAgeBandOf(age: number): AgeBand {
  return AGE_BANDS.find((band) => age <= band.maxAge) ?? REFERRED_BAND;
}

const DOG_GROUPS: Readonly<Record<RiskGroup, string>> = {
  1: 'crossbreed|mixed breed|mongrel|border collie|jack russell terrier|jack russell|whippet|greyhound|beagle|miniature schnauzer|shih tzu|west highland white terrier|border terrier|lurcher',
  2: 'labrador retriever|labrador|golden retriever|cocker spaniel|springer spaniel|english springer spaniel|poodle|cockapoo|labradoodle|dachshund|yorkshire terrier|staffordshire bull terrier|chihuahua|siberian husky|shetland sheepdog|boxer',
  3: 'german shepherd|rottweiler|dobermann|doberman|bernese mountain dog|newfoundland|rhodesian ridgeback|shar pei|akita|weimaraner|basset hound|boston terrier',
  4: 'french bulldog|english bulldog|bulldog|british bulldog|pug|cavalier king charles spaniel|great dane|saint bernard|st bernard|mastiff|irish wolfhound|dogue de bordeaux',
};

const CAT_GROUPS: Readonly<Record<RiskGroup, string>> = {
  1: 'domestic shorthair|domestic longhair|moggy|crossbreed|mixed breed',
  2: 'siamese|bengal|ragdoll|british shorthair|maine coon|burmese|norwegian forest cat|russian blue|abyssinian',
  3: 'persian|exotic shorthair|sphynx|devon rex|cornish rex|himalayan',
  4: 'scottish fold|munchkin',
};

function groupTable(groups: Readonly<Record<RiskGroup, string>>): ReadonlyMap<string, RiskGroup> {
  const table = new Map<string, RiskGroup>();
  for (const group of [1, 2, 3, 4] as const) for (const breed of groups[group].split('|')) table.set(breed, group);
  return table;
}

export const BREED_GROUPS: Readonly<Record<Species, ReadonlyMap<string, RiskGroup>>> = {
  dog: groupTable(DOG_GROUPS),
  cat: groupTable(CAT_GROUPS),
};

/** "  Cavalier King-Charles  Spaniel " → "cavalier king charles spaniel". */
export function normalizeBreed(breed: string): string {
  return breed
    .toLowerCase()
    .replace(/[-_'’.]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

export interface BreedLookup {
  breed: string;
  group: RiskGroup;
  known: boolean;
}

export function breedGroupOf(species: Species, breed: string): BreedLookup {
  const normalized = normalizeBreed(breed);
  const group = BREED_GROUPS[species].get(normalized);
  return group === undefined ? { breed: normalized, group: DEFAULT_GROUP, known: false } : { breed: normalized, group, known: true };
}
