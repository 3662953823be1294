// Pet auto-referral: pets older than 10 at inception.
import type { ReferralRule } from '@/lib/products/types';
import { petAgeAt } from '@/lib/products/pet/pet-facts';
import { REFERRAL_AGE_OVER } from '@/lib/products/pet/tables';
import type { Referral } from '@/lib/rating/types';

export const PET_REFERRAL_RULES: readonly ReferralRule[] = [
  {
    rule: 'pet.age',
    description: `A pet older than ${REFERRAL_AGE_OVER} years at inception`,
    check(ctx) {
      const out: Referral[] = [];
      for (let i = 0; i < ctx.objects.length; i++) {
        const age = petAgeAt(ctx, i);
        if (age > REFERRAL_AGE_OVER) {
          out.push({
            rule: 'pet.age',
            path: `/objects/${i}`,
            message: `Pet ${i + 1} is ${age} years old at inception: pets older than ${REFERRAL_AGE_OVER} need an underwriter's approval`,
          });
        }
      }
      return out;
    },
  },
];
