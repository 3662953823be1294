import { describe, expect, it } from 'vitest';
import { arrearsSettingOf } from './arrears-setting';

describe('cancellation for non-payment', () => {
  it('is off for every product as shipped, with a 30-day grace period', () => {
    for (const code of ['home', 'travel', 'pet']) expect(arrearsSettingOf(code, {})).toEqual({ graceDays: 30, cancelForNonPayment: false });
  });

  it('is on for the products LEDGER_CANCEL_FOR_NON_PAYMENT names, and only for them', () => {
    const env = { LEDGER_CANCEL_FOR_NON_PAYMENT: ' pet , travel' };
    expect(arrearsSettingOf('pet', env)).toEqual({ graceDays: 30, cancelForNonPayment: true });
    expect(arrearsSettingOf('travel', env)).toEqual({ graceDays: 30, cancelForNonPayment: true });
    expect(arrearsSettingOf('home', env)).toEqual({ graceDays: 30, cancelForNonPayment: false });
  });

  it('refuses a product it does not know, naming the ones it does', () => {
    expect(() => arrearsSettingOf('home', { LEDGER_CANCEL_FOR_NON_PAYMENT: 'motor' })).toThrow(
      'LEDGER_CANCEL_FOR_NON_PAYMENT names unknown products (motor); known: home, travel, pet',
    );
  });
});
