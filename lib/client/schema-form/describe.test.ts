import { describe, expect, it } from 'vitest';
import { describeObject, type FieldSpec, type GroupSpec, type LeafSpec } from './describe';
import type { JsonSchema } from './json-schema';

const address = (extra: Partial<JsonSchema> = {}): JsonSchema => ({
  type: 'object',
  required: ['line1', 'city'],
  properties: { line1: { type: 'string' }, line2: { type: 'string' }, city: { type: 'string' } },
  ...extra,
});

const schema: JsonSchema = {
  type: 'object',
  required: ['customer'],
  properties: {
    customer: {
      type: 'object',
      required: ['lastName'],
      properties: {
        lastName: { type: 'string' },
        email: { type: 'string', format: 'email', 'x-required-for-bind': true },
        phone: { type: 'string' },
        address: address({ 'x-required-for-bind': true }),
        correspondence: address(),
      },
    },
  },
};

function find(fields: readonly FieldSpec[], name: string): LeafSpec | GroupSpec {
  for (const field of fields) {
    if (field.name === name && field.kind !== 'array') return field;
    if (field.kind === 'group') {
      const inner = find(field.children, name);
      if (inner) return inner;
    }
  }
  return undefined as never;
}

const marks = (name: string) => {
  const field = find(describeObject(schema, ''), name);
  return { required: field.required, neededForBind: field.neededForBind };
};

describe('what a form marks as needed', () => {
  it('a field required in a required group is needed for a quote (and so for bind)', () => {
    expect(marks('customer.lastName')).toEqual({ required: true, neededForBind: true });
  });

  it('a field the product needs before bind is marked so, not as needed for a quote', () => {
    expect(marks('customer.email')).toEqual({ required: false, neededForBind: true });
    expect(marks('customer.phone')).toEqual({ required: false, neededForBind: false });
  });

  it('inside a group needed before bind, its required fields are needed before bind and its optional ones are not', () => {
    expect(marks('customer.address')).toEqual({ required: false, neededForBind: true });
    expect(marks('customer.address.line1')).toEqual({ required: false, neededForBind: true });
    expect(marks('customer.address.line2')).toEqual({ required: false, neededForBind: false });
  });

  it('inside an optional group nothing is marked needed: its required fields apply only once it is filled in', () => {
    expect(marks('customer.correspondence')).toEqual({ required: false, neededForBind: false });
    expect(marks('customer.correspondence.line1')).toEqual({ required: false, neededForBind: false });
  });
});
