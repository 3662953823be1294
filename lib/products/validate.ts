// Payload validation for the lifecycle code: the schema check (create, update, calculate) and
// the stricter mandatory-field check (bind, issue).
export { assertValidPayload, validatePayload, type ValidationResult } from '@/lib/products/validate-payload';
export { mandatoryForBind } from '@/lib/products/mandatory-for-bind';
