import { createHash } from 'node:crypto';
import type { Principal } from '@/lib/auth/principal';
import { withTenant } from '@/lib/db/tenant';
import { BadRequest, Conflict, ValidationFailed } from '@/lib/errors';
import type { TenantRef } from '@/lib/tenants/lookup';
import { isJsonContentType } from './body';

// Idempotency-Key (API-CONTRACT §6): the same key with the same request within 24 h gets
// the first answer again; the same key with another request is 422. The key is claimed
// before the work runs, so two concurrent requests with one key cannot both do the work.

export const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000;
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;
const IN_PROGRESS = 0;
/** Headers of the first answer that the replay repeats. */
const REPLAYED_HEADERS = ['content-type', 'location', 'etag', 'content-disposition', 'x-document-metadata', 'retry-after'];
/** Stored beside the headers: a file answer (the offer PDF) is kept as base64 in the JSON column. */
const BASE64_MARKER = 'x-idempotency-body';

interface IdempotentCall {
  request: Request;
  tenant: TenantRef;
  principal: Principal;
  rawBody: unknown;
  run: () => Promise<Response>;
  /** Top-level fields of a JSON answer that are not kept for the replay (secrets shown once). */
  redactOnReplay?: readonly string[];
}

/** What a replay shows in place of a secret that was shown once and is not stored. */
export const REDACTED_ON_REPLAY = '(shown once; not stored)';

export async function withIdempotency(call: IdempotentCall): Promise<Response> {
  const key = call.request.headers.get('idempotency-key');
  if (key === null) return call.run();
  if (!KEY_PATTERN.test(key)) throw new BadRequest('The Idempotency-Key header must be 1 to 255 visible ASCII characters');
  const where = { tenantId: call.tenant.id, principal: call.principal.subject, key };
  // The query is part of the request: a dry run and the real call under one key are two requests.
  const url = new URL(call.request.url);
  const requestHash = createHash('sha256')
    .update(`${call.request.method} ${url.pathname}${url.search}\n${JSON.stringify(call.rawBody ?? null)}`)
    .digest('hex');

  const claimed = await withTenant(call.tenant.id, async (tx) => {
    const existing = await tx.idempotencyRecord.findUnique({ where: { tenantId_principal_key: where } });
    if (existing && Date.now() - existing.createdAt.getTime() < IDEMPOTENCY_WINDOW_MS) return existing;
    if (existing) await tx.idempotencyRecord.delete({ where: { tenantId_principal_key: where } });
    await tx.idempotencyRecord.create({ data: { ...where, requestHash, status: IN_PROGRESS } });
    return null;
  });
  if (claimed) {
    if (claimed.requestHash !== requestHash) {
      throw new ValidationFailed('This Idempotency-Key was already used with a different request', [
        { path: '/', message: 'Use a new Idempotency-Key for a different request' },
      ]);
    }
    if (claimed.status === IN_PROGRESS) throw new Conflict('A request with this Idempotency-Key is still in progress; retry shortly');
    return replay(claimed.status, claimed.body, claimed.headers as Record<string, string>);
  }

  let response: Response;
  try {
    response = await call.run();
  } catch (error) {
    // A failed attempt leaves nothing behind: the client may retry with the same key.
    await withTenant(call.tenant.id, (tx) => tx.idempotencyRecord.delete({ where: { tenantId_principal_key: where } }));
    throw error;
  }
  if (response.status >= 500) {
    await withTenant(call.tenant.id, (tx) => tx.idempotencyRecord.delete({ where: { tenantId_principal_key: where } }));
    return response;
  }
  const bytes = Buffer.from(await response.clone().arrayBuffer());
  const headers: Record<string, string> = {};
  for (const name of REPLAYED_HEADERS) {
    const value = response.headers.get(name);
    if (value) headers[name] = value;
  }
  const json = isJsonContentType(response.headers.get('content-type'));
  if (bytes.length > 0 && !json) headers[BASE64_MARKER] = 'base64';
  const body =
    bytes.length === 0 ? undefined : json ? redacted(JSON.parse(bytes.toString('utf8')), call.redactOnReplay) : bytes.toString('base64');
  await withTenant(call.tenant.id, (tx) =>
    tx.idempotencyRecord.update({ where: { tenantId_principal_key: where }, data: { status: response.status, body, headers } }),
  );
  return response;
}

/** The first answer again: same status, body and headers; a 204 stays empty. */
function replay(status: number, body: unknown, stored: Record<string, string>): Response {
  const { [BASE64_MARKER]: encoding, ...headers } = stored;
  const content =
    body === null || body === undefined
      ? null
      : encoding === 'base64' && typeof body === 'string'
        ? new Uint8Array(Buffer.from(body, 'base64'))
        : JSON.stringify(body);
  return new Response(content, { status, headers: { ...headers, 'idempotent-replayed': 'true' } });
}

/** A secret shown once must not be kept in clear beside the answer: its field is replaced. */
function redacted(body: unknown, fields: readonly string[] = []): object {
  if (fields.length === 0 || !body || typeof body !== 'object' || Array.isArray(body)) return body as object;
  const copy: Record<string, unknown> = { ...(body as Record<string, unknown>) };
  for (const field of fields) if (typeof copy[field] === 'string') copy[field] = REDACTED_ON_REPLAY;
  return copy;
}
