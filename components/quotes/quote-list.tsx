'use client';

import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { readListParams, writeListParams, type QuoteListParams } from '@/lib/client/list-params';
import { useProducts, useQuoteList } from '@/lib/client/queries';
import { EmptyState } from '@/components/ui/empty-state';
import { Loading } from '@/components/ui/loading';
import { ProblemAlert } from '@/components/ui/problem-alert';
import { Pager } from './pager';
import { QuoteFilters } from './quote-filters';
import { QuoteTable } from './quote-table';

/** The list's page, filters, search and sort are read from and written to the address. */
export function QuoteList() {
  const router = useRouter();
  const pathname = usePathname();
  const params = readListParams(useSearchParams());
  const products = useProducts();
  const list = useQuoteList(params);
  // Each change is a history entry, so Back walks back through what the person looked at.
  const go = (next: QuoteListParams) => router.push(`${pathname}${writeListParams(next)}`, { scroll: false });
  return (
    <>
      <QuoteFilters
        search={params.search}
        status={params.status}
        productCode={params.productCode}
        renewal={params.renewal}
        payment={params.payment}
        inceptionFrom={params.inceptionFrom}
        inceptionTo={params.inceptionTo}
        createdFrom={params.createdFrom}
        createdTo={params.createdTo}
        products={products.data ?? []}
        onChange={(filters) => go({ ...params, ...filters, page: 1 })}
      />
      <ProblemAlert error={list.error} />
      {list.isPending ? (
        <Loading label="Loading quotes…" />
      ) : list.data && list.data.data.length > 0 ? (
        <div className="paged-list">
          {/* Above the rows: another filter or page swaps the rows without moving the pager (layout shift). */}
          <Pager
            page={params.page}
            pageSize={list.data.meta.pageSize}
            total={list.data.meta.total}
            onPage={(page) => go({ ...params, page })}
          />
          <QuoteTable rows={list.data.data} sort={params.sort} onSort={(sort) => go({ ...params, sort, page: 1 })} />
        </div>
      ) : (
        !list.error && (
          <EmptyState>
            {params.payment === 'overdue'
              ? 'No policy has an overdue payment.'
              : params.renewal === 'due'
                ? 'No renewals are due. The daily renewal run adds a renewal quote as each policy’s renewal window opens.'
                : 'No quotes match. Create one with “New quote”.'}
          </EmptyState>
        )
      )}
    </>
  );
}
