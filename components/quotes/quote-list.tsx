'use client';

import { useState } from 'react';
import { useQuoteList } from '@/lib/client/queries';
import { EmptyState } from '@/components/ui/empty-state';
import { Loading } from '@/components/ui/loading';
import { ProblemAlert } from '@/components/ui/problem-alert';
import { Pager } from './pager';
import { QuoteFilters } from './quote-filters';
import { QuoteTable } from './quote-table';

export function QuoteList() {
  const [filters, setFilters] = useState({ search: '', status: '' });
  const [page, setPage] = useState(1);
  const list = useQuoteList({ ...filters, page });
  return (
    <>
      <QuoteFilters
        search={filters.search}
        status={filters.status}
        onChange={(next) => {
          setFilters(next);
          setPage(1);
        }}
      />
      <ProblemAlert error={list.error} />
      {list.isPending ? (
        <Loading label="Loading quotes…" />
      ) : list.data && list.data.data.length > 0 ? (
        <>
          <QuoteTable rows={list.data.data} />
          <Pager page={page} pageSize={list.data.meta.pageSize} total={list.data.meta.total} onPage={setPage} />
        </>
      ) : (
        !list.error && <EmptyState>No quotes match. Create one with “New quote”.</EmptyState>
      )}
    </>
  );
}
