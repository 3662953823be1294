import { z } from 'zod';
import { ADMINS } from '@/lib/auth/roles';
import { BORDEREAU_KINDS, TRANSACTIONS } from '@/lib/ledger/reports/bordereau';
import { defineEndpoint } from '../endpoint';
import { commonProblems } from '../schemas';

// Reports an MGA sends on: the monthly premium bordereau.

const amounts = {
  gross: z.number().meta({ description: 'What the policyholder pays: net premium + tax + fees (negative on a return)' }),
  netPremium: z.number(),
  tax: z.number(),
  fees: z.number(),
  brokerCommission: z.number(),
  mgaCommission: z.number(),
  insurerNet: z.number(),
};

const bordereauSchema = z
  .object({
    data: z.object({
      month: z.string(),
      kind: z.enum(BORDEREAU_KINDS),
      lines: z.array(
        z.object({
          transaction: z.enum(TRANSACTIONS),
          policyNumber: z.string(),
          insured: z.string(),
          product: z.string(),
          documentNumber: z.string().meta({ description: 'The invoice or credit note number' }),
          postedOn: z.iso.date(),
          effectiveFrom: z.iso.date(),
          inception: z.iso.date(),
          expiry: z.iso.date(),
          currency: z.string(),
          ...amounts,
        }),
      ),
      totals: z.array(z.object({ currency: z.string(), lines: z.number().int(), ...amounts })),
    }),
  })
  .meta({ id: 'Bordereau' });

export const bordereauEndpoint = defineEndpoint({
  operationId: 'getBordereau',
  method: 'GET',
  path: '/api/v1/ledger/reports/bordereau',
  summary: 'Monthly premium bordereau (CSV or JSON)',
  description:
    'One line per premium transaction whose journal entry was posted in `month` (a calendar month, UTC): new business, renewal, MTA and cancellation, with policy number, insured, product, dates, gross, net premium, tax, fees, broker and MGA commission and insurer net (returns negative). Every amount is read from the transaction’s journal entry, so the totals (one per currency) equal the journal for the month to the cent. JSON by default; CSV with `format=csv` or `Accept: text/csv` (a header row, the lines, then a TOTAL row per currency), as an attachment. Admins only.',
  tag: 'Reports',
  roles: ADMINS,
  query: z.object({
    month: z
      .string()
      .regex(/^\d{4}-(0[1-9]|1[0-2])$/)
      .describe('YYYY-MM'),
    kind: z.enum(BORDEREAU_KINDS).default('premium').describe('premium (the one kind today)'),
    format: z.enum(['json', 'csv']).optional().describe('json or csv; without it the Accept header decides, JSON by default'),
  }),
  responses: {
    200: {
      description: 'The bordereau; CSV with format=csv or Accept: text/csv',
      schema: bordereauSchema,
      headers: { 'Content-Disposition': { description: 'attachment with the file name (CSV answers only)' } },
      alternatives: { 'text/csv': null },
    },
    ...commonProblems,
  },
});
