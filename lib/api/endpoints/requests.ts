import { z } from 'zod';
import { ANY_LEDGER_ROLE } from '@/lib/auth/roles';
import { defineEndpoint } from '../endpoint';
import { asyncRequestSchema, commonProblems, queryBoolean } from '../schemas';

export const getRequestEndpoint = defineEndpoint({
  operationId: 'getRequest',
  method: 'GET',
  path: '/api/v1/ledger/requests/{requestId}',
  summary: 'Status of an asynchronous request',
  description:
    'Poll until `status` is `success` or `failed`. With `longPolling=true` the server holds the call until the status leaves `pending` (answering within milliseconds of the change) or about 25 s pass, then answers with the current state.',
  tag: 'Requests',
  roles: ANY_LEDGER_ROLE,
  query: z.object({ longPolling: queryBoolean }),
  responses: {
    200: {
      description: 'The request',
      schema: asyncRequestSchema,
      example: {
        requestId: '5d2c9a40-1f3b-4e8a-9b7c-6d5e4f3a2b10',
        type: 'issue',
        status: 'success',
        data: {
          policyId: '0b6f3c1e-8d1a-4f7e-9c55-2a4b5d6e7f80',
          policyNumber: 'ACME-HOME-2026-000123',
          message: 'Policy ACME-HOME-2026-000123 issued; cover from 2026-07-01 to 2027-07-01',
          invoiceNumber: 'INV-2026-000123',
        },
        createdAt: '2026-06-01T09:30:00.000Z',
        updatedAt: '2026-06-01T09:30:01.250Z',
      },
    },
    ...commonProblems,
  },
});
