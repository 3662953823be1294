import { ValidationFailed } from '@/lib/errors';
import { getProduct } from '@/lib/products/registry';
import type { TerminationReasonCode } from '@/lib/products/termination-reasons';

/** The reason must be a code from the product's list (422 naming the allowed codes otherwise). */
export function assertTerminationReason(productCode: string, reason: string): TerminationReasonCode {
  const allowed = getProduct(productCode).settings.terminationReasons;
  const code = allowed.find((candidate) => candidate === reason);
  if (code) return code;
  const message = `must be one of: ${allowed.join(', ')}`;
  throw new ValidationFailed(`The termination reason ${JSON.stringify(reason)} is not one the ${productCode} product accepts`, [
    { path: '/reason', message },
  ]);
}
