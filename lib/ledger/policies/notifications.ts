import type { Tx } from '@/lib/db/client';
import { money } from '@/lib/money';

// Spec 4.2 `withNotifications`: what a broker should know about a quote or policy now —
// instalments falling due soon, and the latest changes and referral outcomes from the event log.

export const DUE_WITHIN_DAYS = 30;
const RECENT_EVENTS = 20;

export type Notification =
  | { kind: 'instalment-due'; dueDate: string; amount: number; currency: string; sequence: number; message: string }
  | { kind: 'referral-outcome' | 'policy-change'; type: string; at: string; actor: string; message: string };

const EVENT_MESSAGES: Record<string, string> = {
  'quote.created': 'Quote created',
  'quote.updated': 'Quote data changed',
  'quote.ready': 'Quote calculated',
  'quote.referred': 'Quote referred to an underwriter',
  'referral.approved': 'Referral approved by the underwriter',
  'referral.rejected': 'Referral rejected by the underwriter',
  'quote.declined': 'Quote declined by the customer',
  'quote.bound': 'Quote bound',
  'quote.issuing': 'Issue requested',
  'policy.issued': 'Policy issued',
  'policy.issue-failed': 'Issuing failed; the quote is bound again',
  'policy.mta': 'Mid-term adjustment applied; a new policy version',
  'policy.data-changed': 'Policy data changed; a new policy version without premium change',
  'policy.terminated': 'Policy terminated; a credit note was issued',
  'policy.reinstated': 'Policy reinstated from its termination date; the return premium was invoiced again',
  'policy.expired': 'Policy expired',
  'policy.renewal-quoted': 'Renewal quote created',
  'policy.renewed': 'Policy renewed; the renewal quote was issued as the next term',
  'payment.received': 'Payment received and set against the instalments',
  'payment.reversed': 'Payment reversed; the instalments it paid are owed again',
  'refund.paid': 'Refund paid to the policyholder',
  'instalment.overdue': 'Instalment overdue: its due date has passed and it is not paid',
};

export async function listNotifications(tx: Tx, tenantId: string, policyId: string, now = new Date()): Promise<Notification[]> {
  const horizon = new Date(now.getTime() + DUE_WITHIN_DAYS * 86_400_000);
  const [instalments, events] = await Promise.all([
    tx.instalment.findMany({
      where: { tenantId, policyId, status: 'open', dueDate: { lte: horizon } },
      orderBy: { dueDate: 'asc' },
    }),
    tx.event.findMany({ where: { tenantId, policyId }, orderBy: { id: 'desc' }, take: RECENT_EVENTS }),
  ]);
  const due: Notification[] = instalments.map((instalment) => {
    const dueDate = instalment.dueDate.toISOString().slice(0, 10);
    const amount = money(instalment.amount.toString()).toNumber();
    return {
      kind: 'instalment-due',
      dueDate,
      amount,
      currency: instalment.currency,
      sequence: instalment.sequence,
      message: `Instalment ${instalment.sequence} of ${amount.toFixed(2)} ${instalment.currency} is due on ${dueDate}`,
    };
  });
  const changes: Notification[] = events.map((event) => ({
    kind: event.type.startsWith('referral.') ? 'referral-outcome' : 'policy-change',
    type: event.type,
    at: event.createdAt.toISOString(),
    actor: event.actor,
    message: EVENT_MESSAGES[event.type] ?? event.type,
  }));
  return [...due, ...changes];
}
