import type { JsonSchema } from './json-schema';

/** The payment plans a product offers, from its schema (`policy.paymentPlan.enum`). */
export function paymentPlansOf(schema: JsonSchema): string[] {
  const plan = schema.properties?.policy?.properties?.paymentPlan;
  return (plan?.enum ?? []).map(String);
}
