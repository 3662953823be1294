'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { formatDate, formatMoney, humanize, todayIso } from '@/lib/client/format';
import { policyKey } from '@/lib/client/policy-queries';
import { LedgerProblem, problemMessage } from '@/lib/client/problem';
import { useLedger } from '@/lib/client/use-ledger';
import { DefinitionList } from '@/components/ui/definition-list';
import { Loading } from '@/components/ui/loading';
import { ProblemAlert } from '@/components/ui/problem-alert';

// The policy's money: its balance, the payment history (with reversal), and forms to record a
// payment received and a refund paid out. Every amount is shown with its currency.

const METHODS = ['bank-transfer', 'card', 'direct-debit', 'cheque', 'cash', 'other'] as const;

interface Balance {
  currency: string;
  outstanding: number;
  dueNow: number;
  overdue: number;
  credit: number;
  refundDue: number;
}

interface Payment {
  id: string;
  kind: 'payment' | 'reversal' | 'refund';
  amount: number;
  currency: string;
  receivedOn: string;
  method: string;
  reference: string | null;
  reversedById: string | null;
  allocations: { sequence: number; amount: number }[];
}

interface History {
  data: Payment[];
  meta: { balance: Balance };
}

export function usePayments(id: string) {
  const ledger = useLedger();
  return useQuery({
    queryKey: [...policyKey(id), 'payments'],
    enabled: ledger.ready,
    queryFn: ({ signal }) => ledger.call<History>(`/policies/${id}/payments`, { signal }),
  });
}

export function PaymentsPanel({ id }: { id: string }) {
  const history = usePayments(id);
  if (history.isPending) return <Loading label="Loading payments…" />;
  if (!history.data) return <ProblemAlert error={history.error} />;
  const { balance } = history.data.meta;
  const money = (amount: number) => formatMoney(amount, balance.currency);
  return (
    <section className="panel" aria-labelledby="payments-title" data-testid="payments">
      <h2 id="payments-title">Payments and balance</h2>
      <DefinitionList
        items={[
          { label: 'Still to pay', value: <span data-testid="balance-outstanding">{money(balance.outstanding)}</span> },
          { label: 'Due now', value: money(balance.dueNow) },
          { label: 'Overdue', value: <span data-testid="balance-overdue">{money(balance.overdue)}</span> },
          { label: 'Credit held', value: <span data-testid="balance-credit">{money(balance.credit)}</span> },
          { label: 'Refund due', value: <span data-testid="balance-refund-due">{money(balance.refundDue)}</span> },
        ]}
      />
      <div className="columns">
        <MoneyForm id={id} kind="payment" currency={balance.currency} suggested={balance.dueNow || balance.outstanding} />
        {balance.credit > 0 && <MoneyForm id={id} kind="refund" currency={balance.currency} suggested={balance.credit} />}
      </div>
      <PaymentHistory id={id} payments={history.data.data} />
    </section>
  );
}

