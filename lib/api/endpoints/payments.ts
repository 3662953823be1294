import { z } from 'zod';
import { ANY_LEDGER_ROLE } from '@/lib/auth/roles';
import { money } from '@/lib/money';
import { PAYMENT_METHODS } from '@/lib/ledger/payments/record-payment';
import { defineEndpoint } from '../endpoint';
import { commonProblems, stateProblems } from '../schemas';

// Money in and out of a policy: payments, their reversal, refunds, and the payment history with
// the policy's balance.

const TAG = 'Payments';
const BASE = '/api/v1/ledger/policies';
const isoDate = z.iso.date();

/** A positive amount in whole cents, at most a billion. */
const positiveAmount = z
  .number()
  .positive()
  .max(1_000_000_000)
  .refine((value) => money(value).decimalPlaces() <= 2, { message: 'at most two decimals' })
  .meta({ description: 'A positive amount in `currency`, at most two decimals' });

const currency = z
  .string()
  .regex(/^[A-Z]{3}$/)
  .meta({ description: 'ISO 4217 code; must be the policy’s currency (home and pet GBP, travel EUR)' });

const reference = z.string().trim().min(1).max(200);

export const balanceSchema = z
  .object({
    currency: z.string(),
    outstanding: z.number().meta({ description: 'Still owed on every live instalment (the receivable)' }),
    dueNow: z.number().meta({ description: 'Owed on instalments due today or earlier' }),
    overdue: z.number().meta({ description: 'Owed on instalments whose due date has passed' }),
    credit: z.number().meta({ description: 'Held for the policyholder: an overpayment or a return not needed by any instalment' }),
    refundDue: z.number().meta({ description: 'Credit owed back because the policy has ended (terminated or expired)' }),
  })
  .meta({ id: 'PolicyBalance', description: 'Where the policy’s money stands today' });

export const paymentSchema = z
  .object({
    id: z.uuid(),
    kind: z.enum(['payment', 'reversal', 'refund']),
    amount: z.number(),
    currency: z.string(),
    receivedOn: isoDate.meta({ description: 'Received (payment), paid out (refund) or reversed (reversal) on' }),
    method: z.string(),
    reference: z.string().nullable(),
    reversesId: z.uuid().nullable(),
    reversedById: z.uuid().nullable(),
    allocations: z.array(
      z.object({ instalmentId: z.uuid(), sequence: z.number().int(), dueDate: isoDate, amount: z.number() }).meta({
        description: 'Set against one instalment (negative on a reversal: taken back off it)',
      }),
    ),
    createdAt: z.iso.datetime(),
    createdBy: z.string(),
  })
  .meta({ id: 'Payment', description: 'Money received, a refund paid out, or the reversal of a payment' });

const paymentAnswer = z.object({ data: paymentSchema, meta: z.object({ balance: balanceSchema }) });

export const recordPaymentEndpoint = defineEndpoint({
  operationId: 'recordPayment',
  method: 'POST',
  path: `${BASE}/{id}/payments`,
  summary: 'Record money received for the policy',
  description:
    'Records a payment (debit cash) and sets it against the oldest instalments still owed, a part where it does not cover one; what is left is the policyholder’s credit, which the next instalment uses. `currency` must be the policy’s; `receivedOn` may not be in the future. Two payments at the same time are set against the instalments one after the other (the policy’s row lock): no instalment is ever paid twice. The same `Idempotency-Key` with the same body records one payment. Answers the payment with its allocations and the policy’s balance after it.',
  tag: TAG,
  roles: ANY_LEDGER_ROLE,
  body: z
    .object({
      amount: positiveAmount,
      currency,
      receivedOn: isoDate,
      method: z.enum(PAYMENT_METHODS),
      reference: reference.optional(),
    })
    .strict(),
  bodyExample: { amount: 120.5, currency: 'GBP', receivedOn: '2026-11-20', method: 'bank-transfer', reference: 'BACS 4471' },
  idempotent: true,
  responses: {
    201: { description: 'The payment as recorded', schema: paymentAnswer },
    ...commonProblems,
    422: stateProblems[422],
  },
});

export const listPaymentsEndpoint = defineEndpoint({
  operationId: 'listPayments',
  method: 'GET',
  path: `${BASE}/{id}/payments`,
  summary: 'Payment history and balance of the policy',
  description:
    'Every payment, reversal and refund of the policy, newest first (at most 500), each with what it was set against, and the policy’s balance today (outstanding, due now, overdue, credit, refund due).',
  tag: TAG,
  roles: ANY_LEDGER_ROLE,
  responses: {
    200: { description: 'The history', schema: z.object({ data: z.array(paymentSchema), meta: z.object({ balance: balanceSchema }) }) },
    ...commonProblems,
  },
});

export const reversePaymentEndpoint = defineEndpoint({
  operationId: 'reversePayment',
  method: 'POST',
  path: `${BASE}/{id}/payments/{paymentId}/reverse`,
  summary: 'Reverse a payment (a returned direct debit, a charge-back)',
  description:
    'Posts a new entry that takes the cash back out; what the payment paid is taken off its instalments, latest first, and they are owed again. The payment itself is never changed; it gains `reversedById`. 409 when it was reversed already, or when part of its money has since been refunded.',
  tag: TAG,
  roles: ANY_LEDGER_ROLE,
  body: z.object({ reason: z.string().trim().min(1).max(500) }).strict(),
  bodyExample: { reason: 'Direct debit returned unpaid' },
  idempotent: true,
  responses: {
    201: { description: 'The reversal', schema: paymentAnswer },
    ...commonProblems,
    409: stateProblems[409],
  },
});

export const recordRefundEndpoint = defineEndpoint({
  operationId: 'recordRefund',
  method: 'POST',
  path: `${BASE}/{id}/refunds`,
  summary: 'Record a refund paid out to the policyholder',
  description:
    'Pays money back out of the policyholder’s credit (a return premium no instalment needed, or an overpayment): debit credit, credit cash. A refund above the credit is 422 and stores nothing; paying out the whole refund due closes it.',
  tag: TAG,
  roles: ANY_LEDGER_ROLE,
  body: z
    .object({
      amount: positiveAmount,
      currency,
      paidOn: isoDate,
      method: z.enum(PAYMENT_METHODS),
      reference: reference.optional(),
    })
    .strict(),
  bodyExample: { amount: 52.58, currency: 'GBP', paidOn: '2026-11-20', method: 'bank-transfer', reference: 'Refund 0192' },
  idempotent: true,
  responses: {
    201: { description: 'The refund', schema: paymentAnswer },
    ...commonProblems,
    422: stateProblems[422],
  },
});

export const PAYMENT_ENDPOINTS = [recordPaymentEndpoint, listPaymentsEndpoint, reversePaymentEndpoint, recordRefundEndpoint] as const;
