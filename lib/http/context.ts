import { randomUUID } from 'node:crypto';

const INCOMING_ID = /^[A-Za-z0-9._-]{8,64}$/;

/** A correlation id for the response and the log: the caller's X-Request-Id when sane, else a new one. */
export function correlationIdFor(request: Request): string {
  const incoming = request.headers.get('x-request-id') ?? request.headers.get('x-correlation-id');
  return incoming && INCOMING_ID.test(incoming) ? incoming : randomUUID();
}

export function bearerToken(request: Request): string | null {
  const header = request.headers.get('authorization');
  if (!header) return null;
  const match = /^Bearer ([A-Za-z0-9._~+/=-]+)$/.exec(header.trim());
  return match ? match[1]! : '';
}
