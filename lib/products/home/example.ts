// A complete home contents quote that can be posted as it is (API-CONTRACT §7).
import { annualTerm } from '@/lib/products/common/example-dates';
import type { ProductPayload } from '@/lib/products/types';

export function homeExample(asOf: string): ProductPayload {
  return {
    product: 'home',
    policy: { ...annualTerm(asOf), paymentPlan: 'monthly' },
    customer: {
      firstName: 'Alice',
      lastName: 'Walker',
      email: 'alice.walker@example.com',
      phone: '+44 113 496 0123',
      dateOfBirth: '1985-04-12',
      address: { line1: '12 Acacia Avenue', city: 'Leeds', postcode: 'LS6 2AB', country: 'GB' },
    },
    agent: { code: 'AG-1042', name: 'Northwind Brokers Ltd' },
    objects: [
      {
        addressLine1: '12 Acacia Avenue',
        city: 'Leeds',
        postcode: 'LS6 2AB',
        sumInsured: 40_000,
        buildingType: 'semi-detached',
        burglarAlarm: true,
        approvedLocks: true,
        claimsLast5Years: 0,
        accidentalDamage: false,
        excess: 250,
      },
    ],
  };
}
