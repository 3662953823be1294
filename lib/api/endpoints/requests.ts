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
  responses: { 200: { description: 'The request', schema: asyncRequestSchema }, ...commonProblems },
});