function MoneyForm({ id, kind, currency, suggested }: { id: string; kind: 'payment' | 'refund'; currency: string; suggested: number }) {
  const ledger = useLedger();
  const queryClient = useQueryClient();
  const [amount, setAmount] = useState(suggested > 0 ? suggested.toFixed(2) : '');
  const [date, setDate] = useState(todayIso());
  const [method, setMethod] = useState<(typeof METHODS)[number]>('bank-transfer');
  const [reference, setReference] = useState('');
  // One key per intended payment: a second click on the same form replays, it never pays twice.
  const [key, setKey] = useState(() => crypto.randomUUID());
  const path = kind === 'payment' ? `/policies/${id}/payments` : `/policies/${id}/refunds`;
  const save = useMutation({
    mutationFn: () =>
      ledger.call(path, {
        method: 'POST',
        idempotencyKey: key,
        body: {
          amount: Number(amount),
          currency,
          [kind === 'payment' ? 'receivedOn' : 'paidOn']: date,
          method,
          ...(reference.trim() ? { reference: reference.trim() } : {}),
        },
      }),
    onSuccess: async () => {
      setKey(crypto.randomUUID());
      setReference('');
      await queryClient.invalidateQueries({ queryKey: policyKey(id) });
    },
  });
  const amountError = save.error instanceof LedgerProblem ? save.error.fieldErrors.find((e) => e.path === '/amount')?.message : undefined;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  const prefix = `${kind}-form`;
  return (
    <form className="panel inset" onSubmit={submit} data-testid={prefix} noValidate>
      <h3>{kind === 'payment' ? 'Record a payment received' : 'Record a refund paid out'}</h3>
      <div className="grid">
        <div className="field">
          <label htmlFor={`${prefix}-amount`}>Amount ({currency})</label>
          <input
            id={`${prefix}-amount`}
            inputMode="decimal"
            value={amount}
            aria-invalid={amountError ? true : undefined}
            onChange={(event) => setAmount(event.target.value)}
          />
          {amountError && <div className="field-error">{amountError}</div>}
        </div>
        <div className="field">
          <label htmlFor={`${prefix}-date`}>{kind === 'payment' ? 'Received on' : 'Paid on'}</label>
          <input id={`${prefix}-date`} type="date" value={date} max={todayIso()} onChange={(event) => setDate(event.target.value)} />
        </div>
        <div className="field">
          <label htmlFor={`${prefix}-method`}>Method</label>
          <select id={`${prefix}-method`} value={method} onChange={(event) => setMethod(event.target.value as (typeof METHODS)[number])}>
            {METHODS.map((value) => (
              <option key={value} value={value}>
                {humanize(value)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${prefix}-reference`}>Reference</label>
          <input id={`${prefix}-reference`} value={reference} maxLength={200} onChange={(event) => setReference(event.target.value)} />
        </div>
      </div>
      {save.error && !amountError && (
        <div className="alert" role="alert">
          {problemMessage(save.error)}
        </div>
      )}
      <div className="form-actions">
        <button type="submit" disabled={save.isPending}>
          {kind === 'payment' ? 'Record payment' : 'Record refund'}
        </button>
      </div>
    </form>
  );
}

function PaymentHistory({ id, payments }: { id: string; payments: Payment[] }) {
  const ledger = useLedger();
  const queryClient = useQueryClient();
  const reverse = useMutation({
    mutationFn: (paymentId: string) =>
      ledger.call(`/policies/${id}/payments/${paymentId}/reverse`, {
        method: 'POST',
        idempotencyKey: `reverse-${paymentId}`,
        body: { reason: 'Reversed on the policy page' },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: policyKey(id) }),
  });
  if (payments.length === 0) return <p className="muted">No payments yet.</p>;
  return (
    <div className="table-scroll">
      {reverse.error && (
        <div className="alert" role="alert">
          {problemMessage(reverse.error)}
        </div>
      )}
      <table data-testid="payment-history" className="stack-on-phone">
        <caption>Payment history</caption>
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col">Kind</th>
            <th scope="col">Method</th>
            <th scope="col">Reference</th>
            <th scope="col">Instalments</th>
            <th scope="col" className="num">
              Amount
            </th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {payments.map((payment) => (
            <tr key={payment.id}>
              <td data-label="Date">{formatDate(payment.receivedOn)}</td>
              <td data-label="Kind">{humanize(payment.kind)}</td>
              <td data-label="Method">{humanize(payment.method)}</td>
              <td data-label="Reference">{payment.reference ?? '—'}</td>
              <td data-label="Instalments">
                {payment.allocations.map((a) => `#${a.sequence} ${formatMoney(a.amount, payment.currency)}`).join(', ') || '—'}
              </td>
              <td data-label="Amount" className="num">
                {formatMoney(payment.kind === 'payment' ? payment.amount : -payment.amount, payment.currency)}
              </td>
              <td>
                {payment.kind === 'payment' &&
                  (payment.reversedById ? (
                    <span className="muted">Reversed</span>
                  ) : (
                    <button type="button" className="secondary" disabled={reverse.isPending} onClick={() => reverse.mutate(payment.id)}>
                      Reverse
                    </button>
                  ))}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
