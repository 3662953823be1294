'use client';

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { QuoteListParams } from './list-params';
import { useLedger } from './use-ledger';
import type { Calculation, DeclineReason, InstalmentSchedule, Product, QuoteActions, QuoteList, QuoteRead } from './types';
import type { JsonSchema } from './schema-form/json-schema';

// Query keys and the read queries of the quote pages. Mutations invalidate `['quote', id]`,
// which refreshes every query of that quote.

export const quoteKey = (id: string) => ['quote', id] as const;

export function useProducts() {
  const ledger = useLedger();
  return useQuery({
    queryKey: ['products'],
    enabled: ledger.ready,
    staleTime: 5 * 60_000,
    queryFn: ({ signal }) => ledger.call<{ data: Product[] }>('/products', { signal }).then((body) => body.data),
  });
}

export function useProductSchema(code: string | undefined) {
  const ledger = useLedger();
  return useQuery({
    queryKey: ['schema', code],
    enabled: ledger.ready && !!code,
    staleTime: 5 * 60_000,
    queryFn: ({ signal }) => ledger.call<JsonSchema>(`/schemas/policy/regular/${code}`, { signal }),
  });
}

/** A page of the list; what is left out is not filtered on, and the order is the API's default. */
export function useQuoteList(params: Pick<QuoteListParams, 'page'> & Partial<QuoteListParams>) {
  const ledger = useLedger();
  return useQuery({
    queryKey: ['quotes', params],
    enabled: ledger.ready,
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) => ledger.call<QuoteList>('/sales/policies', { signal, query: { ...params, pageSize: 20 } }),
  });
}

export function useQuote(id: string) {
  const ledger = useLedger();
  return useQuery({
    queryKey: [...quoteKey(id), 'read'],
    enabled: ledger.ready,
    queryFn: async ({ signal }) => {
      const [first, second] = await ledger.call<[{ data: QuoteRead['data'] }, Omit<QuoteRead, 'data'>]>(`/sales/policies/${id}`, {
        signal,
      });
      return { data: first.data, ...second } as QuoteRead;
    },
  });
}

/**
 * The quote as an edit starts from, with its ETag for If-Match. Read once when the edit page
 * opens and never refreshed behind the form's back: a later change by someone else must surface
 * as a 409 on save, not be overwritten.
 */
export function useQuoteForEdit(id: string) {
  const ledger = useLedger();
  return useQuery({
    queryKey: [...quoteKey(id), 'edit'],
    enabled: ledger.ready,
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    queryFn: async ({ signal }) => {
      const answer = await ledger.answer<[{ data: QuoteRead['data'] }, Omit<QuoteRead, 'data'>]>(`/sales/policies/${id}`, { signal });
      const [first, second] = answer.body;
      return { read: { data: first.data, ...second } as QuoteRead, etag: answer.headers.get('etag') ?? undefined };
    },
  });
}

/** The allowed actions; refetched (long polling) until enrichment and rating are done. */
export function useQuoteActions(id: string) {
  const ledger = useLedger();
  return useQuery({
    queryKey: [...quoteKey(id), 'actions'],
    enabled: ledger.ready,
    queryFn: ({ signal }) => ledger.call<QuoteActions>(`/sales/policies/actions/${id}`, { signal, query: { longPolling: true } }),
    refetchInterval: (query) => (query.state.data && !query.state.data.meta.ready ? 100 : false),
  });
}

/**
 * The premium of the quote in `state` (its status and revision as the page read them). A premium
 * fetched while a change of plan was being priced again is the previous plan's; keyed by the state,
 * the quote's next calculated state fetches its own instead of keeping that one.
 */
export function useCalculation(id: string, state: string | undefined, enabled: boolean) {
  const ledger = useLedger();
  return useQuery({
    queryKey: [...quoteKey(id), 'calculation', state],
    enabled: ledger.ready && enabled,
    retry: false,
    queryFn: ({ signal }) => ledger.call<Calculation>(`/sales/policies/${id}/calculation`, { signal }),
  });
}

export function useInstalmentSchedule(id: string, plan: string | undefined, enabled: boolean) {
  const ledger = useLedger();
  return useQuery({
    queryKey: [...quoteKey(id), 'schedule', plan ?? 'current'],
    enabled: ledger.ready && enabled,
    retry: false,
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) => ledger.call<InstalmentSchedule>(`/sales/policies/${id}/installments-schedule`, { signal, query: { plan } }),
  });
}

export function useDeclineReasons() {
  const ledger = useLedger();
  return useQuery({
    queryKey: ['decline-reasons'],
    enabled: ledger.ready,
    staleTime: 60 * 60_000,
    queryFn: ({ signal }) => ledger.call<{ data: DeclineReason[] }>('/sales/decline-reasons', { signal }).then((body) => body.data),
  });
}
