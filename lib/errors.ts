// Typed domain errors. The domain throws these; lib/http maps them to problem+json once.
// Nothing here knows about HTTP beyond the names of the problems.

export interface FieldError {
  /** JSON pointer into the request body, e.g. `/policy/dateInception`. */
  path: string;
  message: string;
}

export abstract class DomainError extends Error {
  abstract readonly kind:
    | 'bad-request'
    | 'unauthenticated'
    | 'forbidden'
    | 'not-found'
    | 'invalid-state'
    | 'conflict'
    | 'validation-failed'
    | 'too-large'
    | 'unsupported-media-type'
    | 'rate-limited'
    | 'unavailable';
  /** Extra members for the problem body (never internal details). */
  readonly extensions: Record<string, unknown>;

  constructor(message: string, extensions: Record<string, unknown> = {}) {
    super(message);
    this.name = new.target.name;
    this.extensions = extensions;
  }
}

export class BadRequest extends DomainError {
  readonly kind = 'bad-request' as const;
  constructor(
    message: string,
    readonly errors: FieldError[] = [],
  ) {
    super(message);
  }
}

export class Unauthenticated extends DomainError {
  readonly kind = 'unauthenticated' as const;
}

export class Forbidden extends DomainError {
  readonly kind = 'forbidden' as const;
}

export class NotFound extends DomainError {
  readonly kind = 'not-found' as const;
  constructor(what: string, id: string) {
    super(`${what} ${id} was not found`);
  }
}

/** The action is not allowed in the record's current state (409). */
export class InvalidState extends DomainError {
  readonly kind = 'invalid-state' as const;
  constructor(
    message: string,
    readonly currentState: string,
    readonly allowedActions: readonly string[],
  ) {
    super(message, { currentState, allowedActions });
  }
}

/** A concurrent change won, a stale If-Match, or an idempotency key reused with another body. */
export class Conflict extends DomainError {
  readonly kind = 'conflict' as const;
}

/** JSON of the right shape that fails the product schema or the mandatory-field checks (422). */
export class ValidationFailed extends DomainError {
  readonly kind = 'validation-failed' as const;
  constructor(
    message: string,
    readonly errors: FieldError[],
  ) {
    super(message);
  }
}

export class PayloadTooLarge extends DomainError {
  readonly kind = 'too-large' as const;
}

export class UnsupportedMediaType extends DomainError {
  readonly kind = 'unsupported-media-type' as const;
}

export class RateLimited extends DomainError {
  readonly kind = 'rate-limited' as const;
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message);
  }
}

/** The database is out of reach (restart, failover): nothing was done; the client may retry. */
export class ServiceUnavailable extends DomainError {
  readonly kind = 'unavailable' as const;
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message);
  }
}
