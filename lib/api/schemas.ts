import { z } from 'zod';

// Building blocks shared by endpoint descriptions.

/**
 * `true` / `false` in a query string (absent = false); `1` and `0` are accepted too. The
 * document shows it as a boolean (lib/api/openapi.ts recognises this enum).
 */
export const queryBoolean = z
  .enum(['true', 'false', '1', '0'])
  .optional()
  .transform((value) => value === 'true' || value === '1');

export const problemSchema = z
  .object({
    type: z.string(),
    title: z.string(),
    status: z.number().int(),
    detail: z.string(),
    instance: z.string(),
    correlationId: z.string(),
    errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
    currentState: z.string().optional().meta({ description: '409 invalid-state: the state the record is in' }),
    allowedActions: z
      .array(z.string())
      .optional()
      .meta({
        description:
          '409 invalid-state: the actions allowed in that state, by the keys the actions call and links use (`quote:bind`, `policy:terminate`)',
        example: ['quote:referral-decision', 'quote:decline', 'quote:copy'],
      }),
  })
  // RFC 9457 §3.2: problem types may add members, so the object stays open.
  .catchall(z.unknown())
  .meta({ id: 'Problem', description: 'RFC 9457 problem details' });

export const requestStatusSchema = z.enum(['pending', 'success', 'failed']);

export const asyncRequestSchema = z
  .object({
    requestId: z.uuid(),
    type: z.enum(['issue']).meta({ description: 'What the request does; issuing is the one kind today' }),
    status: requestStatusSchema,
    data: z
      .object({
        policyId: z.uuid(),
        policyNumber: z.string(),
        message: z.string(),
        invoiceNumber: z.string(),
      })
      .nullable()
      .meta({ description: 'Set on success: the issued policy (it keeps the quote’s id), its number and its first invoice' }),
    error: z.object({ code: z.string(), message: z.string() }).optional(),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .meta({ id: 'AsyncRequest', description: 'A tracked asynchronous request (spec 2.6)' });

/** Problem answers most ledger endpoints can give, documented once. */
export const commonProblems = {
  400: {
    description: 'Missing X-TENANT-ID, malformed JSON or a bad parameter',
    schema: problemSchema,
    contentType: 'application/problem+json',
  },
  401: { description: 'No or invalid bearer token', schema: problemSchema, contentType: 'application/problem+json' },
  403: {
    description: 'Token of another tenant, or a role that may not act',
    schema: problemSchema,
    contentType: 'application/problem+json',
  },
  404: { description: 'Unknown id, or an id of another tenant', schema: problemSchema, contentType: 'application/problem+json' },
} as const;

export const stateProblems = {
  409: {
    description: 'Not allowed in the current state; names the state and the allowed actions',
    schema: problemSchema,
    contentType: 'application/problem+json',
  },
  422: {
    description: 'Fails the product schema or the mandatory-field checks; `errors` lists every field',
    schema: problemSchema,
    contentType: 'application/problem+json',
  },
} as const;
