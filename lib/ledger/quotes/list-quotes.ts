import type { Prisma } from '@/lib/db/client';
import { withTenant } from '@/lib/db/tenant';
import type { CalculationResult } from '@/lib/rating/types';
import { parseQuoteSort, type QuoteSort } from './quote-sorts';

export const LIST_PAGE_SIZE_MAX = 100;

/** A renewal quote in one of these is no longer due: issued as the next term, or not going to be. */
const RENEWAL_DONE_STATES = ['issued', 'declined', 'referral-rejected'];

export interface ListQuotesInput {
  tenantId: string;
  search?: string;
  status?: string;
  productCode?: string;
  /** `due`: renewal quotes not yet issued, declined or rejected (the brokers' renewals to work on). */
  renewal?: 'due';
  sort?: QuoteSort;
  page: number;
  pageSize: number;
}

/** `%`, `_` and the escape character itself match literally in a LIKE pattern (PostgreSQL's default escape is `\`). */
export function escapeLikePattern(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** The list's order: the chosen column, then newest first and the id, so pages never overlap. */
export function quoteListOrder(sort: QuoteSort = '-createdAt'): Prisma.PolicyOrderByWithRelationInput[] {
  const { column, direction } = parseQuoteSort(sort);
  const order: Prisma.PolicyOrderByWithRelationInput[] = [{ [column]: direction }];
  if (column !== 'createdAt') order.push({ createdAt: 'desc' });
  order.push({ id: direction === 'asc' && column === 'createdAt' ? 'asc' : 'desc' });
  return order;
}

/** GET /sales/policies: newest first unless sorted, filtered by status and product, searchable by customer name or quote/policy number. */
export async function listQuotes(input: ListQuotesInput) {
  const where: Prisma.PolicyWhereInput = { tenantId: input.tenantId };
  if (input.status) where.status = input.status;
  if (input.productCode) where.productCode = input.productCode;
  if (input.renewal === 'due') where.AND = [{ renewalOfId: { not: null } }, { status: { notIn: RENEWAL_DONE_STATES } }];
  const typed = input.search?.trim();
  if (typed) {
    // Prisma's `contains` builds `LIKE '%…%'` without escaping: `%` alone would match every row.
    const search = escapeLikePattern(typed);
    where.OR = [
      { customerName: { contains: search, mode: 'insensitive' } },
      { quoteNumber: { contains: search, mode: 'insensitive' } },
      { policyNumber: { contains: search, mode: 'insensitive' } },
    ];
  }
  return withTenant(input.tenantId, async (tx) => {
    const [rows, total] = await Promise.all([
      tx.policy.findMany({
        where,
        orderBy: quoteListOrder(input.sort),
        skip: (input.page - 1) * input.pageSize,
        take: input.pageSize,
        select: {
          id: true,
          quoteNumber: true,
          policyNumber: true,
          productCode: true,
          status: true,
          policyStatus: true,
          customerName: true,
          calculation: true,
          referral: true,
          createdAt: true,
          dateInception: true,
          renewalOfId: true,
        },
      }),
      tx.policy.count({ where }),
    ]);
    return {
      data: rows.map(({ calculation, renewalOfId, ...row }) => ({
        ...row,
        renewalOf: renewalOfId,
        payable: (calculation as CalculationResult | null)?.data.payable ?? null,
        currency: (calculation as CalculationResult | null)?.data.currency ?? null,
        dateInception: row.dateInception.toISOString().slice(0, 10),
        createdAt: row.createdAt.toISOString(),
      })),
      meta: { page: input.page, pageSize: input.pageSize, total },
    };
  });
}
