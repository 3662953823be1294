import { describe, expect, it } from 'vitest';
import { config } from '@/proxy';

// Which paths proxy.ts runs on. Its matcher is a path pattern that Next.js compiles to a regular
// expression over the path alone; this one is written so that it reads the same as JavaScript's.
const runsOn = (pathname: string) => config.matcher.some((source) => new RegExp(`^${source}$`).test(pathname));
const id = '5d2c9a40-1f3b-4e8a-9b7c-6d5e4f3a2b10';

describe('the proxy matcher', () => {
  it('leaves out the hottest operations on a well-formed id, and the bench routes they are measured against', () => {
    for (const path of [
      `/api/v1/ledger/sales/policies/${id}`,
      `/api/v1/ledger/sales/policies/${id}/calculate`,
      `/api/v1/ledger/sales/policies/${id}/bind`,
      `/api/v1/ledger/sales/policies/${id}/issue`,
      '/api/v1/ledger/sales/policies/create',
      `/api/v1/ledger/sales/policies/actions/${id}`,
      `/api/v1/ledger/requests/${id}`,
      `/api/v1/ledger/policies/${id}/documents`,
      '/api/bench/empty',
      `/api/bench/empty/${id}`,
      '/api/bench/round-trip',
      `/api/bench/round-trip/${id}`,
    ]) {
      expect(runsOn(path), path).toBe(false);
    }
  });

  it('runs on every other path: pages, other operations, and the same routes with an id of another shape', () => {
    for (const path of [
      '/',
      '/signin',
      '/api/v1/ledger/products',
      `/api/v1/ledger/sales/policies/${id}/`,
      `/api/v1/ledger/sales/policies/${id}/calculation`,
      `/api/v1/ledger/sales/policies/${id}/referrals`,
      '/api/v1/ledger/sales/policies/create/extra',
      '/api/v1/ledger/sales/policies/%ff%fe',
      '/api/v1/ledger/sales/policies/00000000-0000-4000-8000-00000000000%00',
      '/api/v1/ledger/requests/x%00',
      `/api/v1/ledger/policies/${id}/payments`,
      `/api/v1/ledger/policies/${id}/documents/extra`,
      `/api/v2/ledger/requests/${id}`,
      '/api/bench/empty/1',
      '/api/bench/round-trip/1',
      '/api/bench/other',
    ]) {
      expect(runsOn(path), path).toBe(true);
    }
  });
});
