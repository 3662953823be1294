// The one Ajv configuration for product schemas, shared by the server (422 answers) and the
// browser (inline messages), so both judge a payload alike.
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { ANNOTATION_KEYWORDS } from './json-schema';

export function createSchemaAjv(): Ajv2020 {
  // verbose: errors carry their schema, whose title names the field in the message.
  // strictRequired is off because the pet's "date of birth or age" anyOf names properties defined beside it.
  const ajv = new Ajv2020({ allErrors: true, useDefaults: true, strict: true, strictRequired: false, verbose: true });
  addFormats(ajv, ['date', 'email']);
  ajv.addVocabulary([...ANNOTATION_KEYWORDS]);
  return ajv;
}
