import { NotFound } from '@/lib/errors';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids are UUIDs; anything else cannot exist, so it is a 404 like any unknown id. */
export function requireUuid(value: string | undefined, what: string): string {
  if (!value || !UUID.test(value)) throw new NotFound(what, value ?? '');
  return value.toLowerCase();
}
