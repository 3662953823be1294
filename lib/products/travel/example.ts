// A complete travel quote that can be posted as it is: two travellers in Europe, leaving 30 days
// from now and back 14 days later (15 days of cover: the return day is covered).
import { tripTerm } from '@/lib/products/common/example-dates';
import type { ProductPayload } from '@/lib/products/types';

export function travelExample(asOf: string): ProductPayload {
  return {
    product: 'travel',
    policy: {
      ...tripTerm(asOf, 30, 14),
      paymentPlan: 'annual',
      destination: 'europe',
      tripType: 'single',
      winterSports: false,
      countries: ['FR', 'IT'],
    },
    customer: {
      firstName: 'Max',
      lastName: 'Mustermann',
      email: 'max.mustermann@example.com',
      dateOfBirth: '1980-03-02',
      address: { line1: 'Hauptstraße 5', city: 'Berlin', postcode: '10115', country: 'DE' },
    },
    agent: { code: 'AG-2001', name: 'Reisebüro Sonnenschein' },
    objects: [
      { firstName: 'Max', lastName: 'Mustermann', dateOfBirth: '1980-03-02' },
      { firstName: 'Erika', lastName: 'Mustermann', dateOfBirth: '1982-11-23' },
    ],
  };
}
