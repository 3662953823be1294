import type { JsonSchema } from './json-schema';

// Turns a product's JSON Schema into the fields of a form: one leaf per scalar property, a
// group per object, a repeatable group per array of objects. Field names are the payload
// paths react-hook-form uses (`objects.0.sumInsured`), so a JSON pointer maps onto them.

export type InputKind = 'text' | 'email' | 'date' | 'number' | 'select' | 'checkbox' | 'list';

export interface Option {
  value: string;
  label: string;
}

export interface LeafSpec {
  kind: 'leaf';
  name: string;
  key: string;
  title: string;
  description?: string;
  /** Needed for a quote: required here and in every enclosing group. */
  required: boolean;
  /** A quote may leave it empty; bind may not (`x-required-for-bind`, or required inside a group that is). */
  neededForBind: boolean;
  input: InputKind;
  options?: Option[];
  schema: JsonSchema;
}

export interface GroupSpec {
  kind: 'group';
  name: string;
  key: string;
  title: string;
  description?: string;
  required: boolean;
  neededForBind: boolean;
  children: FieldSpec[];
}

export interface ArraySpec {
  kind: 'array';
  name: string;
  key: string;
  title: string;
  description?: string;
  minItems: number;
  maxItems: number;
  item: JsonSchema;
}

export type FieldSpec = LeafSpec | GroupSpec | ArraySpec;

/** Which leaves a form shows; the others keep their values but are not rendered. */
export type LeafFilter = (leaf: LeafSpec, ancestors: readonly JsonSchema[]) => boolean;

/** No form needs more repeatable items than this, whatever a schema says. */
export const ARRAY_ITEMS_MAX = 20;

function inputOf(schema: JsonSchema): InputKind {
  if (schema.enum) return 'select';
  if (schema.type === 'boolean') return 'checkbox';
  if (schema.type === 'integer' || schema.type === 'number') return 'number';
  if (schema.type === 'array') return 'list';
  if (schema.format === 'date') return 'date';
  if (schema.format === 'email') return 'email';
  return 'text';
}

function optionLabel(value: string | number): string {
  if (typeof value === 'number') return new Intl.NumberFormat('en-GB').format(value);
  const words = value.replaceAll('-', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function join(parent: string, key: string | number): string {
  return parent ? `${parent}.${key}` : String(key);
}

/** How much the enclosing group asks: needed for a quote, for bind, or neither (an optional group). */
interface Context {
  required: boolean;
  neededForBind: boolean;
}

const TOP: Context = { required: true, neededForBind: true };

/**
 * The fields of an object schema; `const` properties (the product code) are not asked for. A
 * property required inside an optional group is needed only once the group is filled in, so it
 * is marked as the group is.
 */
export function describeObject(
  schema: JsonSchema,
  name: string,
  filter?: LeafFilter,
  ancestors: JsonSchema[] = [],
  context: Context = TOP,
): FieldSpec[] {
  const required = new Set(schema.required ?? []);
  const out: FieldSpec[] = [];
  for (const [key, property] of Object.entries(schema.properties ?? {})) {
    if (property.const !== undefined || property.readOnly) continue;
    const own = required.has(key);
    const here: Context = {
      required: context.required && own,
      neededForBind: property['x-required-for-bind'] === true || (context.neededForBind && own),
    };
    const spec = describe(property, join(name, key), key, here, filter, [...ancestors, schema]);
    if (spec) out.push(spec);
  }
  return out;
}

function describe(
  schema: JsonSchema,
  name: string,
  key: string,
  context: Context,
  filter: LeafFilter | undefined,
  ancestors: JsonSchema[],
): FieldSpec | null {
  const title = schema.title ?? key;
  const { required, neededForBind } = context;
  if (schema.type === 'object') {
    const children = describeObject(schema, name, filter, ancestors, context);
    return children.length ? { kind: 'group', name, key, title, description: schema.description, required, neededForBind, children } : null;
  }
  if (schema.type === 'array' && schema.items?.type === 'object') {
    if (filter && describeObject(schema.items, join(name, 0), filter, [...ancestors, schema]).length === 0) return null;
    return {
      kind: 'array',
      name,
      key,
      title,
      description: schema.description,
      minItems: schema.minItems ?? 0,
      maxItems: Math.min(schema.maxItems ?? ARRAY_ITEMS_MAX, ARRAY_ITEMS_MAX),
      item: schema.items,
    };
  }
  const input = inputOf(schema);
  const leaf: LeafSpec = {
    kind: 'leaf',
    name,
    key,
    title,
    description: schema.description,
    required,
    neededForBind,
    input,
    options: schema.enum?.map((value) => ({ value: String(value), label: optionLabel(value) })),
    schema,
  };
  return !filter || filter(leaf, ancestors) ? leaf : null;
}
