// Home auto-referral rules: outside the MGA's authority an underwriter must approve.
import { formatNumber } from '@/lib/products/common/format';
import { itemObject, numberField } from '@/lib/products/common/read';
import { claimsOf } from '@/lib/products/home/rating';
import type { ReferralRule } from '@/lib/products/types';
import type { Referral } from '@/lib/rating/types';

const CLAIMS_REFERRAL_MIN = 2;

export const HOME_REFERRAL_RULES: readonly ReferralRule[] = [
  {
    rule: 'home.sum-insured-above-authority',
    description: 'Sum insured above the authority limit',
    check(ctx, settings) {
      const limit = settings.authorityLimit;
      if (limit === null) return [];
      const out: Referral[] = [];
      ctx.objects.forEach((_, i) => {
        const sumInsured = numberField(itemObject(ctx.objects, i, '/objects'), 'sumInsured', `/objects/${i}`);
        if (sumInsured > limit) {
          out.push({
            rule: 'home.sum-insured-above-authority',
            path: `/objects/${i}/sumInsured`,
            message: `Sum insured ${formatNumber(sumInsured)} exceeds the authority limit of ${formatNumber(limit)}`,
          });
        }
      });
      return out;
    },
  },
  {
    rule: 'home.claims-history',
    description: 'Two or more claims in the last five years',
    check(ctx) {
      const out: Referral[] = [];
      ctx.objects.forEach((_, i) => {
        const claims = claimsOf(itemObject(ctx.objects, i, '/objects'), `/objects/${i}`);
        if (claims >= CLAIMS_REFERRAL_MIN) {
          out.push({
            rule: 'home.claims-history',
            path: `/objects/${i}/claimsLast5Years`,
            message: `${claims} claims in the last 5 years: an underwriter must review the claims history`,
          });
        }
      });
      return out;
    },
  },
];
