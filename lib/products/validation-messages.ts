// The one catalogue of validation messages for quote data (create, update, calculate with a
// change), in each language the API speaks (Accept-Language: en, de; English by default). The
// schema errors, the term rules and the products' own checks all take their sentences from here,
// and name a field by its schema title, translated here as well.

export type MessageLanguage = 'en' | 'de';

export interface ValidationMessages {
  schemaMismatch(product: string): string;
  notAnObject: string;
  /** A schema title in this language (the schemas are written in English). */
  title(english: string): string;
  required(title: string): string;
  notAField(name: string): string;
  giveOneOf(titles: string[]): string;
  wholeNumber: string;
  ofType(type: string): string;
  oneOf(values: string): string;
  equals(value: string): string;
  atLeast(limit: string): string;
  atMost(limit: string): string;
  notEmpty: string;
  minChars(limit: string): string;
  maxChars(limit: string): string;
  minEntries(limit: number, formatted: string): string;
  maxEntries(limit: number, formatted: string): string;
  unique: string;
  date: string;
  email: string;
  formatExample(example: string): string;
  format: string;
  invalid: string;
  expiryAfterInception: string;
  expiryNotBeforeInception: string;
  termAtMost(months: number, latest: string): string;
  birthAfterInception: string;
  annualLastsOneYear(expiry: string): string;
  notInDestination(country: string, destination: string): string;
}

const en: ValidationMessages = {
  schemaMismatch: (product) => `The ${product} data does not match the product schema`,
  notAnObject: 'The payload must be a JSON object',
  title: (english) => english,
  required: (title) => `${title} is required`,
  notAField: (name) => `${name} is not a field of this product`,
  giveOneOf: (titles) => `Give one of: ${titles.join(' or ')}`,
  wholeNumber: 'must be a whole number',
  ofType: (type) => `must be of type ${type}`,
  oneOf: (values) => `must be one of: ${values}`,
  equals: (value) => `must be ${value}`,
  atLeast: (limit) => `must be at least ${limit}`,
  atMost: (limit) => `must be at most ${limit}`,
  notEmpty: 'must not be empty',
  minChars: (limit) => `must be at least ${limit} characters`,
  maxChars: (limit) => `must be at most ${limit} characters`,
  minEntries: (limit, formatted) => `needs at least ${limit === 1 ? 'one entry' : `${formatted} entries`}`,
  maxEntries: (limit, formatted) => `allows at most ${limit === 1 ? 'one entry' : `${formatted} entries`}`,
  unique: 'must not list the same entry twice',
  date: 'must be a calendar date (YYYY-MM-DD)',
  email: 'must be a valid e-mail address',
  formatExample: (example) => `has an invalid format (for example ${example})`,
  format: 'has an invalid format',
  invalid: 'is invalid',
  expiryAfterInception: 'Expiry date must be after the inception date',
  expiryNotBeforeInception: 'Expiry date must not be before the inception date',
  termAtMost: (months, latest) => `The term may last at most ${months} months: expiry no later than ${latest}`,
  birthAfterInception: 'Date of birth must not be after the inception date',
  annualLastsOneYear: (expiry) => `Annual multi-trip cover lasts one year: the expiry date must be ${expiry}`,
  notInDestination: (country, destination) => `${country} is not covered by the destination ${destination}`,
};

