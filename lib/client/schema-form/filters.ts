import type { JsonSchema } from './json-schema';
import type { LeafFilter } from './describe';

/** Fields that may change after bind, and in a data change after issue (`x-editable-after-bind`, also inherited). */
export const editableAfterBind: LeafFilter = (leaf, ancestors) =>
  leaf.schema['x-editable-after-bind'] === true || ancestors.some((schema) => schema['x-editable-after-bind'] === true);

/** Fields that affect the premium (`x-rating`): what a mid-term adjustment changes. */
export const ratingRelevant: LeafFilter = (leaf) => leaf.schema['x-rating'] === true;

/** The parts of a quote read that are the create payload (no id, enrichment or meta). */
export function editablePayload(data: { policy: Record<string, unknown>; customer: unknown; agent?: unknown; objects: unknown }) {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- the id is the server's, not the form's
  const { id, ...policy } = data.policy;
  return { policy, customer: data.customer, ...(data.agent ? { agent: data.agent } : {}), objects: data.objects };
}

export const RATING_NOTE = 'Affects the premium: change it with a mid-term adjustment.';

/**
 * The schema with a note on every field that affects the premium (`x-rating`, also inherited),
 * for the data change form: those fields stay visible, and the ledger refuses them (422 at the field).
 */
export function withRatingNotes(schema: JsonSchema, inherited = false): JsonSchema {
  const rating = inherited || schema['x-rating'] === true;
  const next: JsonSchema = { ...schema };
  if (schema.properties) {
    next.properties = Object.fromEntries(Object.entries(schema.properties).map(([key, child]) => [key, withRatingNotes(child, rating)]));
  }
  if (schema.items) next.items = withRatingNotes(schema.items, rating);
  if (schema.anyOf) next.anyOf = schema.anyOf.map((branch) => withRatingNotes(branch, rating));
  const leaf = schema.type !== 'object' && !(schema.type === 'array' && schema.items?.type === 'object');
  if (rating && leaf) next.description = schema.description ? `${schema.description} ${RATING_NOTE}` : RATING_NOTE;
  return next;
}
