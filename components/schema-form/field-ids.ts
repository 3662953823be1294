/** Stable element ids for a field name (`objects.0.sumInsured` → `f-objects-0-sumInsured`). */
export function fieldId(name: string): string {
  return `f-${name.replaceAll('.', '-')}`;
}
