// Commission split of the net premium (DOMAIN.md §2): each commission is rounded half-up on its
// own and the insurer's share is what is left, so broker + MGA + insurer always equals the net.
import { money, roundMoney, type Decimal, type MoneyInput } from '@/lib/money';

export interface CommissionSplit {
  brokerCommission: Decimal;
  mgaCommission: Decimal;
  insurerNet: Decimal;
}

export function splitCommission(net: MoneyInput, brokerRate: MoneyInput, mgaRate: MoneyInput): CommissionSplit {
  const n = money(net);
  const brokerCommission = roundMoney(n.times(brokerRate));
  const mgaCommission = roundMoney(n.times(mgaRate));
  return { brokerCommission, mgaCommission, insurerNet: n.minus(brokerCommission).minus(mgaCommission) };
}
