// A complete pet quote that can be posted as it is: one Labrador, paid quarterly.
import { annualTerm } from '@/lib/products/common/example-dates';
import type { ProductPayload } from '@/lib/products/types';

export function petExample(asOf: string): ProductPayload {
  return {
    product: 'pet',
    policy: { ...annualTerm(asOf), paymentPlan: 'quarterly' },
    customer: {
      firstName: 'Priya',
      lastName: 'Shah',
      email: 'priya.shah@example.com',
      phone: '+44 161 496 0456',
      dateOfBirth: '1990-09-30',
      address: { line1: '4 Mill Lane', city: 'Manchester', postcode: 'M20 2PL', country: 'GB' },
    },
    agent: { code: 'AG-1042', name: 'Northwind Brokers Ltd' },
    objects: [
      {
        name: 'Biscuit',
        species: 'dog',
        breed: 'Labrador Retriever',
        age: 4,
        vetFeeLimit: 4000,
        excess: 99,
        microchipNumber: '985112345678901',
      },
    ],
  };
}
