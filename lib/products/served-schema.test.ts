import { describe, expect, it } from 'vitest';
import { getProduct } from '@/lib/products/registry';
import type { ProductDefinition } from '@/lib/products/types';
import { servedSchema } from './served-schema';

describe('the served product schema', () => {
  it('marks what bind needs, inside objects and array items, and leaves the product schema as it was', () => {
    const home = getProduct('home');
    const schema = servedSchema(home);
    const customer = schema.properties!.customer!;
    expect(customer.properties!.email!['x-required-for-bind']).toBe(true);
    expect(customer.properties!.address!['x-required-for-bind']).toBe(true);
    expect(customer.properties!.phone!['x-required-for-bind']).toBeUndefined();
    expect(schema.properties!.objects!.items!.properties!.city!['x-required-for-bind']).toBe(true);
    expect(schema.properties!.objects!.items!.properties!.postcode!['x-required-for-bind']).toBeUndefined();
    expect(home.schema.properties!.customer!.properties!.email!['x-required-for-bind']).toBeUndefined();
  });

  it('refuses a bindRequired pointer the schema does not have', () => {
    const broken = { ...getProduct('pet'), code: 'broken-pet', bindRequired: ['/customer/nickname'] } as ProductDefinition;
    expect(() => servedSchema(broken)).toThrow('bindRequired names nickname, which the schema does not have');
  });
});
