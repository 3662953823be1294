// The product schemas' JSON Schema subset, shared with the server's definition (types only).
export type { JsonSchema } from '@/lib/products/common/json-schema';
export { ANNOTATION_KEYWORDS } from '@/lib/products/common/json-schema';
