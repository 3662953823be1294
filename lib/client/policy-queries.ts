'use client';

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { JsonObject, LinkMap } from './types';
import { useLedger } from './use-ledger';

// Read queries of the policy page; changes invalidate `['policy', id]`.

export const policyKey = (id: string) => ['policy', id] as const;

export interface PolicyVersionEntry {
  version: string;
  kind: string;
  effectiveFrom: string;
  createdAt: string;
  /** The version an out-of-sequence MTA applied again as this one. */
  replaysVersion?: string | null;
  /** Replayed (or withdrawn) versions stay on file but no longer count. */
  voided?: boolean;
}

export interface PolicyRead {
  data: { policy: JsonObject; customer: JsonObject; agent: JsonObject | null; objects: JsonObject[] };
  meta: {
    status: string;
    statusLabel: string;
    version: string;
    latestVersion: string;
    versionKind: string;
    versionLabel: string;
    effectiveFrom: string;
    schemaPath: string;
    product: string;
    policyNumber: string;
    quoteNumber: string;
    currency: string;
    periodPremium: number;
    annualisedPremium: number;
    issuedAt: string | null;
    terminatedAt: string | null;
    pendingTermination: { effectiveDate: string; reason: string; terminationType: string } | null;
    /** A terminated policy's reinstatement facts (null otherwise). */
    reinstatement?: { eligible: boolean; until: string | null; reason: string | null } | null;
    renewalOf: string | null;
    renewedBy: string | null;
    renewal: { eligible: boolean; reason: string | null; detail: string | null; windowOpensOn: string | null; quoteId: string | null };
    versions: PolicyVersionEntry[];
  };
  links: LinkMap & Record<string, { href: string; method: string; title?: string }>;
}

export interface PolicyDocument {
  id: string;
  /** `pending` while the background render runs (its download waits for it); `failed` if it gave up. */
  status: 'pending' | 'stored' | 'failed';
  type: string;
  title: string;
  contentType: string;
  size: number | null;
  version: number;
  createdAt: string;
  href: string;
}

export interface InstallmentsView {
  data: {
    currency: string;
    labels: Record<string, string>;
    invoices: (JsonObject & { invoiceNumber: string; kind: string; formatted: Record<string, string> })[];
    instalments: (JsonObject & {
      invoiceNumber: string | null;
      sequence: number;
      status: string;
      state?: string;
      formatted: Record<string, string>;
    })[];
    totals: JsonObject & { formatted: Record<string, string> };
  };
}

export function usePolicy(id: string, version: string | undefined) {
  const ledger = useLedger();
  return useQuery({
    queryKey: [...policyKey(id), 'read', version ?? 'latest'],
    enabled: ledger.ready,
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) =>
      ledger.call<PolicyRead>(`/policies/${id}/links`, { signal, query: { version, forceCoverageDateFormat: true } }),
  });
}

export function usePolicyDocuments(id: string) {
  const ledger = useLedger();
  return useQuery({
    queryKey: [...policyKey(id), 'documents'],
    enabled: ledger.ready,
    queryFn: ({ signal }) => ledger.call<{ data: PolicyDocument[] }>(`/policies/${id}/documents`, { signal }).then((body) => body.data),
    // Documents are listed the moment a change commits and rendered just after: look again until
    // none is pending, so each shows its size and downloads without a reload.
    refetchInterval: (query) => (query.state.data?.some((document) => document.status === 'pending') ? 1_500 : false),
  });
}

export function useInstallmentsView(id: string) {
  const ledger = useLedger();
  return useQuery({
    queryKey: [...policyKey(id), 'installments'],
    enabled: ledger.ready,
    queryFn: ({ signal }) => ledger.call<InstallmentsView>(`/customers/policies/${id}/custom-view/installments`, { signal }),
  });
}
