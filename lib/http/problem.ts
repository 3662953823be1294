import { Conflict, ServiceUnavailable, DomainError, type FieldError } from '@/lib/errors';
import { errorFields, log } from '@/lib/log';

// Every error answer is RFC 9457 problem+json, built here and nowhere else.

export const PROBLEM_CONTENT_TYPE = 'application/problem+json';

const STATUS_BY_KIND: Record<DomainError['kind'], { status: number; title: string }> = {
  'bad-request': { status: 400, title: 'Bad Request' },
  unauthenticated: { status: 401, title: 'Unauthorized' },
  forbidden: { status: 403, title: 'Forbidden' },
  'not-found': { status: 404, title: 'Not Found' },
  'invalid-state': { status: 409, title: 'Action not allowed in the current state' },
  conflict: { status: 409, title: 'Conflict' },
  'too-large': { status: 413, title: 'Payload Too Large' },
  'unsupported-media-type': { status: 415, title: 'Unsupported Media Type' },
  'validation-failed': { status: 422, title: 'Unprocessable Content' },
  'rate-limited': { status: 429, title: 'Too Many Requests' },
  unavailable: { status: 503, title: 'Service Unavailable' },
};

// Connection-level failures from Prisma (P1001 unreachable, P1017 closed, P2024 pool timeout)
// and from the pg driver (refused or reset sockets, admin shutdown, cannot connect now). Over a
// Unix socket a stopped server is a missing socket file: ENOENT on `.s.PGSQL.<port>`.
const UNAVAILABLE_CODES = new Set([
  'P1001',
  'P1017',
  'P2024',
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08006',
]);
const UNAVAILABLE_MESSAGE =
  /Connection terminated|Connection refused|connection is closed|Can't reach database server|Server has closed the connection|terminating connection|database system is (shutting down|starting up|in recovery mode)|not queryable|Code: `(57P0[123]|08\d{3})`|connect (ENOENT|ECONNREFUSED) \S*\.s\.PGSQL\.\d+|timeout exceeded when trying to connect/i;
const CAUSE_DEPTH_MAX = 5;

function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < CAUSE_DEPTH_MAX && current; depth++) {
    const { code, message, cause, meta } = current as { code?: unknown; message?: unknown; cause?: unknown; meta?: { code?: unknown } };
    if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true;
    if (typeof meta?.code === 'string' && UNAVAILABLE_CODES.has(meta.code)) return true;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGE.test(message)) return true;
    current = cause;
  }
  return false;
}

export interface ProblemBody {
  type: string;
  title: string;
  status: number;
  detail: string;
  instance: string;
  correlationId: string;
  errors?: FieldError[];
  [extension: string]: unknown;
}

export function problemResponse(body: ProblemBody, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status: body.status,
    headers: { 'content-type': PROBLEM_CONTENT_TYPE, 'x-correlation-id': body.correlationId, ...headers },
  });
}

/** Maps anything thrown to a problem answer; unknown failures become a 500 that only names the correlation id. */
export function problemFromError(error: unknown, instance: string, correlationId: string): Response {
  const domain = asDomainError(error);
  if (!domain) {
    log.error('unhandled error', { correlationId, instance, ...errorFields(error) });
    return problemResponse({
      type: '/docs/problems#internal',
      title: 'Internal Server Error',
      status: 500,
      detail: 'An unexpected error occurred. Quote the correlation id when you report it.',
      instance,
      correlationId,
    });
  }
  const { status, title } = STATUS_BY_KIND[domain.kind];
  const headers: Record<string, string> = {};
  if (domain.kind === 'unauthenticated') headers['www-authenticate'] = 'Bearer error="invalid_token"';
  if ((domain.kind === 'rate-limited' || domain.kind === 'unavailable') && 'retryAfterSeconds' in domain) {
    headers['retry-after'] = String(domain.retryAfterSeconds);
  }
  const errors =
    'errors' in domain && Array.isArray(domain.errors) && domain.errors.length > 0 ? (domain.errors as FieldError[]) : undefined;
  return problemResponse(
    {
      type: `/docs/problems#${domain.kind}`,
      title,
      status,
      detail: domain.message,
      instance,
      correlationId,
      ...domain.extensions,
      ...(errors ? { errors } : {}),
    },
    headers,
  );
}

// The same races as PostgreSQL names them, from a transaction that does not go through Prisma
// (lib/db/tenant-write.ts): unique violation, serialization failure, deadlock.
const LOST_RACE_CODES = new Set(['23505', '40001', '40P01']);

/** Database races that lost (unique violations, serialization failures) are conflicts, not crashes. */
function asDomainError(error: unknown): DomainError | null {
  if (error instanceof DomainError) return error;
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'P2002' || code === 'P2034' || (typeof code === 'string' && LOST_RACE_CODES.has(code))) {
    return new Conflict('A concurrent change to the same record won; read it again and retry');
  }
  if (isDatabaseUnavailable(error)) {
    log.warn('database unavailable', errorFields(error));
    return new ServiceUnavailable(
      'The ledger database is briefly out of reach. Retry shortly with the same Idempotency-Key, or read the record first: a change may or may not have been saved.',
      2,
    );
  }
  return null;
}
