import type { ArrearsSetting } from '@/lib/products/types';
import { getProduct, productCodes } from '@/lib/products/registry';

// Cancellation for non-payment is off for every product as shipped (its grace period is the
// product's); an MGA that cancels for non-payment turns it on for the products it names in
// LEDGER_CANCEL_FOR_NON_PAYMENT (comma-separated product codes) without changing the products.

export function arrearsSettingOf(productCode: string, env: Readonly<Record<string, string | undefined>> = process.env): ArrearsSetting {
  const own = getProduct(productCode).settings.arrears;
  return cancellingProducts(env).has(productCode) ? { ...own, cancelForNonPayment: true } : own;
}

function cancellingProducts(env: Readonly<Record<string, string | undefined>>): Set<string> {
  const codes = (env.LEDGER_CANCEL_FOR_NON_PAYMENT ?? '')
    .split(',')
    .map((code) => code.trim())
    .filter((code) => code !== '');
  const known = new Set(productCodes());
  const unknown = codes.filter((code) => !known.has(code));
  if (unknown.length > 0) {
    throw new Error(`LEDGER_CANCEL_FOR_NON_PAYMENT names unknown products (${unknown.join(', ')}); known: ${[...known].join(', ')}`);
  }
  return new Set(codes);
}
