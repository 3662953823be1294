'use client';

import { useSession } from 'next-auth/react';
import { useCallback } from 'react';
import { ledgerFetch, type LedgerAnswer, type LedgerCredentials, type LedgerRequest } from './ledger-fetch';

export type LedgerCall = <T>(path: string, request?: LedgerRequest) => Promise<T>;
export type LedgerAnswerCall = <T>(path: string, request?: LedgerRequest) => Promise<LedgerAnswer<T>>;

export interface LedgerClient {
  ready: boolean;
  credentials: LedgerCredentials | null;
  roles: readonly string[];
  call: LedgerCall;
  /** Like `call`, with the status and headers (ETag) of the answer. */
  answer: LedgerAnswerCall;
}

/** The ledger API with the session's token and tenant; `ready` is false until the session is loaded. */
export function useLedger(): LedgerClient {
  const { data: session } = useSession();
  const accessToken = session?.accessToken ?? '';
  const tenant = session?.tenant ?? '';
  const credentials = accessToken && tenant ? { accessToken, tenant } : null;
  const answer = useCallback(
    async <T>(path: string, request?: LedgerRequest): Promise<LedgerAnswer<T>> => {
      if (!accessToken || !tenant) throw new Error('You are not signed in.');
      return ledgerFetch<T>({ accessToken, tenant }, path, request);
    },
    [accessToken, tenant],
  ) as LedgerAnswerCall;
  const call = useCallback(
    async <T>(path: string, request?: LedgerRequest): Promise<T> => (await answer<T>(path, request)).body,
    [answer],
  ) as LedgerCall;
  return { ready: credentials !== null, credentials, roles: session?.roles ?? [], call, answer };
}

/** Underwriters and admins decide referrals (API-CONTRACT §1). */
export function canDecideReferrals(roles: readonly string[]): boolean {
  return roles.includes('underwriter') || roles.includes('admin');
}
