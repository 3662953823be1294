import { z } from 'zod';
import { ANY_LEDGER_ROLE } from '@/lib/auth/roles';
import { defineEndpoint } from '../endpoint';
import { commonProblems } from '../schemas';

export const listProductsEndpoint = defineEndpoint({
  operationId: 'listProducts',
  method: 'GET',
  path: '/api/v1/ledger/products',
  summary: 'The products and a valid example payload for each',
  description:
    '`terminationReasons` lists the codes `POST /policies/{id}/terminate` accepts as its `reason` for that product. `example` is a complete create payload (dates relative to today) that can be posted to `/sales/policies/create` as it is.',
  tag: 'Products',
  roles: ANY_LEDGER_ROLE,
  responses: {
    200: {
      description: 'Products',
      schema: z.object({
        data: z.array(
          z
            .object({
              code: z.string(),
              title: z.string(),
              schemaPath: z.string(),
              currency: z.string(),
              example: z.record(z.string(), z.unknown()),
              terminationReasons: z
                .array(z.object({ code: z.string(), label: z.string() }))
                .meta({ description: 'The codes a termination’s `reason` may take, labelled in the request’s language' }),
            })
            .catchall(z.unknown()),
        ),
      }),
    },
    ...commonProblems,
  },
});

export const productSchemaEndpoint = defineEndpoint({
  operationId: 'getProductSchema',
  method: 'GET',
  path: '/api/v1/ledger/schemas/policy/regular/{code}',
  summary: "A product's JSON Schema (draft 2020-12) for the create payload",
  description:
    'Properties that affect the premium carry `"x-rating": true`; those that may change after bind carry `"x-editable-after-bind": true`; those a quote may leave empty but bind needs carry `"x-required-for-bind": true`. Defaults are in `default`.',
  tag: 'Products',
  roles: ANY_LEDGER_ROLE,
  responses: { 200: { description: 'The JSON Schema', contentType: 'application/schema+json' }, ...commonProblems },
});
