// The subset of JSON Schema (draft 2020-12) our product schemas use, typed so that a schema
// written in TypeScript is checked at compile time and can be walked for its annotations.

export const DRAFT_2020_12 = 'https://json-schema.org/draft/2020-12/schema';

export type JsonSchemaType = 'object' | 'array' | 'string' | 'number' | 'integer' | 'boolean' | 'null';

export interface JsonSchema {
  $schema?: string;
  $id?: string;
  title?: string;
  description?: string;
  type?: JsonSchemaType;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
  enum?: readonly (string | number)[];
  const?: string | number | boolean;
  default?: unknown;
  examples?: readonly unknown[];
  format?: 'date' | 'email';
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  anyOf?: JsonSchema[];
  readOnly?: boolean;
  /** The property affects the premium: a change to it needs a recalculation (or an MTA after issue). */
  'x-rating'?: boolean;
  /** The property may still change between bind and issue, and through a data change after issue. */
  'x-editable-after-bind'?: boolean;
  /** Not needed for a quote, but needed before bind (set on the served schema from the product's bindRequired). */
  'x-required-for-bind'?: boolean;
}

/** Our own annotation keywords, registered with Ajv so that strict mode accepts them. */
export const ANNOTATION_KEYWORDS = ['x-rating', 'x-editable-after-bind', 'x-required-for-bind'] as const;
