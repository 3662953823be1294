import { describe, expect, it } from 'vitest';
import { createSchemaAjv } from './schema-ajv';
import { getProduct } from '@/lib/products/registry';

const customerOf = (code: string) => getProduct(code).schema.properties!.customer!;
const example = (code: string, ...path: string[]) => {
  let node = customerOf(code);
  for (const key of path) node = node.properties![key]!;
  return node.examples?.[0];
};

describe('the policyholder placeholders follow the product’s country', () => {
  it('travel, sold in Germany, shows a German address and phone; home and pet a British one', () => {
    expect([example('travel', 'address', 'postcode'), example('travel', 'address', 'city'), example('travel', 'phone')]).toEqual([
      '10115',
      'Berlin',
      '+49 30 901820',
    ]);
    expect(example('travel', 'address', 'country')).toBe('DE');
    for (const code of ['home', 'pet']) {
      expect([example(code, 'address', 'postcode'), example(code, 'address', 'country')]).toEqual(['SW1A 2AA', 'GB']);
    }
  });

  it('every example is valid against its own field', () => {
    const ajv = createSchemaAjv();
    for (const code of ['home', 'travel', 'pet']) {
      const customer = customerOf(code);
      const filled = {
        ...Object.fromEntries(Object.entries(customer.properties!).map(([key, property]) => [key, property.examples?.[0]])),
        address: Object.fromEntries(Object.entries(customer.properties!.address!.properties!).map(([key, p]) => [key, p.examples?.[0]])),
      };
      const validate = ajv.compile({ ...customer, $id: undefined });
      expect(validate(filled), `${code}: ${JSON.stringify(validate.errors)}`).toBe(true);
    }
  });
});
