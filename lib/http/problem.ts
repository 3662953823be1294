import { Conflict, DomainError, type FieldError } from '@/lib/errors';
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
};

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
  if (domain.kind === 'rate-limited' && 'retryAfterSeconds' in domain) headers['retry-after'] = String(domain.retryAfterSeconds);
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

/** Database races that lost (unique violations, serialization failures) are conflicts, not crashes. */
function asDomainError(error: unknown): DomainError | null {
  if (error instanceof DomainError) return error;
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'P2002' || code === 'P2034') {
    return new Conflict('A concurrent change to the same record won; read it again and retry');
  }
  return null;
}