/** The schemas' titles in German; a title missing here is shown as written. */
const TITLES_DE: Readonly<Record<string, string>> = {
  'Accidental damage cover': 'Deckung für Unfallschäden',
  'Address line 1': 'Adresszeile 1',
  'Address line 1 of the insured home': 'Adresszeile 1 der versicherten Wohnung',
  'Address line 2': 'Adresszeile 2',
  'Age in years': 'Alter in Jahren',
  'Agent (broker)': 'Vermittler (Makler)',
  'Agent code': 'Vermittlernummer',
  'Agent name': 'Name des Vermittlers',
  'Approved locks on all doors and windows': 'Geprüfte Schlösser an allen Türen und Fenstern',
  Breed: 'Rasse',
  'Building type': 'Gebäudeart',
  'Burglar alarm fitted': 'Einbruchmeldeanlage vorhanden',
  City: 'Ort',
  'City of the insured home': 'Ort der versicherten Wohnung',
  'Claims in the last 5 years': 'Schäden in den letzten 5 Jahren',
  'Correspondence address': 'Postanschrift',
  Country: 'Land',
  'Countries to visit': 'Reiseländer',
  'Date of birth': 'Geburtsdatum',
  Destination: 'Reiseziel',
  'E-mail': 'E-Mail',
  'Excess (GBP)': 'Selbstbeteiligung (GBP)',
  'Expiry date': 'Ablaufdatum',
  'First name': 'Vorname',
  'Home contents': 'Hausrat',
  'Home contents insurance': 'Hausratversicherung',
  'Inception date': 'Versicherungsbeginn',
  'Insured contents': 'Versicherter Hausrat',
  'Insured home': 'Versicherte Wohnung',
  'Last name': 'Nachname',
  'Microchip number': 'Mikrochipnummer',
  'Payment plan': 'Zahlungsweise',
  Pet: 'Tier',
  Pets: 'Tiere',
  'Pet insurance': 'Tierkrankenversicherung',
  'Pet’s name': 'Name des Tieres',
  Phone: 'Telefon',
  Policy: 'Vertrag',
  Policyholder: 'Versicherungsnehmer',
  Postcode: 'Postleitzahl',
  'Postcode of the insured home': 'Postleitzahl der versicherten Wohnung',
  Product: 'Produkt',
  Species: 'Tierart',
  'Sum insured (GBP)': 'Versicherungssumme (GBP)',
  'Travel insurance': 'Reiseversicherung',
  Traveller: 'Reisender',
  Travellers: 'Reisende',
  'Trip type': 'Reiseart',
  'Vet fee limit (GBP)': 'Höchstbetrag Tierarztkosten (GBP)',
  'Winter sports': 'Wintersport',
};

const de: ValidationMessages = {
  schemaMismatch: (product) => `Die Daten für ${product} entsprechen nicht dem Produktschema`,
  notAnObject: 'Die Daten müssen ein JSON-Objekt sein',
  title: (english) => TITLES_DE[english] ?? english,
  required: (title) => `${title} ist erforderlich`,
  notAField: (name) => `${name} ist kein Feld dieses Produkts`,
  giveOneOf: (titles) => `Bitte eines angeben: ${titles.join(' oder ')}`,
  wholeNumber: 'muss eine ganze Zahl sein',
  ofType: (type) => `muss vom Typ ${type} sein`,
  oneOf: (values) => `muss einer dieser Werte sein: ${values}`,
  equals: (value) => `muss ${value} sein`,
  atLeast: (limit) => `muss mindestens ${limit} sein`,
  atMost: (limit) => `darf höchstens ${limit} sein`,
  notEmpty: 'darf nicht leer sein',
  minChars: (limit) => `muss mindestens ${limit} Zeichen lang sein`,
  maxChars: (limit) => `darf höchstens ${limit} Zeichen lang sein`,
  minEntries: (limit, formatted) => `braucht mindestens ${limit === 1 ? 'einen Eintrag' : `${formatted} Einträge`}`,
  maxEntries: (limit, formatted) => `erlaubt höchstens ${limit === 1 ? 'einen Eintrag' : `${formatted} Einträge`}`,
  unique: 'darf keinen Eintrag doppelt enthalten',
  date: 'muss ein Kalenderdatum sein (JJJJ-MM-TT)',
  email: 'muss eine gültige E-Mail-Adresse sein',
  formatExample: (example) => `hat ein ungültiges Format (zum Beispiel ${example})`,
  format: 'hat ein ungültiges Format',
  invalid: 'ist ungültig',
  expiryAfterInception: 'Das Ablaufdatum muss nach dem Versicherungsbeginn liegen',
  expiryNotBeforeInception: 'Das Ablaufdatum darf nicht vor dem Versicherungsbeginn liegen',
  termAtMost: (months, latest) => `Die Laufzeit beträgt höchstens ${months} Monate: Ablauf spätestens am ${latest}`,
  birthAfterInception: 'Das Geburtsdatum darf nicht nach dem Versicherungsbeginn liegen',
  annualLastsOneYear: (expiry) => `Eine Jahresreiseversicherung läuft ein Jahr: das Ablaufdatum muss ${expiry} sein`,
  notInDestination: (country, destination) => `${country} ist im Reiseziel ${destination} nicht versichert`,
};

const CATALOGUE: Readonly<Record<MessageLanguage, ValidationMessages>> = { en, de };

export function validationMessages(language: MessageLanguage = 'en'): ValidationMessages {
  return CATALOGUE[language];
}
