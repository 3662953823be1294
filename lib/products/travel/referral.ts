// Travel auto-referral: travellers aged 80 or older at inception.
import type { ReferralRule } from '@/lib/products/types';
import { travellerAgeAt } from '@/lib/products/travel/rating';
import { REFERRAL_AGE } from '@/lib/products/travel/tables';
import type { Referral } from '@/lib/rating/types';

export const TRAVEL_REFERRAL_RULES: readonly ReferralRule[] = [
  {
    rule: 'travel.traveller-age',
    description: `A traveller aged ${REFERRAL_AGE} or older at inception`,
    check(ctx) {
      const out: Referral[] = [];
      for (let i = 0; i < ctx.objects.length; i++) {
        const age = travellerAgeAt(ctx, i);
        if (age >= REFERRAL_AGE) {
          out.push({
            rule: 'travel.traveller-age',
            path: `/objects/${i}/dateOfBirth`,
            message: `Traveller ${i + 1} is ${age} at inception: travellers aged ${REFERRAL_AGE} or older need an underwriter's approval`,
          });
        }
      }
      return out;
    },
  },
];
